import { describe, expect, it } from 'vitest'
import type { ChargeResult, OrderDetail, OrderView, Receipt, SavedCardView } from '../../../src-preload/contract'
import { checkCard, checkCustomer, newCustomerFrom } from '../../../src-renderer/features/customers/customer-rules'
import {
  chargeable,
  chargeErrorField,
  chargeServerErrorApplies,
  chargeServerErrorOf,
  checkCharge,
  emptyChargeDraft,
  nextChargeField,
  noUsableCard,
  precheckKey,
  problemField,
  PROCEEDS,
  toChargeRequest,
  waitingText,
  type ChargeDraft,
} from '../../../src-renderer/features/phone-order/charge-form'
import { outcomeOf, refusedOutcome, responseText, resultView } from '../../../src-renderer/features/phone-order/charge-outcome'
import { cardIsDone, declineAdvice } from '../../../src-renderer/features/phone-order/decline-advice'
import { overrideReasonProblem } from '../../../src-renderer/features/phone-order/override'
import { plainReceipt, receiptMark, receiptRows } from '../../../src-renderer/features/phone-order/receipt'
import { brandKey, brandLabel, brandShort, maskedCardText } from '../../../src-renderer/format/card'
import { formatDate } from '../../../src-renderer/format/time'
import { formatsFor } from '../../../src-renderer/i18n/formats'
import { switchLanguage } from '../../../src-renderer/i18n/i18n'
import { orderView } from './order-view'

const defaults = { invoiceNumber: 'INV-000042', chargeLimitSen: 500_000, duplicateWindowMinutes: 10, descriptor: 'KEDAI SITI', responseTimeoutSeconds: 30 }

function card(change: Partial<SavedCardView> = {}): SavedCardView {
  return {
    id: 7,
    customerId: 3,
    masked: '512091******0038',
    brand: 'MASTERCARD',
    issuer: 'Maybank',
    source: 'hosted_page',
    active: true,
    addedAt: '2026-11-12T03:00:00.000Z',
    lastUsedAt: null,
    lockedBy: null,
    ...change,
  }
}

function draft(change: Partial<ChargeDraft> = {}): ChargeDraft {
  return { ...emptyChargeDraft(defaults), cardId: 7, amount: '128.50', ...change }
}

const context = { chargeLimitSen: defaults.chargeLimitSen, cards: [card()] }

