/** The non-card channels of the generic scheme (gateway-facts.md 3). */
export const GENERIC_CHANNELS = [
  'INTERNET_BANKING_FPX',
  'EWALLET_TNG',
  'EWALLET_GRABPAY',
  'EWALLET_SHOPEEPAY',
  'BNPL_GRABPAY',
  'BNPL_SHOPEEPAY',
  'BNPL_ATOME',
] as const
export type GenericChannel = (typeof GENERIC_CHANNELS)[number]
