/**
 * One length per field: the bridge's schemas (main), the shared rules (form and main) and the forms'
 * `maxLength` attributes all read src-common/field-limits.ts. Fails when a schema, a rule or a form
 * holds a length of its own, so a form can no longer take 500 characters that main refuses at 128.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FIELD_LIMITS, type LimitedField } from '../../src-common/field-limits'
import { tooLongMessage } from '../../src-common/said/english'
import { checkLinkRequest, type LinkRequest as LinkRules } from '../../src-common/link-rules'
import { AuditFilters, calls, CustomerInput, EnvironmentSettings, LinkRequest, PhoneOrderRequest } from '../../src-preload/contract'
import { checkCard, checkCustomer } from '../../src-renderer/features/customers/customer-rules'
import { REVIEW_REASON_MAX, reviewReasonProblem } from '../../src-renderer/features/orders/review'
import { checkCharge, NOTE_MAX } from '../../src-renderer/features/phone-order/charge-form'
import { OVERRIDE_REASON_MAX, overrideReasonProblem } from '../../src-renderer/features/phone-order/override'

/** A zod string schema's longest value (zod 4 keeps it as `maxLength`). */
const longest = (schema: unknown): number | null => (schema as { maxLength: number | null }).maxLength
const unwrap = (schema: unknown): unknown => (schema as { unwrap(): unknown }).unwrap()
const inputShape = (name: keyof typeof calls): Record<string, unknown> => (calls[name].input as unknown as { shape: Record<string, unknown> }).shape

describe('the bridge takes each field at its one length', () => {
  const link = LinkRequest.shape
  const customer = link.customer.shape
  const cases: [string, unknown, LimitedField][] = [
    ['links.create invoiceNumber', link.invoiceNumber, 'invoiceNumber'],
    ['links.create descriptor', link.descriptor, 'descriptor'],
    ['links.create callbackUrl', link.callbackUrl, 'linkUrl'],
    ['links.create failedUrl', link.failedUrl, 'linkUrl'],
    ['links.create channel', link.channel, 'channel'],
    ['links.create bankCode', link.bankCode, 'bankCode'],
    ['links.create customer.name', customer.name, 'customerName'],
    ['links.create customer.email', customer.email, 'email'],
    ['links.create customer.phone', customer.phone, 'phone'],
    ['links.create customer.address', customer.address, 'address'],
    ['links.create customer.city', customer.city, 'city'],
    ['links.create customer.state', customer.state, 'state'],
    ['links.create customer.zipCode', customer.zipCode, 'zipCode'],
    ['links.create customer.country', customer.country, 'country'],
    ['links.create lineItems.name', link.lineItems.element.shape.name, 'lineItemName'],
    ['customers.save name', CustomerInput.shape.name, 'customerName'],
    ['customers.save email', CustomerInput.shape.email, 'email'],
    ['customers.save phone', CustomerInput.shape.phone, 'phone'],
    ['phoneOrders.charge invoiceNumber', PhoneOrderRequest.shape.invoiceNumber, 'invoiceNumber'],
    ['phoneOrders.charge descriptor', PhoneOrderRequest.shape.descriptor, 'descriptor'],
    ['phoneOrders.charge note', PhoneOrderRequest.shape.note, 'phoneOrderNote'],
    ['cards.add token', inputShape('cards.add')['token'], 'cardToken'],
    ['cards.add masked', inputShape('cards.add')['masked'], 'cardMasked'],
    ['cards.add brand', inputShape('cards.add')['brand'], 'cardBrand'],
    ['customers.search text', inputShape('customers.search')['text'], 'customerSearch'],
    ['orders.cancelLink reason', inputShape('orders.cancelLink')['reason'], 'cancelReason'],
    ['orders.resolveReview reason', inputShape('orders.resolveReview')['reason'], 'reviewReason'],
    ['phoneOrders.override reason', inputShape('phoneOrders.override')['reason'], 'overrideReason'],
    ['refunds.register requestId', inputShape('refunds.register')['requestId'], 'refundRequestId'],
    ['settings.update links.invoicePrefix', EnvironmentSettings.shape.links.shape.invoicePrefix, 'invoicePrefix'],
    ['session.signIn login', inputShape('session.signIn')['login'], 'login'],
    ['session.signIn pin', inputShape('session.signIn')['pin'], 'pin'],
    ['approvals.grant login', inputShape('approvals.grant')['login'], 'login'],
    ['operators.create login', inputShape('operators.create')['login'], 'login'],
    ['operators.create name', inputShape('operators.create')['name'], 'operatorName'],
    ['audit.list actor', unwrap(AuditFilters.shape.actor), 'auditFilter'],
    ['audit.list action', unwrap(AuditFilters.shape.action), 'auditFilter'],
  ]
  it.each(cases)('%s', (_, schema, field) => {
    expect(longest(schema)).toBe(FIELD_LIMITS[field])
  })

  it('refuses a longer value with the words the form uses', () => {
    const tooLong = CustomerInput.safeParse({ name: 'N'.repeat(FIELD_LIMITS.customerName + 1), email: '', phone: '' })
    expect(tooLong.success).toBe(false)
    expect(tooLong.error?.issues[0]).toMatchObject({ path: ['name'], message: tooLongMessage(FIELD_LIMITS.customerName) })
    expect(checkCustomer({ name: 'N'.repeat(FIELD_LIMITS.customerName + 1), email: '', phone: '' }).name).toBe(tooLongMessage(FIELD_LIMITS.customerName))
    expect(CustomerInput.safeParse({ name: 'N'.repeat(FIELD_LIMITS.customerName), email: '', phone: '' }).success).toBe(true)
    expect(checkCustomer({ name: 'N'.repeat(FIELD_LIMITS.customerName), email: '', phone: '' })).toEqual({})
  })
})

