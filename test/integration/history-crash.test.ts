import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src-main/store/database'
import { BATCH } from './history-crash-writer-batch'
import { openHistory, type HistoryFixture } from './history-fixture'

const WRITER = join(__dirname, 'history-crash-writer.ts')

describe('crash safety', () => {
  let f: HistoryFixture
  beforeEach(async () => {
    f = await openHistory('mbo-history-crash-')
    // The writer gets the file to itself, as after a restart.
    f.db.close()
  })
  afterEach(() => f.close())

  it('keeps whole transactions only, and a sound full-text index, after SIGKILL mid-write', async () => {
    // Node itself with tsx's loader, not the tsx command: that one runs the script in a child node
    // process, and a SIGKILL of the wrapper cannot be passed on, so the writer would live on.
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, f.file], { stdio: ['ignore', 'pipe', 'pipe'], cwd: join(__dirname, '../..') })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)))
    let committed = 0
    // Killed while it writes: after its 8th commit the next transaction is already under way.
    for await (const line of createInterface({ input: child.stdout })) {
      const match = /^committed (\d+)$/.exec(line)
      if (match) committed = Number(match[1])
      if (committed >= 8 * BATCH) {
        child.kill('SIGKILL')
        break
      }
    }
    expect(await exited, stderr).toBe('SIGKILL')
    expect(committed).toBeGreaterThanOrEqual(8 * BATCH)

    const db = openDatabase(f.file)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(db.pragma('foreign_key_check')).toEqual([])
    expect(() => db.exec("insert into orders_fts (orders_fts, rank) values ('integrity-check', 0)")).not.toThrow()
    const orders = db.prepare('select count(*) from orders').pluck().get() as number
    expect(orders % BATCH).toBe(0)
    expect(orders).toBeGreaterThanOrEqual(committed)
    expect(db.prepare('select count(*) from events').pluck().get()).toBe(orders)
    expect(db.prepare('select count(*) from attempts').pluck().get()).toBe(orders)
    // Every committed order is findable, and the updated ones by their new last four only.
    const fts = db.prepare('select count(*) from orders_fts where orders_fts match ?').pluck()
    expect(fts.get('"inv-crash"*')).toBe(orders)
    expect(fts.get('card : "9999"')).toBe(db.prepare("select count(*) from orders where card_last4 = '9999'").pluck().get())
    db.close()
  })
})