describe('the phone order form', () => {
  it('starts from the prepared invoice number and descriptor, with no card and no amount', () => {
    expect(emptyChargeDraft(defaults)).toEqual({ cardId: null, invoiceNumber: 'INV-000042', amount: '', descriptor: 'KEDAI SITI', note: '' })
  })

  it('passes a complete draft and sends the amount in sen, trimmed text and the duplicate confirmation', () => {
    expect(checkCharge(draft(), context)).toEqual({})
    expect(toChargeRequest(draft({ invoiceNumber: ' INV-9 ', note: '  2 shirts ', amount: '1,234.5' }), 3, true)).toEqual({
      customerId: 3,
      cardId: 7,
      invoiceNumber: 'INV-9',
      amountSen: 123450,
      descriptor: 'KEDAI SITI',
      note: '2 shirts',
      confirmDuplicate: true,
    })
  })

  it('asks for a card, and refuses one that is locked or removed', () => {
    expect(checkCharge(draft({ cardId: null }), context).cardId).toBe('Pick the card to charge')
    expect(checkCharge(draft({ cardId: 99 }), context).cardId).toBe('Pick the card to charge')
    const locked = { ...context, cards: [card({ lockedBy: { orderId: 5, invoiceNumber: 'INV-000040' } })] }
    expect(checkCharge(draft(), locked).cardId).toContain('INV-000040')
    expect(checkCharge(draft(), { ...context, cards: [card({ active: false })] }).cardId).toBe('This card was removed: pick another')
    expect(chargeable(card())).toBe(true)
    expect(chargeable(card({ active: false }))).toBe(false)
  })

  it('says when no card can be charged at all instead of "Pick the card to charge"', () => {
    const lock = { orderId: 5, invoiceNumber: 'INV-000040' }
    expect(checkCharge(draft({ cardId: null }), { ...context, cards: [card({ lockedBy: lock })] }).cardId).toBe(
      'The only saved card is locked until the charge of INV-000040 is settled: it cannot be charged now',
    )
    expect(noUsableCard([card({ lockedBy: lock }), card({ id: 8, lockedBy: { orderId: 6, invoiceNumber: 'INV-000041' } })])).toMatch(/^Every saved card is locked/)
    expect(noUsableCard([card({ active: false })])).toMatch(/^No saved card to charge/)
    expect(noUsableCard([card({ lockedBy: lock }), card({ id: 8 })])).toBeNull()
    expect(noUsableCard([])).toMatch(/^No saved card to charge/)
  })

  it('moves on to what needs input next: the card, then the amount, then "Review charge"', () => {
    const two = { ...context, cards: [card(), card({ id: 8 })] }
    expect(nextChargeField(draft({ cardId: null, amount: '' }), two)).toBe('cardId')
    expect(nextChargeField(draft({ amount: '' }), two)).toBe('amountSen')
    expect(nextChargeField(draft({ invoiceNumber: '' }), two)).toBe('invoiceNumber')
    expect(nextChargeField(draft(), two)).toBe('review')
  })

  it("sorts main's pre-check: refusals stop at the form, the duplicate guard and a Clerk's limit go on to the confirmation", () => {
    const duplicate = { code: 'DUPLICATE_CHARGE', message: 'RM 128.50 was charged…' }
    const clerk = { code: 'FORBIDDEN', message: 'Only a Supervisor…', field: 'amountSen', needs: { role: 'supervisor' as const, approvable: true } }
    const used = { code: 'DUPLICATE_INVOICE', message: 'Invoice INV-1 is already used…', field: 'invoiceNumber' }
    const locked = { code: 'CARD_LOCKED', message: 'The charge of INV-0 …', field: 'cardId' }
    expect([duplicate, clerk, used, locked].map(PROCEEDS)).toEqual([true, true, false, false])
    expect([duplicate, clerk, used, locked].map(problemField)).toEqual(['amountSen', 'amountSen', 'invoiceNumber', 'cardId'])
    expect(problemField({ code: 'NOT_FOUND', message: 'No such customer' })).toBeNull()
    const request = toChargeRequest(draft(), 3)
    expect(precheckKey(request)).toBe(precheckKey({ ...request, confirmDuplicate: true }))
    expect(precheckKey(request)).not.toBe(precheckKey({ ...request, amountSen: 1 }))
  })

  it('counts a waiting charge in seconds against the gateway timeout', () => {
    expect(waitingText(0, 30)).toBe('0 s of 30 s')
    expect(waitingText(7, 30)).toBe('7 s of 30 s')
  })

  it("says the shared rules' problems in the desk's language (the ids main refuses with)", async () => {
    await switchLanguage('ms')
    try {
      expect(checkCharge(draft({ amount: '0', invoiceNumber: 'INV 1' }), context)).toMatchObject({
        amountSen: 'Masukkan jumlah melebihi RM 0.00',
        invoiceNumber: 'Gunakan huruf, digit dan - _ . sahaja',
      })
      expect(checkCustomer({ name: '', email: '', phone: '' }).name).toBe('Masukkan nama pelanggan')
    } finally {
      await switchLanguage('en')
    }
  })

  it('judges the amount in RM text, and above the largest single charge', () => {
    expect(checkCharge(draft({ amount: '' }), context).amountSen).toBe('Enter the amount to charge in RM, e.g. 128.50')
    expect(checkCharge(draft({ amount: '12.345' }), context).amountSen).toContain('at most two decimals')
    expect(checkCharge(draft({ amount: '0' }), context).amountSen).toBe('Enter an amount above RM 0.00')
    expect(checkCharge(draft({ amount: '5000' }), context).amountSen).toBeUndefined()
    expect(checkCharge(draft({ amount: '5000.01' }), context).amountSen).toBe('The largest single charge is RM\u00a05,000.00 (set in Settings)')
    // However large: the desk's limit, not the largest amount any order may have.
    expect(checkCharge(draft({ amount: '99999999999' }), context).amountSen).toBe('The largest single charge is RM\u00a05,000.00 (set in Settings)')
  })

  it('checks the invoice number, the descriptor and the note', () => {
    expect(checkCharge(draft({ invoiceNumber: ' ' }), context).invoiceNumber).toBe('Enter an invoice number')
    expect(checkCharge(draft({ invoiceNumber: 'INV 1' }), context).invoiceNumber).toBe('Use only letters, digits and - _ .')
    expect(checkCharge(draft({ descriptor: 'x'.repeat(23) }), context).descriptor).toBe('Use at most 22 characters')
    expect(checkCharge(draft({ descriptor: 'x'.repeat(22) }), context).descriptor).toBeUndefined()
    expect(checkCharge(draft({ note: 'x'.repeat(501) }), context).note).toBe('Use at most 500 characters')
  })

  it("keeps main's error against its field until that field changes", () => {
    const error = { code: 'LIMIT_EXCEEDED', message: 'Above RM 5,000.00', field: 'amountSen' }
    const server = chargeServerErrorOf(error, draft())
    expect(chargeServerErrorApplies(server, draft({ note: 'changed' }))).toBe(true)
    expect(chargeServerErrorApplies(server, draft({ amount: '128.5' }))).toBe(true)
    expect(chargeServerErrorApplies(server, draft({ amount: '100' }))).toBe(false)
    const general = chargeServerErrorOf({ code: 'NOT_CONFIGURED', message: 'No credentials' }, draft())
    expect(chargeServerErrorApplies(general, draft({ amount: '1' }))).toBe(true)
  })

  it('puts card errors against the card, field errors against their field, the rest above the buttons', () => {
    expect(chargeErrorField({ code: 'CARD_LOCKED', message: 'Locked by INV-1' })).toBe('cardId')
    expect(chargeErrorField({ code: 'CARD_INACTIVE', message: 'Removed' })).toBe('cardId')
    expect(chargeErrorField({ code: 'DUPLICATE_INVOICE', message: 'Used', field: 'invoiceNumber' })).toBe('invoiceNumber')
    expect(chargeErrorField({ code: 'INVALID_INPUT', message: 'Bad', field: 'customerId' })).toBeNull()
    expect(chargeErrorField({ code: 'NOT_CONFIGURED', message: 'No credentials' })).toBeNull()
  })
})

