/**
 * Who is at the desk: the operators (desk database), the one session of this back end (one desk, one
 * person at a time), the idle lock, the slow-down and lock-out of wrong PINs, Supervisor approvals on
 * the spot, and the check of every call against the contract's PERMISSIONS (the bridge's dispatch
 * asks `authorise` before it runs a handler). See docs/operators.md.
 *
 * Time is the injected clock's: the idle lock, the slow-down and the lock-out are "refused until"
 * times compared with `now()`, never a sleep in main.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { BridgeErrorCode, PERMISSIONS, type ApprovableCall, type ApprovalGranted, type CallError, type CallName, type OperatorView, type Role, type SessionView } from '../../src-preload/contract'
import { formatRm } from '../../src-common/money-text'
import { AppError } from '../bridge/app-error'
import { say, type Said } from '../../src-common/said/say'
import { englishOf } from '../../src-common/said/english'
import type { Authorisation } from '../bridge/dispatch'
import type { Logger } from '../log'
import { violatesUnique, type SqlDatabase } from '../store/database'
import { DatabaseUnreachableError } from '../store/postgres/sync-connection'
import type { NewAuditEntry } from '../store/history-types'
import { ApprovalBook } from './approval-book'
import { callSaid, RAISED_ABOVE_SAID, RAISED_SAID, refusalSaid, roleAtLeast, ROLE_NAMES } from './call-words'
import { OperatorStore, operatorView, type OperatorRow } from './operator-store'
import { burnPinCheck, checkPinRule, hashPin, verifyPin, warmPinCheck } from './pin'

/** Wrong PINs allowed before each further try waits (1 s, then 2 s, 4 s…). */
export const FREE_TRIES = 3
/** Wrong PINs in a row that lock the operator out. */
export const LOCK_OUT_AFTER = 5
export const LOCK_OUT_MS = 15 * 60_000
/** How long a Supervisor's approval waits for the action it approves. */
export const APPROVAL_MS = 2 * 60_000

/** The input field naming the subject an approval is bound to, per approvable call. */
export const APPROVAL_SUBJECT: { readonly [K in ApprovableCall]: string } = {
  'refunds.request': 'orderId',
  'refunds.register': 'orderId',
  'phoneOrders.override': 'orderId',
  'phoneOrders.charge': 'cardId',
  'orders.cancelLink': 'id',
  'orders.resolveReview': 'id',
  'cards.remove': 'cardId',
}

const WRONG = say('said.desk.wrongPin')

interface Throttle {
  failedCount: number
  lastFailedAt: string | null
  lockedUntil: string | null
}

interface Session {
  operatorId: number
  locked: boolean
  lastActivityMs: number
}

/** Who a call acts as: set by `authorise` for the handler's whole run (awaits included). */
interface CallScope {
  actor: string
  approvedBy: string | null
}

export interface DeskOptions {
  /** Where the operators are: this desk's own database, or the team's in team mode. */
  db: () => SqlDatabase
  now: () => Date
  log: Logger
  /** The active environment's idle-lock setting. */
  idleLockMinutes: () => number
  /** The active environment's limits that raise a call (PERMISSIONS' raisedAbove), in sen. */
  limits: () => { clerkChargeLimitSen: number }
  /** Appends to the active environment's audit log. */
  audit: (entry: NewAuditEntry) => void
  /** Whether the desk's first-run welcome is still to show (the session view says it to an Admin). */
  welcomePending: () => boolean
  /** scrypt's cost for the PINs this desk hashes (PIN_COST but in tests; see BackendConfig.pinCost). */
  pinCost: number
}

function isApprovable(name: CallName): name is ApprovableCall {
  return name in APPROVAL_SUBJECT
}

function field(input: unknown, name: string): unknown {
  return input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[name] : undefined
}

/** The refusal of a call the operator may not make alone, in the words staff read. */
function forbidden(needed: Role, what: Said, approvable: boolean): CallError {
  const said = refusalSaid(needed, what, approvable)
  return { code: BridgeErrorCode.forbidden, message: englishOf(said), say: said, needs: { role: needed, approvable } }
}

