/**
 * The machine a run of `npm run bench` ran on, and its pace: what the CPU and time figures can only be
 * read beside. The same code measured 6,036–6,352 signed status checks a second on one machine of
 * this workplace and 2,556 on another (docs/performance.md, "The machine"), and a shared machine's
 * pace also drifts within a run; so run.ts prints this at the start and at the end of every run.
 *
 * The pace is the CPU time (user + system, this process) of a fixed piece of the work a status check
 * does: sign a request (HMAC-SHA256, base64), parse and re-serialise a status answer, and insert and
 * read back a row in an in-memory SQLite database, 2,000 times; the median of 7 rounds after one not
 * counted. It has no target: a higher figure means a slower machine, not slower code.
 */
import Database from 'better-sqlite3'
import { createHmac } from 'node:crypto'
import { cpus, loadavg, totalmem } from 'node:os'
import { percentile } from './timing'

const ANSWER = JSON.stringify({
  order: { invoice_number: 'INV-PACE-000001', amount: '150.00', currency: 'MYR' },
  transaction: { status: 'PENDING', date: '2026-11-28T04:00:00Z', original_request_id: 'c0ffee00-0000-4000-8000-000000000000' },
  acquirer: { id: 'BANK' },
  card_payment: { card_masked: '411111******1111', brand: 'VISA', approval_code: null },
})
const CHECKS = 2_000
const ROUNDS = 7

function round(db: Database.Database, checks = CHECKS): number {
  const insert = db.prepare('insert into pace (invoice, status, body) values (?, ?, ?) returning id')
  const read = db.prepare('select * from pace where id = ?')
  const started = process.cpuUsage()
  for (let i = 0; i < checks; i += 1) {
    createHmac('sha256', 'SK-pace-0123456789')
      .update(`Client-Id:BRN-PACE\nRequest-Id:${String(i)}\nRequest-Target:/orders/v1/status/INV-${String(i)}`, 'utf8')
      .digest('base64')
    const parsed = JSON.parse(ANSWER) as { transaction: { status: string } }
    const id = insert.pluck().get(`INV-${String(i)}`, parsed.transaction.status, JSON.stringify(parsed)) as number
    read.get(id)
  }
  const used = process.cpuUsage(started)
  return (used.user + used.system) / 1000
}

/** The CPU ms of the reference work (median of 7 rounds). */
export function machinePace(): number {
  const db = new Database(':memory:')
  try {
    db.exec('create table pace (id integer primary key, invoice text not null, status text not null, body text not null)')
    round(db)
    const times = Array.from({ length: ROUNDS }, () => round(db)).sort((a, b) => a - b)
    return percentile(times, 50)
  } finally {
    db.close()
  }
}

/** How often `PaceSampler` takes a sample: one round, after a tenth of one not counted (the first checks after a sleep run slower). */
const SAMPLE_EVERY_MS = 5_000

/**
 * The pace while a bench runs, sampled every 5 s (about 1 % of a core): this
 * machine's pace is not one figure but flips between about 35 and about 60 ms within seconds
 * (docs/performance.md, "The machine"), so a bench's figures are read beside the pace they were
 * measured at, not only the run's start and end.
 */
export class PaceSampler {
  private readonly db = new Database(':memory:')
  private readonly samples: number[] = []
  private readonly timer: NodeJS.Timeout

  constructor() {
    this.db.exec('create table pace (id integer primary key, invoice text not null, status text not null, body text not null)')
    this.timer = setInterval(() => {
      round(this.db, CHECKS / 10)
      this.samples.push(round(this.db))
      this.db.exec('delete from pace')
    }, SAMPLE_EVERY_MS)
  }

  /** Stops sampling; "median 58.1 ms (p10 35.2, p90 63.0; 120 samples)", or null with no sample. */
  stop(): string | null {
    clearInterval(this.timer)
    this.db.close()
    const sorted = [...this.samples].sort((a, b) => a - b)
    if (sorted.length === 0) return null
    const at = (p: number): string => percentile(sorted, p).toFixed(1)
    return `median ${at(50)} ms (p10 ${at(10)}, p90 ${at(90)}; ${String(sorted.length)} samples)`
  }
}

/** "AMD EPYC, 2 cores at 2,445 MHz, 24 GB, load 0.3": what the machine says of itself. */
export function describeMachine(): string {
  const cores = cpus()
  const model = cores[0]?.model.trim() ?? 'unknown CPU'
  const mhz = cores[0]?.speed ? ` at ${cores[0].speed.toLocaleString('en-GB')} MHz` : ''
  return `${model}, ${String(cores.length)} cores${mhz}, ${String(Math.round(totalmem() / 2 ** 30))} GB, load ${loadavg()[0]?.toFixed(1) ?? '?'}`
}