const order: OrderView = orderView({
  id: 11,
  kind: 'phone_order',
  invoiceNumber: 'INV-000042',
  amountSen: 12850,
  status: 'PAID',
  rawStatus: 'SUCCESS',
  cardMasked: '512091******0038',
  cardLast4: '0038',
  cardBrand: 'MASTERCARD',
  createdAt: '2026-11-12T03:00:00.000Z',
  updatedAt: '2026-11-12T03:00:00.000Z',
})

const detailOf = (status: OrderView['status']): OrderDetail => ({
  order: { ...order, status },
  timeline: [],
  statusCheck: null,
  canCancel: false,
  neverCreated: false,
  refunds: null,
  customerLanguage: null,
})

const answer = (outcome: ChargeResult['outcome'], status: OrderView['status']): ChargeResult => ({
  outcome,
  detail: detailOf(status),
  responseCode: outcome === 'declined' ? '05' : null,
  responseMessage: outcome === 'declined' ? 'Do Not Honour' : null,
  receipt: null,
})

describe('what a charge came to', () => {
  it('shows the answer main gave', () => {
    expect(resultView(outcomeOf(answer('approved', 'PAID')))).toBe('approved')
    expect(resultView(outcomeOf(answer('declined', 'FAILED')))).toBe('declined')
    expect(resultView(outcomeOf(answer('unknown', 'OUTCOME_UNKNOWN')))).toBe('unknown')
    expect(resultView(refusedOutcome({ code: 'GATEWAY_REJECTED', message: 'Invalid token' }))).toBe('refused')
  })

  it('follows the order once a status check settles an unknown outcome', () => {
    const unknown = outcomeOf(answer('unknown', 'OUTCOME_UNKNOWN'))
    expect(resultView({ ...unknown, detail: detailOf('PAID') })).toBe('approved')
    expect(resultView({ ...unknown, detail: detailOf('FAILED') })).toBe('settled_not_charged')
    expect(resultView({ ...unknown, detail: detailOf('PENDING') })).toBe('unknown')
    expect(resultView({ ...unknown, detail: detailOf('REFUNDED') })).toBe('other')
  })

  it('says "needs review" when the gateway approved money that is not the order\'s, until a person decides', () => {
    const review = { reason: 'currency' as const, gatewayStatus: 'SUCCESS', gatewayAmountSen: 999_99, gatewayCurrency: 'USD', source: 'charge' as const, at: '2026-11-12T03:00:01.000Z' }
    const flagged = outcomeOf({ ...answer('unknown', 'OUTCOME_UNKNOWN'), detail: { ...detailOf('OUTCOME_UNKNOWN'), order: { ...order, status: 'OUTCOME_UNKNOWN', review } } })
    expect(resultView(flagged)).toBe('review')
    // Decided: paid, or not paid.
    expect(resultView({ ...flagged, detail: detailOf('PAID') })).toBe('approved')
    expect(resultView({ ...flagged, detail: detailOf('FAILED') })).toBe('settled_not_charged')
  })

  it('says the acquirer code and message together', () => {
    expect(responseText('05', 'Do Not Honour')).toBe('05 · Do Not Honour')
    expect(responseText(null, 'Insufficient funds')).toBe('Insufficient funds')
    expect(responseText(' ', null)).toBeNull()
  })
})