function signedOut(said: Said): Authorisation {
  return { ok: false, error: { code: BridgeErrorCode.signedOut, message: englishOf(said), say: said } }
}

interface OperatorFacts {
  name: string
  role: Role
  active: boolean
}

/** The audit lines of an operator's change (the audit screen words them: audit-text.ts `changeText`). */
export function operatorChangeLines(before: OperatorFacts, after: OperatorFacts): string[] {
  const changes: string[] = []
  if (before.name !== after.name) changes.push(`name: ${JSON.stringify(before.name)} → ${JSON.stringify(after.name)}`)
  if (before.role !== after.role) changes.push(`role: ${ROLE_NAMES[before.role]} → ${ROLE_NAMES[after.role]}`)
  if (before.active !== after.active) changes.push(after.active ? 'reactivated' : 'deactivated')
  return changes
}

export class Desk {
  private session: Session | null = null
  private readonly approvals = new ApprovalBook()
  /**
   * Logins whose PIN is being checked now. One check at a time each: the slow-down and the lock-out
   * are read before scrypt's wait, so guesses sent together would all pass them before the first was
   * counted (a browser's console could try thousands in one lock-out).
   */
  private readonly pinChecksUnderWay = new Set<string>()
  /** Logins nobody has, throttled like real ones so that the answers never tell which exist. */
  private readonly unknownLogins = new Map<string, Throttle>()
  private readonly scope = new AsyncLocalStorage<CallScope>()

  constructor(private readonly options: DeskOptions) {
    warmPinCheck(this.options.pinCost)
  }

  get operators(): OperatorStore {
    return new OperatorStore(this.options.db())
  }

  /** Signs out whoever is signed in and forgets approvals: the operators moved (a desk joined or left a team). */
  reset(): void {
    this.session = null
    this.approvals.clear()
    this.unknownLogins.clear()
  }

  /** The last read of the signed-in operator, for when a team's database cannot be reached. */
  private lastRead: OperatorRow | null = null

  /**
   * The operator, read afresh (a deactivation takes effect at once). While a team's database cannot
   * be reached, the signed-in operator stays who they were: what they may see is what was loaded, and
   * anything that writes fails on the database anyway.
   */
  private readOperator(id: number): OperatorRow | null {
    try {
      const operator = this.operators.byId(id)
      this.lastRead = operator
      return operator
    } catch (error) {
      if (error instanceof DatabaseUnreachableError && this.lastRead?.id === id) return this.lastRead
      throw error
    }
  }

  private nowMs(): number {
    return this.options.now().getTime()
  }

  private at(): string {
    return this.options.now().toISOString()
  }

  // ---- who acts ----

  /** The signed-in operator, or null (nobody, or deactivated since). Does not look at the lock. */
  current(): OperatorRow | null {
    if (!this.session) return null
    const operator = this.readOperator(this.session.operatorId)
    if (!operator?.active) {
      this.endSession()
      return null
    }
    return operator
  }

  /** The name written on what a call does: "Mei Ling", or "Mei Ling (approved by Ravi)". */
  actor(): string {
    const scoped = this.scope.getStore()
    if (scoped) return scoped.actor
    return this.current()?.name ?? 'system'
  }

  /** Who approved the running call on the spot, if anyone. */
  approvedBy(): string | null {
    return this.scope.getStore()?.approvedBy ?? null
  }

  private endSession(): void {
    this.session = null
    this.approvals.clear()
  }

  /** Locks the session when it was idle too long; lazily, on each call. */
  private checkIdle(): void {
    const session = this.session
    if (!session || session.locked) return
    if (this.nowMs() - session.lastActivityMs >= this.options.idleLockMinutes() * 60_000) {
      session.locked = true
      this.approvals.clear()
      this.options.log.info('session.idle_locked', { operatorId: session.operatorId })
    }
  }

  /** No operator yet: the first Admin is asked for. Unknown while a team's database is away: not asked. */
  private setupNeeded(): boolean {
    try {
      return this.operators.count() === 0
    } catch (error) {
      if (error instanceof DatabaseUnreachableError) return false
      throw error
    }
  }

