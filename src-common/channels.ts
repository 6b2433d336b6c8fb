/**
 * The non-card channels of the generic scheme (gateway-facts.md 3), with the names staff and customers
 * know them by. Shared by main (client, simulator) and the renderer (the payment link form).
 */
export const GENERIC_CHANNELS = ['INTERNET_BANKING_FPX', 'EWALLET_TNG', 'EWALLET_GRABPAY', 'EWALLET_SHOPEEPAY', 'BNPL_GRABPAY', 'BNPL_SHOPEEPAY', 'BNPL_ATOME'] as const
export type GenericChannel = (typeof GENERIC_CHANNELS)[number]

export const CHANNEL_NAMES: Record<GenericChannel, string> = {
  INTERNET_BANKING_FPX: 'FPX online banking',
  EWALLET_TNG: "Touch 'n Go eWallet",
  EWALLET_GRABPAY: 'GrabPay',
  EWALLET_SHOPEEPAY: 'ShopeePay',
  BNPL_GRABPAY: 'GrabPay PayLater',
  BNPL_SHOPEEPAY: 'SPayLater',
  BNPL_ATOME: 'Atome',
}

export function isGenericChannel(value: string): value is GenericChannel {
  return (GENERIC_CHANNELS as readonly string[]).includes(value)
}

/** FPX needs a bank from the bank list; buy-now-pay-later needs line items that add up to the amount. */
export const needsBank = (channel: GenericChannel): boolean => channel === 'INTERNET_BANKING_FPX'
export const needsLineItems = (channel: GenericChannel): boolean => channel.startsWith('BNPL_')

/**
 * The amounts FPX takes, in sen, narrower than any link's: PayNet's
 * rule for a retail (B2C) payment, RM 1.00 to RM 30,000.00. The interface and the gateway's
 * facts say nothing of it; a link outside it would only be refused at the bank's page
 * (docs/payment-links.md, "FPX amounts").
 */
export const FPX_AMOUNT_RANGE = { minSen: 1_00, maxSen: 30_000_00 } as const