const receipt: Receipt = {
  merchant: 'Kedai Siti Sdn Bhd',
  invoiceNumber: 'INV-000042',
  amountSen: 12850,
  cardMasked: '512091******0038',
  cardBrand: 'MASTERCARD',
  approvalCode: 'A1B2C3',
  customerName: 'Siti Nurhaliza',
  at: '2026-11-12T03:04:05.000Z',
  language: null,
  environment: 'production',
}

describe('the receipt', () => {
  it('lists date, invoice, customer, card, number, approval code and entry', () => {
    expect(receiptRows(receipt)).toEqual([
      { label: 'Date', value: formatsFor('en').fullTime(receipt.at) },
      { label: 'Invoice', value: 'INV-000042' },
      { label: 'Customer', value: 'Siti Nurhaliza' },
      { label: 'Card', value: 'Mastercard' },
      { label: 'Number', value: '5120 91•• •••• 0038' },
      { label: 'Approval code', value: 'A1B2C3' },
      { label: 'Entry', value: 'Phone order (MOTO)' },
    ])
    const bare = receiptRows({ ...receipt, cardMasked: null, cardBrand: null, approvalCode: null, customerName: ' ' })
    expect(bare.map((row) => row.value).slice(2, 6)).toEqual(['—', 'Card', '—', '—'])
  })

  it('is plain text of a fixed width, amounts aligned right', () => {
    const text = plainReceipt(receipt, 40)
    const lines = text.split('\n')
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40)
    expect(lines[0]?.trim()).toBe('Kedai Siti Sdn Bhd')
    expect(lines).toContain('AMOUNT                         RM 128.50')
    expect(lines).toContain('Invoice                       INV-000042')
    expect(lines).toContain('Approval code                     A1B2C3')
    expect(text).toContain('APPROVED')
  })

  it('puts a value too long for its line on a line of its own', () => {
    const lines = plainReceipt({ ...receipt, customerName: 'Siti Nurhaliza binti Tarudin of Kuala Lumpur' }, 32).split('\n')
    const at = lines.indexOf('Customer')
    expect(at).toBeGreaterThan(0)
    expect(lines[at + 1]).toBe('Siti Nurhaliza binti Tarudin of Kuala Lumpur')
  })

  it("is in the customer's language, whatever the desk's", () => {
    const malay = plainReceipt({ ...receipt, language: 'ms' }, 40).split('\n')
    expect(malay).toContain('Invois                        INV-000042')
    expect(malay.join('\n')).toContain('DILULUSKAN')
    expect(receiptRows({ ...receipt, language: 'ms', cardBrand: null }).map((row) => row.label)).toContain('Kod kelulusan')
    expect(receiptRows({ ...receipt, language: 'ms', cardBrand: null }).find((row) => row.label === 'Kad')?.value).toBe('Kad')
    // A shop with no name yet (main sends none): headed in the customer's words, not an English placeholder.
    expect(
      plainReceipt({ ...receipt, merchant: '', language: 'ms' }, 40)
        .split('\n')[0]
        ?.trim(),
    ).toBe('Peniaga')
    // A customer with no language chosen gets the desk's.
    expect(plainReceipt(receipt, 40)).toContain('Approval code')
  })

  it('from Training or Sandbox says, at the top and at the foot, that it is not a real payment; from Production, nothing', () => {
    expect(receiptMark(receipt)).toBeNull()
    expect(plainReceipt(receipt, 40)).not.toMatch(/TRAINING|SANDBOX|\*\*\*/)

    const training = plainReceipt({ ...receipt, environment: 'training' }, 40).split('\n')
    const marked = training.flatMap((line, at) => (line.trim() === '*** TRAINING — not a real payment ***' ? [at] : []))
    // Under the title, before the first rule; and the last line, after "Thank you".
    expect(marked).toEqual([2, training.length - 1])
    expect(training[1]?.trim()).toBe('Card payment receipt')
    expect(training[3]).toBe('-'.repeat(40))
    for (const line of training) expect(line.length).toBeLessThanOrEqual(40)

    // In the customer's language, as the rest of the receipt.
    const malay = plainReceipt({ ...receipt, environment: 'training', language: 'ms' }, 40).split('\n')
    expect(malay[2]?.trim()).toBe('*** LATIHAN — bukan bayaran sebenar ***')
    expect(malay.at(-1)?.trim()).toBe('*** LATIHAN — bukan bayaran sebenar ***')
    expect(receiptMark({ ...receipt, environment: 'sandbox' })).toBe('SANDBOX — test payment')
    expect(receiptMark({ ...receipt, environment: 'sandbox', language: 'ms' })).toBe('SANDBOX — bayaran ujian')

    // A narrow printer: the words alone, broken between words, never wider than the paper.
    const narrow = plainReceipt({ ...receipt, environment: 'training' }, 24).split('\n')
    for (const line of narrow) expect(line.length).toBeLessThanOrEqual(24)
    expect(narrow.slice(2, 4).map((line) => line.trim())).toEqual(['TRAINING — not a real', 'payment'])
  })
})