const request = (overrides: Partial<LinkRules> = {}, customer: Partial<LinkRules['customer']> = {}): LinkRules => ({
  kind: 'card',
  channel: '',
  bankCode: '',
  invoiceNumber: 'INV-000001',
  amountSen: 128_50,
  descriptor: 'KEDAI ALI',
  autoRedirect: true,
  callbackUrl: 'https://shop.example.my/paid',
  failedUrl: '',
  expiryMinutes: 60,
  customer: { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789', address: '', city: '', state: '', zipCode: '', country: 'MY', ...customer },
  lineItems: [],
  ...overrides,
})

describe('the rules (the form, and main again) take the same lengths as the bridge', () => {
  const linkFields: [string, LimitedField, (text: string) => LinkRules][] = [
    ['invoiceNumber', 'invoiceNumber', (text) => request({ invoiceNumber: text })],
    ['descriptor', 'descriptor', (text) => request({ descriptor: text })],
    ['customer.name', 'customerName', (text) => request({}, { name: text })],
    ['customer.address', 'address', (text) => request({}, { address: text })],
    ['customer.city', 'city', (text) => request({}, { city: text })],
    ['customer.state', 'state', (text) => request({}, { state: text })],
    ['customer.email', 'email', (text) => request({}, { email: `${text.slice(12)}@example.com` })],
    ['callbackUrl', 'linkUrl', (text) => request({ callbackUrl: `https://shop.example.my/${text.slice(24)}` })],
  ]
  it.each(linkFields)('a link: %s', (path, field, make) => {
    const max = FIELD_LIMITS[field]
    const atMost = make('A'.repeat(max))
    const over = make('A'.repeat(max + 1))
    expect(checkLinkRequest(atMost, { production: false }).errors[path]).toBeUndefined()
    expect(LinkRequest.safeParse(atMost).success).toBe(true)
    expect(checkLinkRequest(over, { production: false }).errors[path]).toBe(tooLongMessage(max))
    const bridge = LinkRequest.safeParse(over)
    expect(bridge.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[path, tooLongMessage(max)]])
  })

  it('a phone number', () => {
    const long = `012-345 6789${' '.repeat(FIELD_LIMITS.phone)}0`
    expect(checkLinkRequest(request({}, { phone: long }), { production: false }).errors['customer.phone']).toBe(tooLongMessage(FIELD_LIMITS.phone))
    expect(LinkRequest.safeParse(request({}, { phone: long })).success).toBe(false)
  })

  it('a phone order: note and descriptor', () => {
    const context = { chargeLimitSen: 5_000_00, cards: [] }
    const draft = { cardId: null, invoiceNumber: 'INV-000001', amount: '10', descriptor: 'KEDAI ALI', note: '' }
    expect(NOTE_MAX).toBe(FIELD_LIMITS.phoneOrderNote)
    expect(checkCharge({ ...draft, note: 'n'.repeat(NOTE_MAX + 1) }, context).note).toBe(tooLongMessage(NOTE_MAX))
    expect(checkCharge({ ...draft, note: 'n'.repeat(NOTE_MAX) }, context).note).toBeUndefined()
    expect(checkCharge({ ...draft, descriptor: 'D'.repeat(FIELD_LIMITS.descriptor + 1) }, context).descriptor).toBe(tooLongMessage(FIELD_LIMITS.descriptor))
  })

  it('a card added by hand and the reasons staff write', () => {
    expect(checkCard({ token: 't'.repeat(FIELD_LIMITS.cardToken), masked: '', brand: '' })).toEqual({})
    expect(checkCard({ token: 't'.repeat(FIELD_LIMITS.cardToken + 1), masked: '', brand: '' }).token).toContain(`4 to ${String(FIELD_LIMITS.cardToken)} characters`)
    expect(checkCard({ token: 'tok_1234', masked: '', brand: 'b'.repeat(FIELD_LIMITS.cardBrand + 1) }).brand).toBe(tooLongMessage(FIELD_LIMITS.cardBrand))
    expect(REVIEW_REASON_MAX).toBe(FIELD_LIMITS.reviewReason)
    expect(reviewReasonProblem('r'.repeat(REVIEW_REASON_MAX + 1))).toBe(tooLongMessage(REVIEW_REASON_MAX))
    expect(OVERRIDE_REASON_MAX).toBe(FIELD_LIMITS.overrideReason)
    expect(overrideReasonProblem('r'.repeat(OVERRIDE_REASON_MAX + 1))).toBe(tooLongMessage(OVERRIDE_REASON_MAX))
  })
})

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sources(path) : /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('the forms', () => {
  it('write no length of their own: every maxLength reads a shared constant', () => {
    const literal = /maxLength=\{\s*\d[\d_]*\s*\}|maxLength="\d+"|maxLength:\s*\d/g
    const found = sources(join(__dirname, '../../src-renderer')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(literal)].map((match) => `${file.slice(file.indexOf('src-renderer'))}: ${match[0]}`),
    )
    expect(found).toEqual([])
  })
})
