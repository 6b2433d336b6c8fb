/**
 * Every call of the contract, as each role and signed out, through the real dispatch of a real back
 * end: allowed or refused exactly as PERMISSIONS declares. "Allowed" means the call got past the
 * check (it may still fail for its own reasons: no such order, say); "refused" means SIGNED_OUT for
 * nobody signed in, FORBIDDEN naming the role needed otherwise, and nothing written to the history.
 * A call without a declared permission does not compile (PERMISSIONS is typed by CallName), and one
 * without a sample input fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_ENVIRONMENT_SETTINGS } from '../../src-main/settings/environment-settings'
import { historyFile } from '../../src-main/store/history-file'
import { callNames, PERMISSIONS, type CallName, type Role, type SessionView } from '../../src-preload/contract'
import { historyFingerprint, openReader, type Db } from '../attack/books'
import { TEST_OPERATORS } from '../harness/operators'
import { startTestBackend, type TestBackend } from './backend-fixture'
import { SAMPLE_INPUTS } from './sample-inputs'

/** Nothing listens here: Sandbox and Production calls fail fast instead of leaving the machine. */
const NOWHERE = 'http://127.0.0.1:9'
const RANK: Record<Role, number> = { clerk: 1, supervisor: 2, admin: 3 }
type As = Role | 'signed out'

/** The samples, and for the calls the shared samples leave out, inputs that leave the desk as it is. */
const INPUTS: Record<CallName, unknown[]> = {
  ...SAMPLE_INPUTS,
  'session.signOut': [undefined],
  'session.lock': [undefined],
  'settings.update': [DEFAULT_ENVIRONMENT_SETTINGS],
  'credentials.removeSecret': [{ environment: 'sandbox', secret: 'apiKey' }],
  // An approval for a subject no call below names, so that it changes nothing the table expects.
  'approvals.grant': [{ call: 'refunds.request', subjectId: 424_242, login: TEST_OPERATORS.supervisor.login, pin: TEST_OPERATORS.supervisor.pin }],
  // The raising flag: "charge again" past the duplicate guard needs a Supervisor.
  'phoneOrders.charge': [
    ...SAMPLE_INPUTS['phoneOrders.charge'],
    { customerId: 1, cardId: 1, invoiceNumber: 'INV-PHONE-2', amountSen: 10_00, descriptor: '', note: '', confirmDuplicate: true },
    // The raising amount: above a Clerk's limit (RM 500.00 by default) needs a Supervisor.
    { customerId: 1, cardId: 1, invoiceNumber: 'INV-PHONE-3', amountSen: 500_01, descriptor: '', note: '', confirmDuplicate: false },
  ],
}

/** What PERMISSIONS says of this call with this input for this person: allowed, or the refusal. */
function expected(name: CallName, input: unknown, as: As): 'allowed' | 'SIGNED_OUT' | Role {
  const permission = PERMISSIONS[name]
  if (permission.access === 'anyone') return 'allowed'
  if (as === 'signed out') return 'SIGNED_OUT'
  let needed: Role = permission.access
  const raised = permission.raisedBy
  if (raised && (input as Record<string, unknown> | undefined)?.[raised.field] === true && RANK[raised.access] > RANK[needed]) needed = raised.access
  const above = permission.raisedAbove
  const amount = above ? (input as Record<string, unknown> | undefined)?.[above.field] : undefined
  if (above && typeof amount === 'number' && amount > DEFAULT_ENVIRONMENT_SETTINGS.phoneOrders[above.limit] && RANK[above.access] > RANK[needed]) needed = above.access
  return RANK[as] >= RANK[needed] ? 'allowed' : needed
}

let app: TestBackend
let reader: Db

beforeAll(async () => {
  app = await startTestBackend({ staff: true, gatewayUrls: { sandbox: NOWHERE, production: NOWHERE } })
  reader = openReader(historyFile(app.dataDir, 'training'))
}, 30_000)

afterAll(async () => {
  reader.close()
  await app.close()
})

/** Signs in as `as` (or out) unless the desk is so already: some calls change who is signed in. */
async function become(as: As): Promise<void> {
  const status = await app.call('session.status')
  if (as === 'signed out') {
    if (status.operator !== null) await app.call('session.signOut')
    return
  }
  const login = as === 'admin' ? app.admin.login : TEST_OPERATORS[as].login
  if (status.operator?.login !== login || status.locked) await app.signInAs(as)
}

describe('who may make each call', () => {
  it('every call has a declared permission and a sample input', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...callNames].sort())
    for (const name of callNames) expect(INPUTS[name].length, `${name} has no sample input`).toBeGreaterThan(0)
  })

  for (const as of ['signed out', 'clerk', 'supervisor', 'admin'] as const) {
    it(`${as}: every call is allowed or refused exactly as PERMISSIONS declares`, async () => {
      const seen: string[] = []
      for (const name of callNames) {
        for (const input of INPUTS[name]) {
          await become(as)
          const want = expected(name, input, as)
          const before = historyFingerprint(reader)
          const result = await app.backend.dispatch(name, input)
          const code = result.ok ? 'ok' : result.error.code
          seen.push(`${name} → ${code}`)
          const label = `${name} ${input === undefined ? '' : JSON.stringify(input)} as ${as}`
          if (want === 'allowed') {
            expect(code, label).not.toBe('FORBIDDEN')
            expect(code, label).not.toBe('SIGNED_OUT')
            expect(code, label).not.toBe('INTERNAL')
            continue
          }
          expect(historyFingerprint(reader), `${label}: refused, yet the history changed`).toBe(before)
          if (want === 'SIGNED_OUT') {
            expect(result, label).toMatchObject({ ok: false, error: { code: 'SIGNED_OUT' } })
            continue
          }
          const permission = PERMISSIONS[name]
          expect(result, label).toMatchObject({
            ok: false,
            error: { code: 'FORBIDDEN', needs: { role: want, approvable: permission.approvable === true && want === 'supervisor' } },
          })
          const message = result.ok ? '' : result.error.message
          expect(message, label).toMatch(want === 'admin' ? /^Only an Admin may / : /^Only a Supervisor \(or an Admin\) may /)
        }
      }
      expect(seen.length).toBeGreaterThan(callNames.length)
    }, 120_000)
  }

  it('a refused call never reaches its handler: a Clerk is refused a refund before the order is even looked up', async () => {
    await become('clerk')
    // No order 999999: a handler would say NOT_FOUND.
    expect(await app.failure('refunds.request', { orderId: 999_999, kind: 'VOID', amountSen: 1_00 })).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only a Supervisor (or an Admin) may refund or void a payment. A Supervisor can approve it here, with their login and PIN.',
      needs: { role: 'supervisor', approvable: true },
    })
    await become('supervisor')
    expect(await app.failure('refunds.request', { orderId: 999_999, kind: 'VOID', amountSen: 1_00 })).toMatchObject({ code: 'NOT_FOUND' })
    expect(await app.failure('settings.update', DEFAULT_ENVIRONMENT_SETTINGS)).toEqual({
      code: 'FORBIDDEN',
      message: 'Only an Admin may change the settings.',
      say: { id: 'said.forbidden.admin', values: { what: { id: 'said.calls.settings.update' } } },
      needs: { role: 'admin', approvable: false },
    })
    const status: SessionView = await app.call('session.status')
    expect(status.operator?.role).toBe('supervisor')
  })
})
