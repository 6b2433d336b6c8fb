/**
 * The test operators of a desk, and how tests get them: the first Admin through `session.setup` (as a
 * newcomer would), the others through `operators.create`, then a sign-in as the role a test wants.
 * Integration tests (test/integration/backend-fixture.ts), the attack suites and the browser harness
 * (e2e) all use these.
 */
import type { Role, Result } from '../../src-preload/contract'
import { LOWEST_PIN_COST } from '../../src-main/operators/pin'

/**
 * The scrypt cost of the tests' back ends (BackendConfig.pinCost): every desk a test sets up hashes
 * three PINs and checks one, and the fuzzing tries thousands of wrong ones; at the desk's own cost
 * (2^15) that was a sixth of `npm test`. The tests of the PIN's hash itself run at the desk's own.
 */
export const TEST_PIN_COST = LOWEST_PIN_COST

export interface TestOperator {
  readonly login: string
  readonly name: string
  readonly role: Role
  readonly pin: string
}

/** The Admin's name is what tests assert as `createdBy` / `actor`. */
export const TEST_OPERATORS: { readonly [R in Role]: TestOperator } = {
  admin: { login: 'aisyah', name: 'aisyah', role: 'admin', pin: '246810' },
  supervisor: { login: 'ravi', name: 'Ravi', role: 'supervisor', pin: '135790' },
  clerk: { login: 'mei', name: 'Mei Ling', role: 'clerk', pin: 'mei-ling-7' },
}

/** Who is signed in when a test begins: a role (the three test operators exist), or 'none' (a desk without operators). */
export type SignedInAs = Role | 'none'

type RawDispatch = (name: unknown, input: unknown) => Promise<Result<unknown>>

async function must(dispatch: RawDispatch, name: string, input: unknown): Promise<unknown> {
  const result = await dispatch(name, input)
  if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`)
  return result.value
}

export interface PrepareOptions {
  /** The first Admin; TEST_OPERATORS.admin by default (tests may name it otherwise). */
  admin?: TestOperator
  /** Also create the Supervisor and the Clerk (always when signing in as one of them). */
  staff?: boolean
}

/**
 * On a desk without operators, creates the Admin (and the staff when asked); then signs in as `as`.
 * On a desk that has them already (a restart), only signs in. 'none' does nothing.
 */
export async function prepareOperators(dispatch: RawDispatch, as: SignedInAs, options: PrepareOptions = {}): Promise<void> {
  if (as === 'none') return
  const admin = options.admin ?? TEST_OPERATORS.admin
  const status = (await must(dispatch, 'session.status', undefined)) as { setupNeeded: boolean }
  const staff = options.staff === true || as !== 'admin'
  if (status.setupNeeded) {
    await must(dispatch, 'session.setup', { login: admin.login, name: admin.name, pin: admin.pin })
  } else {
    await must(dispatch, 'session.signIn', { login: admin.login, pin: admin.pin })
  }
  if (staff) {
    const { operators } = (await must(dispatch, 'operators.list', undefined)) as { operators: { login: string }[] }
    for (const operator of [TEST_OPERATORS.supervisor, TEST_OPERATORS.clerk]) {
      if (!operators.some((o) => o.login === operator.login)) await must(dispatch, 'operators.create', operator)
    }
  }
  if (as !== 'admin') await signInAs(dispatch, as)
}

export async function signInAs(dispatch: RawDispatch, role: Role, admin: TestOperator = TEST_OPERATORS.admin): Promise<void> {
  const operator = role === 'admin' ? admin : TEST_OPERATORS[role]
  await must(dispatch, 'session.signIn', { login: operator.login, pin: operator.pin })
}
