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

function paymentSummary(payment: GenericPayment, merchantName: string) {
  const bank = FPX_BANKS.find((candidate) => candidate.bank_code === payment.bankCode)
  const merchant = merchantName.trim()
  return summary([
    ...(merchant ? [['Merchant', merchant] as const] : []),
    ['Invoice', payment.invoiceNumber],
    ['Amount', formatMyr(payment.amountSen)],
    ['Pay with', isGenericChannel(payment.channel) ? CHANNEL_NAMES[payment.channel] : payment.channel],
    ...(bank ? [['Bank', bank.bank_name] as const] : []),
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
  const titles = { SUCCESS: 'Payment successful', FAILED: 'Payment declined', EXPIRED: 'Payment expired' } as const
  if (payment.status !== 'PENDING') {
    const title = titles[payment.status]
    const back = payment.callbackUrl ? h`<a class="button" href="${payment.callbackUrl}">Return to merchant</a>` : h``
    return html(200, page(title, h`<h1 class="${payment.status === 'SUCCESS' ? 'ok' : 'bad'}">${title}</h1>${paymentSummary(payment, ctx.merchantName())}${back}`))
  }
  const action = `${req.path}?${req.query.toString()}`
  return html(
    200,
    page(
      'Confirm payment',
      h`<h1>Confirm payment</h1>
${paymentSummary(payment, ctx.merchantName())}
<p class="hint">In the training gateway you decide the outcome. This page closes at ${new Date(payment.expiredAt).toISOString().replace('.000Z', 'Z')}.</p>
<form method="post" action="${action}">
<button type="submit" name="action" value="approve">Approve payment</button>
<button type="submit" name="action" value="decline" class="secondary">Decline payment</button>
</form>`,
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