describe('saved cards as staff read them', () => {
  it('groups a masked number in fours with dots for the hidden digits', () => {
    expect(maskedCardText('512091******0038')).toBe('5120 91•• •••• 0038')
    expect(maskedCardText('4111 11xx xxxx 1111')).toBe('4111 11•• •••• 1111')
    expect(maskedCardText('ending 0038')).toBe('ending 0038')
    expect(maskedCardText(null)).toBeNull()
    expect(maskedCardText('  ')).toBeNull()
  })

  it('names brands the usual way', () => {
    expect(brandLabel('VISA')).toBe('Visa')
    expect(brandLabel('master card')).toBe('Mastercard')
    expect(brandLabel('Elo')).toBe('Elo')
    expect(brandLabel(null)).toBe('Card')
    expect(brandKey('MASTERCARD')).toBe('mastercard')
    expect(brandKey('Elo')).toBe('other')
    expect(brandShort('MASTERCARD')).toBe('MC')
    expect(brandShort('Discover')).toBe('DISC')
    expect(brandShort(null)).toBe('CARD')
  })

  it('writes a day as "12 Nov 2026"', () => {
    expect(formatDate('2026-11-12T03:00:00.000Z')).toMatch(/^1[23] Nov 2026$/)
    expect(formatDate(null)).toBe('—')
  })
})

