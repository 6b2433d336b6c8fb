/**
 * What the disk did under a cold search: the search bench's cold figures are chains of reads from the
 * disk, so they can only be read beside how many bytes each search read and how long one read took.
 *
 * - `readFromDisk()`: the bytes this process has read from the disk (not from the page cache) so far,
 *   `read_bytes` of /proc/self/io; null where there is no such file (not Linux).
 * - `randomReadLatency(file)`: the file dropped from the page cache, then 2,000 reads of one 4 KB page
 *   each at random places in it, one at a time as SQLite reads them; their p50, p99 and maximum, and
 *   how many took more than 20 ms. On this workplace's virtual disk a read usually takes 0.05–0.2 ms,
 *   but now and then one waits 100–700 ms (docs/performance.md, "A cold search is a chain of reads").
 */
import { spawnSync } from 'node:child_process'
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { percentile } from './timing'

const PAGE = 4096
const READS = 2_000
/** A read slower than this is counted apart: a search that waits for it misses its target alone. */
const SLOW_MS = 20

/** Bytes this process has read from the disk so far, or null when the system does not say. */
export function readFromDisk(): number | null {
  try {
    const match = /^read_bytes: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))
    return match ? Number(match[1]) : null
  } catch {
    return null
  }
}

/**
 * Drops the file from the operating system's page cache: posix_fadvise(POSIX_FADV_DONTNEED) on the
 * whole file through GNU dd's `iflag=nocache` (Node has no fadvise of its own), then asks fincore how
 * much of it is still resident. Null when dd cannot do it here (not GNU/Linux).
 */
export function dropFromPageCache(file: string): { residentBefore: string; residentAfter: string } | null {
  const resident = (): string => {
    const result = spawnSync('fincore', ['--bytes', '--noheadings', '--output', 'RES', file], { encoding: 'utf8' })
    return result.status === 0 ? `${(Number(result.stdout.trim()) / 1_048_576).toFixed(0)} MB` : 'unknown (no fincore)'
  }
  const residentBefore = resident()
  const dropped = spawnSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0'], { stdio: 'ignore' })
  if (dropped.status !== 0) return null
  return { residentBefore, residentAfter: resident() }
}

export interface ReadLatency {
  p50: number
  p99: number
  max: number
  /** Reads that took more than SLOW_MS. */
  slow: number
  reads: number
}

/** Random single-page reads of `file` out of the page cache; null when it cannot be dropped from it. */
export function randomReadLatency(file: string): ReadLatency | null {
  if (dropFromPageCache(file) === null) return null
  const pages = Math.floor(statSync(file).size / PAGE)
  const fd = openSync(file, 'r')
  const buffer = Buffer.alloc(PAGE)
  const times: number[] = []
  try {
    for (let i = 0; i < READS; i += 1) {
      const started = performance.now()
      readSync(fd, buffer, 0, PAGE, Math.floor(Math.random() * pages) * PAGE)
      times.push(performance.now() - started)
    }
  } finally {
    closeSync(fd)
  }
  // The pages read stay in the page cache: a cold pass after this drops the file again itself.
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? Number.NaN, slow: times.filter((ms) => ms > SLOW_MS).length, reads: times.length }
}

/** "p50 0.06 ms, p99 0.14 ms, max 3.1 ms; 0 of 2,000 over 20 ms". */
export function describeLatency(latency: ReadLatency): string {
  return `p50 ${latency.p50.toFixed(2)} ms, p99 ${latency.p99.toFixed(2)} ms, max ${latency.max.toFixed(1)} ms; ${String(latency.slow)} of ${latency.reads.toLocaleString('en-GB')} over ${String(SLOW_MS)} ms`
}
