/**
 * The hosted card payment page, its 3-D Secure challenge and its result, under /checkout/card/.
 * Each link carries a signed query (page-links.ts); a link that does not verify is refused.
 */
import { TEST_CARDS, TEST_CVV, TEST_OTP } from '../cards'
import type { SimContext } from '../context'
import { html, parseForm, redirect, type SimRequest, type SimResponse } from '../http'
import { formatMyr } from '../money'
import type { CardOrder } from '../state'
import { answerChallenge, isOpen, submitCard, type EntryField } from './card-payment'
import { h, page, summary, type SafeHtml } from './html'

/**
 * The order at the top of each page: the merchant as the gateway knows it (the training gateway's
 * merchant name), else the descriptor the order was sent with; the descriptor beside a known name as
 * what the customer's statement will print. Neither known: no merchant row at all.
 */
function merchantRows(order: CardOrder, merchantName: string): (readonly [string, string])[] {
  const name = merchantName.trim()
  const descriptor = order.descriptor?.trim() ?? ''
  const merchant = name || descriptor
  return [...(merchant ? [['Merchant', merchant] as const] : []), ...(name && descriptor ? [['On your card statement', descriptor] as const] : [])]
}

function orderSummary(order: CardOrder, merchantName: string): SafeHtml {
  return summary([...merchantRows(order, merchantName), ['Invoice', order.invoiceNumber], ['Amount', formatMyr(order.amountSen)]])
}

export function messagePage(status: number, title: string, message: string): SimResponse {
  return html(status, page(title, h`<h1>${title}</h1><p>${message}</p>`))
}

interface FormState {
  error?: { field: EntryField; message: string }
  values?: { cardNumber: string; expiry: string; saveCard: boolean }
}

function field(id: EntryField, label: string, state: FormState, extra: { value: string; autocomplete: string; placeholder: string; type?: string }): SafeHtml {
  const invalid = state.error?.field === id
  return h`<label for="${id}">${label}</label>
<input type="${extra.type ?? 'text'}" id="${id}" name="${id}" value="${extra.value}" autocomplete="${extra.autocomplete}" placeholder="${extra.placeholder}" inputmode="numeric" required aria-invalid="${invalid ? 'true' : 'false'}"${invalid ? h` aria-describedby="form-error"` : h``}>`
}

function cardForm(req: SimRequest, order: CardOrder, merchantName: string, state: FormState): SimResponse {
  const values = state.values ?? { cardNumber: '', expiry: '', saveCard: false }
  const action = `${req.path}?${req.query.toString()}`
  const cards = TEST_CARDS.map((card) => h`<tr><td>${card.number}</td><td>${card.approved ? 'Approved' : `Declined (${card.responseCode})`}</td><td>${card.threeDs}</td></tr>`)
  const status = state.error ? 422 : 200
  return html(
    status,
    page(
      'Pay by card',
      h`<h1>Pay by card</h1>
${orderSummary(order, merchantName)}
${state.error ? h`<p class="alert" role="alert" id="form-error">${state.error.message}</p>` : h``}
<form method="post" action="${action}" novalidate>
${field('card_number', 'Card number', state, { value: values.cardNumber, autocomplete: 'cc-number', placeholder: '1234 5678 9012 3456' })}
<div class="row">
<div>${field('expiry', 'Expiry (MM/YY)', state, { value: values.expiry, autocomplete: 'cc-exp', placeholder: 'MM/YY' })}</div>
<div>${field('cvv', 'CVV', state, { value: '', autocomplete: 'cc-csc', placeholder: '123', type: 'password' })}</div>
</div>
<label class="check"><input type="checkbox" name="save_card" value="1"${values.saveCard ? h` checked` : h``}> Save this card for future payments</label>
<button type="submit">Pay ${formatMyr(order.amountSen)}</button>
</form>
<details><summary>Sandbox test cards (any future expiry, CVV ${TEST_CVV})</summary>
<table><thead><tr><th>Number</th><th>Outcome</th><th>3-D Secure</th></tr></thead><tbody>${cards}</tbody></table>
</details>`,
    ),
  )
}

function challengePage(req: SimRequest, order: CardOrder, merchantName: string): SimResponse {
  const action = `${req.path}?${req.query.toString()}`
  return html(
    200,
    page(
      '3-D Secure verification',
      h`<h1>3-D Secure verification</h1>
${orderSummary(order, merchantName)}
<p>Your card issuer ${order.challenge?.card.issuer ?? ''} sent a one-time password for the card ending ${order.challenge?.card.masked.slice(-4) ?? ''}.</p>
<p class="hint">In the training gateway the one-time password is <strong>${TEST_OTP}</strong>.</p>
<form method="post" action="${action}">
<label for="otp">One-time password</label>
<input type="text" id="otp" name="otp" autocomplete="one-time-code" inputmode="numeric" required>
<button type="submit" name="action" value="verify">Verify</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel payment</button>
</form>`,
    ),
  )
}