  status(): SessionView {
    this.checkIdle()
    const operator = this.current()
    const locked = operator !== null && this.session?.locked === true
    return {
      setupNeeded: this.setupNeeded(),
      operator: operator ? operatorView(operator, this.options.now()) : null,
      locked,
      idleLockMinutes: this.options.idleLockMinutes(),
      // Said to whoever may finish it (the welcome saves settings: an Admin).
      welcome: operator !== null && !locked && roleAtLeast(operator.role, this.need('welcome.finish', undefined).needed) && this.options.welcomePending(),
    }
  }

  // ---- the bridge's check ----

  /** Called by dispatch with the parsed input, before the handler runs. */
  authorise(name: CallName, input: unknown): Authorisation {
    this.checkIdle()
    const permission = PERMISSIONS[name]
    if (permission.access === 'anyone') return { ok: true }
    const operator = this.current()
    const session = this.session
    if (!operator || !session) return signedOut(say('said.bridge.signedOut'))
    if (session.locked) return signedOut(say('said.bridge.locked'))
    session.lastActivityMs = this.nowMs()

    const { needed, what } = this.need(name, input)
    const run = (scope: CallScope): Authorisation => ({ ok: true, run: (handler) => this.scope.run(scope, handler) })
    if (roleAtLeast(operator.role, needed)) return run({ actor: operator.name, approvedBy: null })

    const approvable = permission.approvable === true && needed === 'supervisor' && isApprovable(name)
    if (approvable) {
      const subject = field(input, APPROVAL_SUBJECT[name])
      const approval = this.approvals.take(name, subject, input, operator.id, this.nowMs())
      if (approval) {
        this.options.log.info('approval.used', { call: name, operatorId: operator.id })
        return run({ actor: `${operator.name} (approved by ${approval.approver})`, approvedBy: approval.approver })
      }
      // What a Supervisor may now approve: this input, and no other.
      this.approvals.noteRefused(name, subject, operator.id, input)
    }
    return { ok: false, error: forbidden(needed, what, approvable) }
  }

  /** The role a call with this input needs (PERMISSIONS, raised by a flag or an amount above a limit), and the action in words. */
  private need(name: CallName, input: unknown): { needed: Role; what: Said } {
    const permission = PERMISSIONS[name]
    let needed: Role = permission.access === 'anyone' ? 'clerk' : permission.access
    let what = callSaid(name)
    const raised = permission.raisedBy
    if (raised && field(input, raised.field) === true && !roleAtLeast(needed, raised.access)) {
      needed = raised.access
      what = RAISED_SAID[name] ?? what
    }
    const above = permission.raisedAbove
    const amount = above ? field(input, above.field) : undefined
    if (above && typeof amount === 'number' && amount > this.options.limits()[above.limit] && !roleAtLeast(needed, above.access)) {
      needed = above.access
      what = RAISED_ABOVE_SAID[name]?.(formatRm(this.options.limits()[above.limit])) ?? what
    }
    return { needed, what }
  }

  /**
   * What `authorise` would answer the operator signed in now for this call and input, without using an
   * approval or counting as activity: a pre-check shows the refusal before the action (the phone
   * order's Clerk limit). Null when they may make it alone; the call itself is authorised again.
   * An approvable refusal is noted as `authorise` notes one: the confirmation offers the approval
   * without the call having been tried (found by QA: a Supervisor's right PIN was refused for it).
   */
  refusalFor(name: CallName, input: unknown): CallError | null {
    const permission = PERMISSIONS[name]
    if (permission.access === 'anyone') return null
    const operator = this.current()
    if (!operator || !this.session || this.session.locked) return null
    const { needed, what } = this.need(name, input)
    if (roleAtLeast(operator.role, needed)) return null
    const approvable = permission.approvable === true && needed === 'supervisor' && isApprovable(name)
    if (approvable) this.approvals.noteRefused(name, field(input, APPROVAL_SUBJECT[name]), operator.id, input)
    return forbidden(needed, what, approvable)
  }

  // ---- sign-in ----

