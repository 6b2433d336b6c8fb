/**
 * Money the gateway speaks of, beside the order's: in ringgit when it is the order's currency, else in
 * the gateway's own currency code ("USD 999.99"). Integer sen in, exact text out, in the desk's
 * language (formats.ts; the words from the catalogues, `ui.money.*`).
 */
import type { OrderView } from '../../src-preload/contract'
import { formatsFor } from '../i18n/formats'
import { currentLanguage, t } from '../i18n/i18n'

/**
 * Ringgit in the desk's language: "RM 1,234.50" (Intl; a no-break space after RM). For code outside
 * components; a component takes `money` from useFormats() and re-renders on a language switch.
 */
export const formatRm = (sen: number): string => formatsFor(currentLanguage()).money(sen)

/** How the gateway may write an order's currency (its capture answer has been seen to say MY for MYR). */
const CURRENCY_WORDS: Readonly<Record<string, readonly string[]>> = { MYR: ['MYR', 'MY'] }

/** The currency as the gateway wrote it, tidied; null when it gave none. */
function currencyCode(currency: string | null): string | null {
  const code = currency?.trim().toUpperCase() ?? ''
  return code === '' ? null : code
}

/** Whether the gateway's currency is the order's (no currency said counts as the order's). */
export function isOrderCurrency(currency: string | null, orderCurrency = 'MYR'): boolean {
  const code = currencyCode(currency)
  return code === null || (CURRENCY_WORDS[orderCurrency] ?? [orderCurrency]).includes(code)
}

/** `USD 1,234.50` from integer sen, exactly; `RM 1,234.50` for the order's own currency. */
export function formatMoney(sen: number, currency: string | null, orderCurrency = 'MYR'): string {
  const rm = formatRm(sen)
  if (isOrderCurrency(currency, orderCurrency)) return rm
  // The same digits and sign, the gateway's code in place of RM.
  return rm.replace('RM', currencyCode(currency) ?? '')
}

/** What the gateway said was paid: "USD 999.99", "RM 9.00", or "an amount in USD" when it gave none. */
export function gatewayMoneyText(amountSen: number | null, currency: string | null, orderCurrency = 'MYR'): string {
  if (amountSen !== null) return formatMoney(amountSen, currency, orderCurrency)
  const code = currencyCode(currency)
  return code !== null && !isOrderCurrency(code, orderCurrency) ? t('ui.money.amountIn', { currency: code }) : t('ui.money.noAmount')
}

export interface PaidNote {
  /** "RM 4.00 paid": the shortest, under the amount in the list. */
  paid: string
  /** "RM 4.00 paid (of RM 4.50)": compact, for the list. */
  short: string
  /** "RM 4.00 paid, RM 0.50 less (a discount or promotion)": for the order's details. */
  long: string
  lower: boolean
}

/**
 * What was paid when the gateway's amount is not the order's (same currency): less is a discount or a
 * promotion at the gateway; more only after staff decided a review "paid". Null when it is the same.
 */
export function paidNote(order: Pick<OrderView, 'amountSen' | 'gatewayAmountSen'>): PaidNote | null {
  const paid = order.gatewayAmountSen
  if (paid === null || paid === order.amountSen) return null
  const lower = paid < order.amountSen
  const words = { paid: formatRm(paid), amount: formatRm(order.amountSen), difference: formatRm(Math.abs(order.amountSen - paid)) }
  return {
    paid: t('ui.money.paid', words),
    short: t('ui.money.paidOf', words),
    long: lower ? t('ui.money.paidLess', words) : t('ui.money.paidMore', words),
    lower,
  }
}
