/**
 * One or more inputs for every call of the contract (a new call without one fails the typecheck of
 * the tests that use them): credentials.test.ts sends them all looking for secrets, and
 * permissions.test.ts sends them all as each role. `settings.update` and `credentials.removeSecret`
 * are left to each test (they change what the others see).
 */
import type { CallName } from '../../src-preload/contract'
import { TEST_OPERATORS } from '../harness/operators'

export const SAMPLE_INPUTS: Record<CallName, unknown[]> = {
  'app.info': [undefined],
  'app.setLanguage': [{ language: 'ms' }],
  'session.status': [undefined],
  // Refused: the desk has its Admin already.
  'session.setup': [{ login: 'second', name: 'Second Admin', pin: '97531086' }],
  // The same operator signs in again (and continues).
  'session.signIn': [{ login: TEST_OPERATORS.admin.login, pin: TEST_OPERATORS.admin.pin }],
  // Ending or locking the session would refuse every call after it: the tests that want them make them.
  'session.signOut': [],
  'session.lock': [],
  'session.changePin': [{ currentPin: TEST_OPERATORS.admin.pin, newPin: TEST_OPERATORS.admin.pin }],
  'operators.list': [undefined],
  'operators.create': [{ login: 'nurul', name: 'Nurul Huda', role: 'clerk', pin: '97531086' }],
  'operators.update': [{ id: 1, name: TEST_OPERATORS.admin.name, role: 'admin', active: true }],
  'operators.resetPin': [{ id: 99, pin: '97531086' }],
  // Refused: the signed-in operator cannot approve for themselves.
  'approvals.grant': [{ call: 'refunds.request', subjectId: 1, login: TEST_OPERATORS.admin.login, pin: TEST_OPERATORS.admin.pin }],
  'audit.list': [{ limit: 50 }, { actor: 'aisyah', action: 'settings', from: '2020-01-01T00:00:00Z', to: '2100-01-01T00:00:00+08:00', limit: 10, beforeId: 1000 }],
  'audit.exportCsv': [{}],
  // Port 1 answers nobody: nothing is created or joined.
  'team.get': [undefined],
  'team.probe': [{ connection: { host: '127.0.0.1', port: 1, database: 'shop', user: 'app', tls: 'off', caFile: null }, password: 'pw' }],
  'team.create': [{ connection: { host: '127.0.0.1', port: 1, database: 'shop', user: 'app', tls: 'off', caFile: null }, password: 'pw', importHistory: false }],
  'team.join': [{ connection: { host: '127.0.0.1', port: 1, database: 'shop', user: 'app', tls: 'off', caFile: null }, password: 'pw', teamKey: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE-FFFFF-GGGGG-22222' }],
  'team.importHistory': [undefined],
  'team.leave': [undefined],
  'environment.switch': [{ environment: 'sandbox' }, { environment: 'production', confirmProduction: true }, { environment: 'training' }],
  'welcome.finish': [undefined],
  'settings.get': [undefined],
  'settings.update': [],
  'credentials.get': [undefined],
  'credentials.update': [{ environment: 'sandbox', clientId: 'BRN-SANDBOX-7781' }],
  'credentials.removeSecret': [],
  'gateway.testConnection': [{ environment: 'sandbox' }, { environment: 'production' }, { environment: 'training' }],
  'orders.search': [{ limit: 10 }, { text: 'a', limit: 10 }],
  'orders.count': [{}, { text: 'a', statuses: ['PAID'] }],
  'orders.get': [{ id: 1 }],
  'orders.attempt': [{ id: 1 }],
  'orders.exportCsv': [{}],
  'orders.cancelExport': [{ jobId: 'no-such-job' }],
  'orders.checkStatus': [{ id: 1 }],
  'orders.resolveReview': [{ id: 1, decision: 'paid', reason: 'Checked in the back office' }],
  'orders.cancelLink': [{ id: 1, reason: 'customer changed their mind' }],
  'links.prepare': [undefined],
  'links.banks': [undefined],
  'links.create': [
    {
      kind: 'card',
      channel: '',
      bankCode: '',
      invoiceNumber: 'INV-SECRETS-1',
      amountSen: 12_50,
      descriptor: '',
      autoRedirect: true,
      callbackUrl: 'https://shop.example.my/paid',
      failedUrl: '',
      expiryMinutes: 60,
      customer: { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789', address: '', city: '', state: '', zipCode: '', country: 'MY' },
      lineItems: [],
    },
  ],
  'customers.search': [{ text: 'siti' }],
  'customers.get': [{ id: 1 }],
  'customers.save': [{ name: 'Tan Mei Ling', email: 'meiling@example.my', phone: '+65 8123 4567' }],
  'cards.add': [{ customerId: 1, token: 'tok_pasted_by_hand_0001', masked: '4509 19** **** 5316', brand: 'visa' }],
  'cards.remove': [{ cardId: 1 }],
  'phoneOrders.prepare': [undefined],
  'phoneOrders.check': [{ customerId: 1, cardId: 1, invoiceNumber: 'INV-PHONE-1', amountSen: 10_00, descriptor: '', note: '', confirmDuplicate: false }],
  'phoneOrders.charge': [{ customerId: 1, cardId: 1, invoiceNumber: 'INV-PHONE-1', amountSen: 10_00, descriptor: '', note: '', confirmDuplicate: false }],
  'phoneOrders.override': [{ orderId: 1, reason: 'checked with the bank by phone' }],
  'phoneOrders.receipt': [{ orderId: 1 }],
  'refunds.request': [{ orderId: 1, kind: 'PARTIAL', amountSen: 1_00 }],
  'refunds.checkStatus': [{ refundId: 1 }],
  'refunds.register': [{ orderId: 1, requestId: 'refund-made-elsewhere-1' }],
  'tracker.status': [undefined],
  'tracker.refreshAll': [undefined],
  'tracker.cancelRefresh': [undefined],
  'listener.status': [undefined],
  'home.figures': [undefined],
  'home.attention': [undefined],
  'report.get': [
    { from: '2026-11-21', to: '2026-11-21' },
    { from: '2026-01-01', to: '2026-12-31' },
  ],
  'report.exportCsv': [{ from: '2026-11-21', to: '2026-11-21' }],
  'report.savePdf': [{ from: '2026-11-21', to: '2026-11-21' }],
}