  /**
   * Checks a login and PIN with the slow-down and the lock-out. Unknown logins cost the same time and
   * get the same answers as known ones. Throws AppError; returns the operator (active or not).
   */
  private async verify(login: string, pin: string, wrong: Said = WRONG): Promise<OperatorRow> {
    const key = login.trim().toLowerCase()
    if (this.pinChecksUnderWay.has(key)) throw new AppError('TRY_LATER', say('said.desk.checkUnderWay'))
    this.pinChecksUnderWay.add(key)
    try {
      return await this.verifyAlone(key, pin, wrong)
    } finally {
      this.pinChecksUnderWay.delete(key)
    }
  }

  /** verify's work, with no other check of this login under way. */
  private async verifyAlone(key: string, pin: string, wrong: Said): Promise<OperatorRow> {
    const found = key === '' ? null : this.operators.byLogin(key)
    const throttle = (): Throttle => (found ? (this.operators.byId(found.id) ?? found) : this.unknownLogins.get(key)) ?? { failedCount: 0, lastFailedAt: null, lockedUntil: null }
    const save = (state: Throttle): void => {
      if (found) this.operators.setThrottle(found.id, state)
      else this.rememberUnknown(key, state)
    }
    const now = this.nowMs()
    let state = throttle()
    if (state.lockedUntil !== null) {
      const until = Date.parse(state.lockedUntil)
      if (until > now) {
        await burnPinCheck(pin, this.options.pinCost)
        throw lockedOut(until - now)
      }
      state = { failedCount: 0, lastFailedAt: null, lockedUntil: null }
      save(state)
    }
    if (state.failedCount >= FREE_TRIES && state.lastFailedAt !== null) {
      const waitUntil = Date.parse(state.lastFailedAt) + 1000 * 2 ** (state.failedCount - FREE_TRIES)
      if (waitUntil > now) {
        const seconds = Math.ceil((waitUntil - now) / 1000)
        throw new AppError('TRY_LATER', say('said.desk.tryLater', { count: seconds }))
      }
    }
    const right = found ? await verifyPin(pin, found.pinHash) : (await burnPinCheck(pin, this.options.pinCost), false)
    // Read again: another desk of a team may have counted tries (or locked the login) meanwhile.
    const latest = throttle()
    const lockedMeanwhile = latest.lockedUntil === null ? 0 : Date.parse(latest.lockedUntil) - this.nowMs()
    if (lockedMeanwhile > 0) throw lockedOut(lockedMeanwhile)
    if (right) {
      if (latest.failedCount > 0 || latest.lockedUntil !== null) save({ failedCount: 0, lastFailedAt: null, lockedUntil: null })
      // found is non-null when right.
      return found as OperatorRow
    }
    const at = this.options.now()
    const lockedUntil = new Date(at.getTime() + LOCK_OUT_MS).toISOString()
    // A known login's count is kept by the database in one statement (desks of a team share it).
    const counted = found
      ? this.operators.countWrongPin(found.id, at.toISOString(), LOCK_OUT_AFTER, lockedUntil)
      : { failedCount: latest.failedCount + 1, locked: latest.failedCount + 1 >= LOCK_OUT_AFTER }
    const failedCount = counted.failedCount
    if (counted.locked) {
      if (!found) save({ failedCount: 0, lastFailedAt: null, lockedUntil })
      if (found)
        this.options.audit({
          actor: found.name,
          action: 'operator.locked_out',
          orderId: null,
          details: { operatorId: found.id, login: found.login, failedTries: failedCount, lockedUntil },
          at: at.toISOString(),
        })
      this.options.log.warn('operator.locked_out', { known: found !== null })
      throw lockedOut(LOCK_OUT_MS)
    }
    if (!found) save({ failedCount, lastFailedAt: at.toISOString(), lockedUntil: null })
    throw new AppError('SIGN_IN_FAILED', wrong)
  }

  private rememberUnknown(key: string, state: Throttle): void {
    this.unknownLogins.delete(key)
    if (state.failedCount === 0 && state.lockedUntil === null) return
    this.unknownLogins.set(key, state)
    // A bounded memory: the oldest guesses are forgotten first.
    while (this.unknownLogins.size > 1000) {
      const oldest = this.unknownLogins.keys().next()
      if (oldest.done === true) break
      this.unknownLogins.delete(oldest.value)
    }
  }

