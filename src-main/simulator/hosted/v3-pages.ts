/**
 * The customer page of a generic-channel payment (the `auth_redirection` of /v3/payments): the
 * customer approves or declines, or lets `expired_at` pass.
 */
import { CHANNEL_NAMES, isGenericChannel } from '../../../src-common/channels'
import type { SimContext } from '../context'
import { html, parseForm, redirect, type SimRequest, type SimResponse } from '../http'
import { formatMyr } from '../money'
import { FPX_BANKS } from '../operations/banks'
import type { GenericPayment } from '../state'
import { decideGenericPayment, expireGenericPayment } from '../v3-outcomes'
import { messagePage } from './card-pages'
import { h, page, summary } from './html'

/** The customer page's words in the language the payment asked for (`checkout_experience.language`). */
const WORDS = {
  EN: {
    merchant: 'Merchant',
    invoice: 'Invoice',
    amount: 'Amount',
    payWith: 'Pay with',
    bank: 'Bank',
    confirm: 'Confirm payment',
    closes: 'In the training gateway you decide the outcome. This page closes at',
    approve: 'Approve payment',
    decline: 'Decline payment',
    back: 'Return to merchant',
    SUCCESS: 'Payment successful',
    FAILED: 'Payment declined',
    EXPIRED: 'Payment expired',
  },
  MS: {
    merchant: 'Peniaga',
    invoice: 'Invois',
    amount: 'Jumlah',
    payWith: 'Bayar dengan',
    bank: 'Bank',
    confirm: 'Sahkan pembayaran',
    closes: 'Dalam gerbang latihan, anda yang menentukan keputusannya. Halaman ini ditutup pada',
    approve: 'Luluskan pembayaran',
    decline: 'Tolak pembayaran',
    back: 'Kembali kepada peniaga',
    SUCCESS: 'Pembayaran berjaya',
    FAILED: 'Pembayaran ditolak',
    EXPIRED: 'Pembayaran tamat tempoh',
  },
} as const

const wordsOf = (payment: GenericPayment) => WORDS[payment.pageLanguage ?? 'EN']

/** When the page closes, in Malaysia time and the page's language ("1 Dis 2026, 09:33"; found by QA: a raw UTC time). */
function closingTime(payment: GenericPayment): string {
  return new Intl.DateTimeFormat(payment.pageLanguage === 'MS' ? 'ms-MY' : 'en-MY', {
    timeZone: 'Asia/Kuala_Lumpur',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(payment.expiredAt))
}

/** The channel's name on the page: FPX in the page's language, brands as they are. */
function channelOnPage(payment: GenericPayment): string {
  if (payment.channel === 'INTERNET_BANKING_FPX' && payment.pageLanguage === 'MS') return 'Perbankan dalam talian FPX'
  return isGenericChannel(payment.channel) ? CHANNEL_NAMES[payment.channel] : payment.channel
}
const langOf = (payment: GenericPayment): 'en' | 'ms' => (payment.pageLanguage === 'MS' ? 'ms' : 'en')

function paymentSummary(payment: GenericPayment, merchantName: string) {
  const bank = FPX_BANKS.find((candidate) => candidate.bank_code === payment.bankCode)
  const merchant = merchantName.trim()
  const words = wordsOf(payment)
  return summary([
    ...(merchant ? [[words.merchant, merchant] as const] : []),
    [words.invoice, payment.invoiceNumber],
    [words.amount, formatMyr(payment.amountSen)],
    [words.payWith, channelOnPage(payment)],
    ...(bank ? [[words.bank, bank.bank_name] as const] : []),
  ])
}

function find(ctx: SimContext, req: SimRequest, id: string): GenericPayment | SimResponse {
  if (!ctx.pageLinks.verify('v3', id, req.query)) return messagePage(403, 'Link not valid', 'This payment link is not valid. Ask the merchant for a new one.')
  return ctx.state.genericPayments.get(id) ?? messagePage(404, 'Payment not found', 'This payment does not exist.')
}

const isResponse = (value: GenericPayment | SimResponse): value is SimResponse => 'status' in value && 'body' in value && !('state' in value)

export function showGenericPage(ctx: SimContext, req: SimRequest, id: string): SimResponse {
  const payment = find(ctx, req, id)
  if (isResponse(payment)) return payment
  expireGenericPayment(ctx, payment, ctx.clock.now())
  const words = wordsOf(payment)
  if (payment.status !== 'PENDING') {
    const title = words[payment.status]
    const back = payment.callbackUrl ? h`<a class="button" href="${payment.callbackUrl}">${words.back}</a>` : h``
    return html(200, page(title, h`<h1 class="${payment.status === 'SUCCESS' ? 'ok' : 'bad'}">${title}</h1>${paymentSummary(payment, ctx.merchantName())}${back}`, langOf(payment)))
  }
  const action = `${req.path}?${req.query.toString()}`
  return html(
    200,
    page(
      words.confirm,
      h`<h1>${words.confirm}</h1>
${paymentSummary(payment, ctx.merchantName())}
<p class="hint">${words.closes} ${closingTime(payment)}.</p>
<form method="post" action="${action}">
<button type="submit" name="action" value="approve">${words.approve}</button>
<button type="submit" name="action" value="decline" class="secondary">${words.decline}</button>
</form>`,
      langOf(payment),
    ),
  )
}

export function submitGenericPage(ctx: SimContext, req: SimRequest, id: string): SimResponse {
  const payment = find(ctx, req, id)
  if (isResponse(payment)) return payment
  const action = parseForm(req.body).get('action')
  decideGenericPayment(ctx, payment, action === 'approve')
  if (payment.callbackUrl && payment.status !== 'EXPIRED') return redirect(payment.callbackUrl)
  return redirect(`${req.path}?${req.query.toString()}`)
}