describe('customers and cards typed by staff', () => {
  it('needs a name; e-mail and phone are optional but must be an address and a number', () => {
    expect(checkCustomer({ name: 'Siti', email: 'siti@example.my', phone: '' })).toEqual({})
    expect(checkCustomer({ name: 'Siti', email: ' ', phone: '012-345 6789' })).toEqual({})
    expect(checkCustomer({ name: ' ', email: 'siti', phone: '12' })).toEqual({
      name: "Enter the customer's name",
      email: 'Enter a valid e-mail address, e.g. siti@example.my',
      phone: 'Enter a valid phone number, e.g. 012-345 6789 or +65 8123 4567',
    })
  })

  it('starts a new customer from what was searched', () => {
    expect(newCustomerFrom('siti@example.my')).toEqual({ name: '', email: 'siti@example.my', phone: '' })
    expect(newCustomerFrom('012-345 6789')).toEqual({ name: '', email: '', phone: '012-345 6789' })
    expect(newCustomerFrom(' Siti ')).toEqual({ name: 'Siti', email: '', phone: '' })
  })

  it('needs a token, and never a full card number', () => {
    expect(checkCard({ token: '', masked: '', brand: '' }).token).toContain('Paste')
    expect(checkCard({ token: 'tok en', masked: '', brand: '' }).token).toContain('no spaces')
    expect(checkCard({ token: 'abc', masked: '', brand: '' }).token).toContain('4 to 128 characters')
    expect(checkCard({ token: 'tok_123', masked: '512091******0038', brand: 'Visa' })).toEqual({})
    expect(checkCard({ token: 'tok_123', masked: '5120 9100 0000 0038', brand: '' }).masked).toContain('Never type the full card number')
    expect(checkCard({ token: 'tok_123', masked: 'abc', brand: '' }).masked).toContain('Digits and *')
  })

  it('asks a supervisor for a reason of at least ten characters', () => {
    expect(overrideReasonProblem('too short')).toContain('at least 10')
    expect(overrideReasonProblem('  Bank confirmed no charge  ')).toBeNull()
  })
})

describe('what staff are told after a decline', () => {
  it('words the codes that ask for something else than trying again, and the rest generally', () => {
    expect(declineAdvice('51')).toBe('funds')
    expect(declineAdvice(' 14 ')).toBe('cardGone')
    expect(declineAdvice('54')).toBe('expired')
    expect(declineAdvice('43')).toBe('lostOrStolen')
    expect(declineAdvice('91')).toBe('bankDown')
    for (const code of [null, '', '00', 'XX', '__proto__', 'constructor']) expect(declineAdvice(code)).toBe('general')
  })

  it('lets go of a card unknown to the gateway, expired, lost or stolen (another is chosen); any other decline keeps it to try again', () => {
    expect(['14', '54', '41', '43'].map((code) => cardIsDone(declineAdvice(code)))).toEqual([true, true, true, true])
    expect(['05', '51', '61', '91', null].map((code) => cardIsDone(declineAdvice(code)))).toEqual([false, false, false, false, false])
  })
})