  async setup(input: { login: string; name: string; pin: string }): Promise<SessionView> {
    checkPinRule(input.pin, 'pin')
    if (this.operators.count() > 0) throw new AppError('SETUP_DONE', say('said.desk.setupDone'))
    const pinHash = await hashPin(input.pin, this.options.pinCost)
    const at = this.at()
    const operator = this.options.db().transaction(() => {
      if (this.operators.count() > 0) throw new AppError('SETUP_DONE', say('said.desk.setupDone'))
      return this.operators.insert({ login: input.login, name: input.name, role: 'admin', pinHash, at })
    })()
    this.options.audit({
      actor: operator.name,
      action: 'operator.create',
      orderId: null,
      details: { operatorId: operator.id, login: operator.login, name: operator.name, role: 'admin', firstAdmin: true },
      at,
    })
    this.startSession(operator)
    return this.status()
  }

  async signIn(input: { login: string; pin: string }): Promise<SessionView> {
    const operator = await this.verify(input.login, input.pin)
    if (!operator.active) throw new AppError('OPERATOR_INACTIVE', say('said.desk.inactive'))
    this.startSession(operator)
    return this.status()
  }

  /** The same operator continues (a locked screen keeps its form); another replaces the session. */
  private startSession(operator: OperatorRow): void {
    const nowMs = this.nowMs()
    if (this.session?.operatorId === operator.id) {
      this.session.locked = false
      this.session.lastActivityMs = nowMs
      this.options.log.info('session.continued', { operatorId: operator.id })
      return
    }
    this.endSession()
    this.session = { operatorId: operator.id, locked: false, lastActivityMs: nowMs }
    this.options.log.info('session.signed_in', { operatorId: operator.id })
  }

  signOut(): SessionView {
    if (this.session) this.options.log.info('session.signed_out', { operatorId: this.session.operatorId })
    this.endSession()
    return this.status()
  }

  lock(): SessionView {
    if (this.session && !this.session.locked) {
      this.session.locked = true
      this.approvals.clear()
      this.options.log.info('session.locked', { operatorId: this.session.operatorId })
    }
    return this.status()
  }

  private signedIn(): OperatorRow {
    const operator = this.current()
    if (!operator || this.session?.locked !== false) throw new AppError(BridgeErrorCode.signedOut, say('said.bridge.signedOut'))
    return operator
  }

  async changePin(input: { currentPin: string; newPin: string }): Promise<SessionView> {
    const operator = this.signedIn()
    checkPinRule(input.newPin, 'newPin')
    try {
      await this.verify(operator.login, input.currentPin, say('said.desk.currentPinWrong'))
    } catch (error) {
      if (error instanceof AppError && error.code === 'SIGN_IN_FAILED') throw new AppError('SIGN_IN_FAILED', error.say, 'currentPin')
      throw error
    }
    const at = this.at()
    this.operators.setPin(operator.id, await hashPin(input.newPin, this.options.pinCost), at)
    this.options.audit({ actor: operator.name, action: 'operator.pin_changed', orderId: null, details: { operatorId: operator.id, login: operator.login }, at })
    return this.status()
  }

  // ---- operators (Admin) ----

  list(): { operators: OperatorView[] } {
    const now = this.options.now()
    return { operators: this.operators.list().map((row) => operatorView(row, now)) }
  }

  async create(input: { login: string; name: string; role: Role; pin: string }): Promise<OperatorView> {
    checkPinRule(input.pin, 'pin')
    if (this.operators.byLogin(input.login)) throw loginTaken()
    const pinHash = await hashPin(input.pin, this.options.pinCost)
    const at = this.at()
    let row: OperatorRow
    try {
      row = this.operators.insert({ login: input.login, name: input.name, role: input.role, pinHash, at })
    } catch (error) {
      if (violatesUnique(error, { column: 'operators.login', constraint: 'operators_login_key' })) throw loginTaken()
      throw error
    }
    this.options.audit({ actor: this.actor(), action: 'operator.create', orderId: null, details: { operatorId: row.id, login: row.login, name: row.name, role: row.role }, at })
    return operatorView(row, this.options.now())
  }

