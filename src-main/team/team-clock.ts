/**
 * The team's time: in team mode every desk reads the time from the team database's clock, not from
 * its own computer's.
 *
 * Why: the money rules compare a time one desk wrote with the time at another desk — a status check
 * is due 60 s after the order's last request (an earlier "no such transaction" may only mean the
 * gateway has not registered the charge yet, and it settles the charge as not made, its card freed),
 * the duplicate-charge window, the leader's cut-off for attempts a dead desk left pending, a login's
 * lock-out. A desk whose clock is minutes ahead would find another desk's charge "due" at once, and
 * one behind would count a charge of a minute ago as an hour old (found by review). The database's
 * clock is the one clock every desk of the team reaches.
 *
 * How: the offset is measured against `clock_timestamp()` when the team's history opens, each time the
 * database is reached again, and every `REMEASURE_MS`; between readings the time is carried forward by
 * the desk's monotonic clock (`performance.now()`), so a computer clock set by hand, or stepped by its
 * time service, changes nothing. A reading whose round trip took longer than `MAX_ROUND_TRIP_MS` is
 * not used (its error is up to half the round trip). Until a first reading, and outside a team, the
 * desk's own clock is the time; a team's money calls are refused anyway while its database cannot be
 * reached.
 */
import type { Logger } from '../log'

/** A reading is used only when the database answered within this (its error is at most half of it). */
export const MAX_ROUND_TRIP_MS = 1_000
/** How often the offset is read again (the monotonic clock drifts a few parts in a million). */
export const REMEASURE_MS = 10 * 60_000
/** An offset above this is written to the log (and shown in Settings → Team database). */
export const NOTABLE_OFFSET_MS = 2_000

/** The database's time as a number of milliseconds since the epoch (`clock_timestamp()`). */
export const DATABASE_TIME_SQL = 'select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms'

interface Reading {
  /** The database's time at `monotonicMs`. */
  databaseMs: number
  /** `performance.now()` halfway through the round trip. */
  monotonicMs: number
  /** The database's time minus the desk's own clock, at the reading. */
  offsetMs: number
}

export class TeamClock {
  private reading: Reading | null = null

  /**
   * `deskNow` is the desk's own clock; `inTeam` says whether the desk is in a team now. `fromDatabase`
   * false keeps the desk's clock as the team's time too: for tests that move a desk's clock by hand,
   * which cannot move the database's.
   */
  constructor(
    private readonly deskNow: () => Date,
    private readonly inTeam: () => boolean,
    private readonly log: Logger,
    private readonly fromDatabase = true,
  ) {}

  now(): Date {
    const reading = this.reading
    if (reading === null || !this.inTeam()) return this.deskNow()
    return new Date(reading.databaseMs + (performance.now() - reading.monotonicMs))
  }

  /** The database's time minus this desk's clock at the last reading, in ms; null outside a team or before a reading. */
  offsetMs(): number | null {
    return this.reading && this.inTeam() ? this.reading.offsetMs : null
  }

  /** Reads the database's time with `read` (a statement on a synchronous session) and keeps it when the round trip was short. */
  measure(read: () => number): void {
    if (!this.fromDatabase) return
    const sent = performance.now()
    const databaseMs = read()
    this.keep(sent, databaseMs, performance.now())
  }

  /** The same with a query on an asynchronous client. */
  async measureAsync(read: () => Promise<number>): Promise<void> {
    if (!this.fromDatabase) return
    const sent = performance.now()
    const databaseMs = await read()
    this.keep(sent, databaseMs, performance.now())
  }

  private keep(sent: number, databaseMs: number, received: number): void {
    if (!Number.isFinite(databaseMs) || received - sent > MAX_ROUND_TRIP_MS) return
    const monotonicMs = (sent + received) / 2
    const offsetMs = Math.round(databaseMs - (this.deskNow().getTime() - (received - monotonicMs)))
    const before = this.reading?.offsetMs ?? 0
    this.reading = { databaseMs, monotonicMs, offsetMs }
    if (Math.abs(offsetMs) >= NOTABLE_OFFSET_MS && Math.abs(offsetMs - before) >= NOTABLE_OFFSET_MS) {
      this.log.warn('team.clock_offset', { offsetMs, roundTripMs: Math.round(received - sent) })
    }
  }
}
