/**
 * The log file: lines go out in order, together at the end of a turn, those logged soon after a write
 * within 200 ms, and closing writes what waits; a line after closing is dropped.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger, fileSink } from '../../src-main/log'

let dir: string | null = null
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = null
})

const lines = (file: string): string[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { event: string }).event)

describe('fileSink', () => {
  it('writes the lines in order, soon, and what waits when closed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mbo-log-'))
    const file = join(dir, 'logs', 'main.log')
    const log = createLogger(fileSink(file))
    log.info('one')
    log.warn('two')
    // Not yet: the lines of a turn go out at its end.
    expect(lines(file)).toEqual([])
    await sleep(0)
    expect(lines(file)).toEqual(['one', 'two'])
    // Soon after a write: it waits for a later turn, at most 200 ms.
    log.info('three')
    await sleep(0)
    await sleep(300)
    expect(lines(file)).toEqual(['one', 'two', 'three'])
    log.info('four')
    log.error('five')
    await log.close()
    expect(lines(file)).toEqual(['one', 'two', 'three', 'four', 'five'])
    log.info('after closing')
    await sleep(250)
    expect(lines(file)).toEqual(['one', 'two', 'three', 'four', 'five'])
  })
})