  update(input: { id: number; name: string; role: Role; active: boolean }): OperatorView {
    const at = this.at()
    const { before, after } = this.options.db().transaction(() => {
      const before = this.operators.byId(input.id)
      if (!before) throw new AppError('NOT_FOUND', say('said.records.operator'))
      const losesAdmin = before.role === 'admin' && before.active && (input.role !== 'admin' || !input.active)
      if (losesAdmin && this.operators.activeAdmins() <= 1) {
        throw new AppError('LAST_ADMIN', say('said.desk.lastAdmin'), input.active ? 'role' : 'active')
      }
      return { before, after: this.operators.update(input.id, { name: input.name, role: input.role, active: input.active, at }) }
    })()
    const changes = operatorChangeLines(before, after)
    if (changes.length > 0) {
      this.options.audit({ actor: this.actor(), action: 'operator.update', orderId: null, details: { operatorId: after.id, login: after.login, changes }, at })
    }
    // A deactivated operator's session ends at their next call (current() reads the row each time).
    return operatorView(after, this.options.now())
  }

  async resetPin(input: { id: number; pin: string }): Promise<OperatorView> {
    checkPinRule(input.pin, 'pin')
    const target = this.operators.byId(input.id)
    if (!target) throw new AppError('NOT_FOUND', say('said.records.operator'))
    const at = this.at()
    const row = this.operators.setPin(target.id, await hashPin(input.pin, this.options.pinCost), at)
    this.options.audit({ actor: this.actor(), action: 'operator.pin_reset', orderId: null, details: { operatorId: row.id, login: row.login, name: row.name }, at })
    return operatorView(row, this.options.now())
  }

  // ---- approvals ----

  /** A Supervisor (or Admin), another operator than the one signed in, approves one call on one subject. */
  async grant(input: { call: ApprovableCall; subjectId: number; login: string; pin: string }): Promise<ApprovalGranted> {
    const operator = this.signedIn()
    // The Supervisor approves what main refused this operator, as the screen shows it: nothing else.
    const refused = this.approvals.refusedFor(input.call, input.subjectId, operator.id)
    if (!refused) throw new AppError('APPROVAL_REFUSED', say('said.desk.nothingToApprove'))
    const approver = await this.verify(input.login, input.pin)
    if (!approver.active) throw new AppError('OPERATOR_INACTIVE', say('said.desk.inactive'))
    if (approver.id === operator.id) throw new AppError('APPROVAL_REFUSED', say('said.desk.approveOther'), 'login')
    if (!roleAtLeast(approver.role, 'supervisor')) throw new AppError('APPROVAL_REFUSED', say('said.desk.approverClerk', { name: approver.name }), 'login')
    // The session may have changed while the PIN was checked.
    if (this.session?.operatorId !== operator.id || this.session.locked) throw new AppError(BridgeErrorCode.signedOut, say('said.bridge.locked'))
    const expiresAtMs = this.nowMs() + APPROVAL_MS
    this.approvals.grant(input.call, input.subjectId, refused, { approver: approver.name, forOperatorId: operator.id, expiresAtMs })
    const expiresAt = new Date(expiresAtMs).toISOString()
    const subjectField = APPROVAL_SUBJECT[input.call]
    this.options.audit({
      actor: approver.name,
      action: 'approval.granted',
      orderId: subjectField === 'cardId' ? null : input.subjectId,
      details: { call: input.call, [subjectField]: input.subjectId, ...refused.facts, for: operator.name, expiresAt },
      at: this.at(),
    })
    return { approver: approver.name, expiresAt }
  }
}

function lockedOut(remainingMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000))
  return new AppError('LOCKED_OUT', say('said.desk.lockedOut', { count: minutes }))
}

function loginTaken(): AppError {
  return new AppError('LOGIN_TAKEN', say('said.desk.loginTaken'), 'login')
}
