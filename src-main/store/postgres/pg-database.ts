/**
 * A better-sqlite3-shaped face over one synchronous PostgreSQL session (sync-connection.ts): the
 * history's repositories prepare statements, run them and group them in transactions the same way
 * on either engine (store/database.ts, `SqlDatabase`).
 *
 * Each statement is translated once when prepared: SQLite's `@name` and `?` parameters become `$n`,
 * and `indexed by <index>` (a hint to SQLite's planner, nothing PostgreSQL has) is dropped. SQL that
 * truly differs between the engines is not translated here: the repository branches on the engine.
 */
import type { SqlDatabase, SqlRunResult, SqlStatement } from '../database'
import { DatabaseError, SyncConnection, type SyncConnectionOptions } from './sync-connection'

type Parameters = { kind: 'positional'; count: number } | { kind: 'named'; names: string[] }

interface Translated {
  text: string
  parameters: Parameters
}

/** `@name` / `?` to `$n`; quoted strings and identifiers are left alone. */
export function translate(sql: string): Translated {
  const names: string[] = []
  let positional = 0
  let text = ''
  let i = 0
  while (i < sql.length) {
    const c = sql.charAt(i)
    if (c === "'" || c === '"') {
      const end = sql.indexOf(c, i + 1)
      const stop = end === -1 ? sql.length : end + 1
      text += sql.slice(i, stop)
      i = stop
      continue
    }
    if (c === '?') {
      positional += 1
      text += `$${String(positional)}`
      i += 1
      continue
    }
    if (c === '@' && /[A-Za-z_]/.test(sql.charAt(i + 1))) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1))?.[0] ?? ''
      let index = names.indexOf(name)
      if (index === -1) index = names.push(name) - 1
      text += `$${String(index + 1)}`
      i += 1 + name.length
      continue
    }
    text += c
    i += 1
  }
  if (positional > 0 && names.length > 0) throw new Error('A statement may use ? or @name parameters, not both.')
  text = text.replace(/\s+indexed\s+by\s+[A-Za-z_][A-Za-z0-9_]*/gi, '')
  return { text, parameters: names.length > 0 ? { kind: 'named', names } : { kind: 'positional', count: positional } }
}

function bind(parameters: Parameters, args: readonly unknown[]): unknown[] {
  if (parameters.kind === 'positional') {
    const values = args.flat()
    if (values.length !== parameters.count) throw new RangeError(`Expected ${String(parameters.count)} parameters, got ${String(values.length)}.`)
    return values.map(value)
  }
  const bag = args[0]
  if (args.length !== 1 || typeof bag !== 'object' || bag === null) throw new TypeError('Named parameters are passed as one object.')
  return parameters.names.map((name) => {
    if (!Object.hasOwn(bag, name)) throw new RangeError(`Missing named parameter "${name}".`)
    return value((bag as Record<string, unknown>)[name])
  })
}

function value(v: unknown): unknown {
  // As better-sqlite3 refuses them: a boolean or undefined here is a bug in the caller.
  if (v === undefined || typeof v === 'boolean') throw new TypeError(`A ${typeof v} cannot be bound as a parameter.`)
  return v
}

class PgStatement implements SqlStatement {
  private plucking = false

  constructor(
    private readonly db: PgDatabase,
    private readonly translated: Translated,
  ) {}

  pluck(toggle = true): this {
    this.plucking = toggle
    return this
  }

  get(...args: unknown[]): unknown {
    const row = this.db.connection.query(this.translated.text, bind(this.translated.parameters, args)).rows[0]
    return row === undefined ? undefined : this.shape(row)
  }

  all(...args: unknown[]): unknown[] {
    return this.db.connection.query(this.translated.text, bind(this.translated.parameters, args)).rows.map((row) => this.shape(row))
  }

  run(...args: unknown[]): SqlRunResult {
    return { changes: this.db.connection.query(this.translated.text, bind(this.translated.parameters, args)).rowCount }
  }

  private shape(row: Record<string, unknown>): unknown {
    return this.plucking ? Object.values(row)[0] : row
  }
}

export class PgDatabase implements SqlDatabase {
  readonly engine = 'postgres'
  readonly connection: SyncConnection
  private depth = 0

  constructor(options: SyncConnectionOptions) {
    this.connection = new SyncConnection(options)
  }

  prepare(sql: string): PgStatement {
    return new PgStatement(this, translate(sql))
  }

  /** Runs SQL without parameters (several statements allowed). */
  exec(sql: string): this {
    this.connection.query(sql)
    return this
  }

  /**
   * As better-sqlite3's: the returned function runs `work` in a transaction (a savepoint when nested),
   * committed when it returns and rolled back when it throws.
   */
  transaction<A extends unknown[], R>(work: (...args: A) => R): (...args: A) => R {
    return (...args: A): R => {
      const savepoint = `s${String(this.depth)}`
      this.connection.query(this.depth === 0 ? 'begin' : `savepoint ${savepoint}`)
      this.depth += 1
      try {
        const result = work(...args)
        if (result instanceof Promise) throw new TypeError('A transaction cannot span an await.')
        this.depth -= 1
        const ended = this.connection.query(this.depth === 0 ? 'commit' : `release savepoint ${savepoint}`)
        // A COMMIT of a transaction a statement had failed (its error caught inside) is a ROLLBACK: nothing was kept.
        if (this.depth === 0 && ended.command !== 'COMMIT') throw new DatabaseError(`The transaction was not kept (the database answered ${ended.command}).`, '40000', undefined)
        return result
      } catch (error) {
        this.depth = Math.max(0, this.depth - 1)
        try {
          this.connection.query(this.depth === 0 ? 'rollback' : `rollback to savepoint ${savepoint}`)
        } catch {
          // A session that broke mid-transaction is gone, and PostgreSQL rolled it back with it.
        }
        throw error
      }
    }
  }

  close(): void {
    this.connection.close()
  }
}