function resultPage(order: CardOrder, merchantName: string): SimResponse {
  const back = order.status === 'SUCCESS' ? order.callbackUrl : order.failedUrl
  const returnLink = back ? h`<a class="button" href="${back}">Return to merchant</a>` : h``
  if (order.status === 'SUCCESS' || order.status === 'REFUNDED' || order.status === 'VOIDED') {
    return html(
      200,
      page(
        'Payment successful',
        h`<h1 class="ok">Payment successful</h1>
${summary([
  ...merchantRows(order, merchantName),
  ['Invoice', order.invoiceNumber],
  ['Amount', formatMyr(order.amountSen)],
  ['Card', order.card?.masked ?? ''],
  ['Approval code', order.approvalCode ?? ''],
])}
${order.tokenFingerprint ? h`<p>Your card was saved for future payments.</p>` : h``}
${returnLink}`,
      ),
    )
  }
  if (order.status === 'EXPIRED') {
    return html(
      200,
      page(
        'Payment page expired',
        h`<h1 class="bad">Payment page expired</h1>${orderSummary(order, merchantName)}<p>This payment page is no longer open. Ask the merchant for a new link.</p>${returnLink}`,
      ),
    )
  }
  return html(
    200,
    page(
      'Payment declined',
      h`<h1 class="bad">Payment declined</h1>
${orderSummary(order, merchantName)}
<p>Reason: ${order.responseMessage ?? 'Declined'} (code ${order.responseCode ?? ''}).</p>
<p>No money was taken. Ask the merchant for a new payment link to try again.</p>
${returnLink}`,
    ),
  )
}

/** After a payment completes: straight to the merchant when it asked for that, else the result page. */
function afterCompletion(req: SimRequest, order: CardOrder): SimResponse {
  const target = order.status === 'SUCCESS' ? order.callbackUrl : order.failedUrl
  if (order.autoRedirect && target) return redirect(target)
  return redirect(`${req.path.replace(/\/challenge$/, '')}?${req.query.toString()}`)
}

function findOrder(ctx: SimContext, req: SimRequest, pageId: string): CardOrder | SimResponse {
  if (!ctx.pageLinks.verify('card', pageId, req.query)) return messagePage(403, 'Link not valid', 'This payment link is not valid. Ask the merchant for a new one.')
  return ctx.state.orderByPage(pageId) ?? messagePage(404, 'Payment not found', 'This payment page does not exist.')
}

const isResponse = (value: CardOrder | SimResponse): value is SimResponse => 'status' in value && 'body' in value

export function showCardPage(ctx: SimContext, req: SimRequest, pageId: string): SimResponse {
  const order = findOrder(ctx, req, pageId)
  if (isResponse(order)) return order
  if (!isOpen(order, ctx.clock.now())) return resultPage(order, ctx.merchantName())
  if (order.challenge) return redirect(`${req.path}/challenge?${req.query.toString()}`)
  return cardForm(req, order, ctx.merchantName(), {})
}

export function submitCardPage(ctx: SimContext, req: SimRequest, pageId: string): SimResponse {
  const order = findOrder(ctx, req, pageId)
  if (isResponse(order)) return order
  const form = parseForm(req.body)
  const entry = {
    cardNumber: form.get('card_number') ?? '',
    expiry: form.get('expiry') ?? '',
    cvv: form.get('cvv') ?? '',
    saveCard: form.get('save_card') !== null,
  }
  const result = submitCard(ctx, order, entry, ctx.clock.now())
  switch (result.kind) {
    case 'invalid':
      return cardForm(req, order, ctx.merchantName(), { error: { field: result.field, message: result.message }, values: entry })
    case 'challenge':
      return redirect(`${req.path}/challenge?${req.query.toString()}`)
    case 'closed':
    case 'done':
      return afterCompletion(req, order)
  }
}

export function showChallengePage(ctx: SimContext, req: SimRequest, pageId: string): SimResponse {
  const order = findOrder(ctx, req, pageId)
  if (isResponse(order)) return order
  if (!isOpen(order, ctx.clock.now()) || !order.challenge) return afterCompletion(req, order)
  return challengePage(req, order, ctx.merchantName())
}

export function submitChallengePage(ctx: SimContext, req: SimRequest, pageId: string): SimResponse {
  const order = findOrder(ctx, req, pageId)
  if (isResponse(order)) return order
  const form = parseForm(req.body)
  const passed = form.get('action') !== 'cancel' && (form.get('otp') ?? '').trim() === TEST_OTP
  answerChallenge(ctx, order, passed, ctx.clock.now())
  return afterCompletion(req, order)
}
