import { describe, expect, it } from 'vitest'
import { createLogger, memorySink } from '../../src-main/log'
import { MAX_ROUND_TRIP_MS, TeamClock } from '../../src-main/team/team-clock'

const HOUR = 3_600_000
/** The database's clock in these tests: the real one. */
const database = (): number => Date.now()

function clockAt(options: { aheadMs: number; inTeam?: boolean; fromDatabase?: boolean }) {
  let aheadMs = options.aheadMs
  let inTeam = options.inTeam ?? true
  const sink = memorySink()
  const clock = new TeamClock(
    () => new Date(Date.now() + aheadMs),
    () => inTeam,
    createLogger(sink),
    options.fromDatabase ?? true,
  )
  return {
    clock,
    log: sink.lines,
    moveDeskClock: (ms: number) => (aheadMs += ms),
    leave: () => (inTeam = false),
  }
}

describe("the team's time", () => {
  it("is the database's, not the desk's, once read; and says how far the desk is off", () => {
    const { clock, log } = clockAt({ aheadMs: 5 * 60_000 })
    clock.measure(database)
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(50)
    expect(clock.offsetMs()).toBeGreaterThan(-5 * 60_000 - 50)
    expect(clock.offsetMs()).toBeLessThan(-5 * 60_000 + 50)
    expect(log.join('')).toContain('team.clock_offset')
  })

  it("moves on with the desk's monotonic clock: a computer clock set by hand after the reading changes nothing", () => {
    const { clock, moveDeskClock } = clockAt({ aheadMs: 0 })
    clock.measure(database)
    moveDeskClock(2 * HOUR)
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(50)
  })

  it("is the desk's own clock before a reading, outside a team, and when told to keep the desk's", () => {
    const before = clockAt({ aheadMs: HOUR })
    expect(before.clock.now().getTime() - Date.now()).toBeGreaterThan(HOUR - 50)
    expect(before.clock.offsetMs()).toBeNull()

    const left = clockAt({ aheadMs: HOUR })
    left.clock.measure(database)
    left.leave()
    expect(left.clock.now().getTime() - Date.now()).toBeGreaterThan(HOUR - 50)
    expect(left.clock.offsetMs()).toBeNull()

    const kept = clockAt({ aheadMs: HOUR, fromDatabase: false })
    kept.clock.measure(database)
    expect(kept.clock.now().getTime() - Date.now()).toBeGreaterThan(HOUR - 50)
  })

  it('keeps the last good reading when an answer took too long to say what time it was', async () => {
    const { clock } = clockAt({ aheadMs: HOUR })
    clock.measure(database)
    const slow = (): Promise<number> => new Promise((resolve) => setTimeout(() => resolve(Date.now() + 7 * HOUR), MAX_ROUND_TRIP_MS + 50))
    await clock.measureAsync(slow)
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(50)
  })
})
