/** The operators table of the desk database. */
import type { OperatorView, Role } from '../../src-preload/contract'
import { engineOf, type SqlDatabase } from '../store/database'

export interface OperatorRow {
  id: number
  login: string
  name: string
  role: Role
  active: boolean
  pinHash: string
  failedCount: number
  lastFailedAt: string | null
  lockedUntil: string | null
  createdAt: string
  updatedAt: string
}

interface OperatorRecord {
  id: number
  login: string
  name: string
  role: Role
  active: number
  pin_hash: string
  failed_count: number
  last_failed_at: string | null
  locked_until: string | null
  created_at: string
  updated_at: string
}

function fromRecord(r: OperatorRecord): OperatorRow {
  return {
    id: r.id,
    login: r.login,
    name: r.name,
    role: r.role,
    active: r.active === 1,
    pinHash: r.pin_hash,
    failedCount: r.failed_count,
    lastFailedAt: r.last_failed_at,
    lockedUntil: r.locked_until,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }
}

/** What crosses the bridge: never the hash. A lock-out already over reads as none. */
export function operatorView(row: OperatorRow, now: Date): OperatorView {
  const locked = row.lockedUntil !== null && Date.parse(row.lockedUntil) > now.getTime()
  return { id: row.id, login: row.login, name: row.name, role: row.role, active: row.active, lockedUntil: locked ? row.lockedUntil : null, createdAt: row.createdAt }
}

export class OperatorStore {
  constructor(private readonly db: SqlDatabase) {}

  count(): number {
    return this.db.prepare('select count(*) from operators').pluck().get() as number
  }

  list(): OperatorRow[] {
    return (this.db.prepare('select * from operators order by active desc, lower(name), id').all() as OperatorRecord[]).map(fromRecord)
  }

  byId(id: number): OperatorRow | null {
    const r = this.db.prepare('select * from operators where id = ?').get(id) as OperatorRecord | undefined
    return r ? fromRecord(r) : null
  }

  /** Case-insensitive, as the column is. */
  byLogin(login: string): OperatorRow | null {
    const r = this.db.prepare('select * from operators where lower(login) = lower(?)').get(login) as OperatorRecord | undefined
    return r ? fromRecord(r) : null
  }

  /**
   * How many active Admins there are. On PostgreSQL their rows are locked for the transaction that
   * asks, so that two desks of a team taking the Admin role from the last two at once take turns and
   * the second sees one left (found by review: a team left with no Admin, which nobody can undo).
   */
  activeAdmins(): number {
    const lock = engineOf(this.db) === 'postgres' ? ' for update' : ''
    return (this.db.prepare(`select id from operators where active = 1 and role = 'admin'${lock}`).pluck().all() as number[]).length
  }

  insert(operator: { login: string; name: string; role: Role; pinHash: string; at: string }): OperatorRow {
    const r = this.db
      .prepare('insert into operators (login, name, role, active, pin_hash, created_at, updated_at) values (@login, @name, @role, 1, @pinHash, @at, @at) returning *')
      .get(operator) as OperatorRecord
    return fromRecord(r)
  }

  update(id: number, change: { name: string; role: Role; active: boolean; at: string }): OperatorRow {
    const r = this.db
      .prepare('update operators set name = @name, role = @role, active = @active, updated_at = @at where id = @id returning *')
      .get({ id, name: change.name, role: change.role, active: change.active ? 1 : 0, at: change.at }) as OperatorRecord
    return fromRecord(r)
  }

  /** A new PIN also ends a lock-out and forgets the wrong tries. */
  setPin(id: number, pinHash: string, at: string): OperatorRow {
    const r = this.db
      .prepare('update operators set pin_hash = ?, failed_count = 0, last_failed_at = null, locked_until = null, updated_at = ? where id = ? returning *')
      .get(pinHash, at, id) as OperatorRecord
    return fromRecord(r)
  }

  setThrottle(id: number, state: { failedCount: number; lastFailedAt: string | null; lockedUntil: string | null }): void {
    this.db.prepare('update operators set failed_count = ?, last_failed_at = ?, locked_until = ? where id = ?').run(state.failedCount, state.lastFailedAt, state.lockedUntil, id)
  }

  /**
   * Counts a wrong PIN in one statement, so that desks of a team guessing at once each count (found
   * by review: read, then written, N desks got about N times the tries): the `lockAfter`-th wrong try
   * in a row locks the login until `lockedUntil` and starts the count again. Returns the count after
   * it, and whether this very try locked the login.
   */
  countWrongPin(id: number, at: string, lockAfter: number, lockedUntil: string): { failedCount: number; locked: boolean } {
    const row = this.db
      .prepare(
        `update operators set
           failed_count = case when failed_count + 1 >= @lockAfter then 0 else failed_count + 1 end,
           last_failed_at = case when failed_count + 1 >= @lockAfter then null else @at end,
           locked_until = case when failed_count + 1 >= @lockAfter then @lockedUntil else locked_until end
         where id = @id returning failed_count, locked_until`,
      )
      .get({ id, at, lockAfter, lockedUntil }) as { failed_count: number; locked_until: string | null } | undefined
    const locked = row?.locked_until === lockedUntil && row.failed_count === 0
    return { failedCount: locked ? lockAfter : (row?.failed_count ?? 0), locked }
  }
}
