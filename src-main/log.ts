/**
 * Structured log: one JSON object per line. Callers pass an event name and plain fields; they must
 * never pass a secret, a full card token or a signature key (the gateway client redacts its own).
 */
import { closeSync, openSync, writeSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { ensurePrivateFile } from './private-files'

export type LogFields = Record<string, string | number | boolean | null | undefined | readonly string[]>
export type LogLevel = 'info' | 'warn' | 'error'

export interface Logger {
  info(event: string, fields?: LogFields): void
  warn(event: string, fields?: LogFields): void
  error(event: string, fields?: LogFields): void
  close(): Promise<void>
}

export interface LogSink {
  write(line: string): void
  close(): Promise<void>
}

/**
 * Lines wait in memory and go out together, in one synchronous write at the end of a turn of the
 * event loop that is running anyway: the first turn that logs at least FLUSH_MS after the last write.
 * A line logged sooner than that waits for such a turn, or at most MAX_WAIT_MS (a timer, for a quiet
 * app's last lines). A busy tracker logs a line per gateway exchange: a write of its own per line, then
 * (item 8 of docs/performance.md) a write stream corked for 50 ms, cost the main thread a timer's
 * wakeup every 50 ms and each write a hand-off to libuv's file thread and a wakeup for its completion;
 * appending a few kilobytes to a file is one short system call, done here on the main thread. A hard
 * crash may lose the lines of the last 200 ms at most; the history, not the log, is the record.
 * Closing writes what waits at once.
 */
const FLUSH_MS = 50
const MAX_WAIT_MS = 200

export function fileSink(file: string): LogSink {
  ensurePrivateFile(file)
  let fd: number | null = openSync(file, 'a', 0o600)
  let waiting = ''
  let lastWriteAt = -Infinity
  let soon: NodeJS.Immediate | null = null
  let late: NodeJS.Timeout | null = null
  const flush = (): void => {
    if (soon) clearImmediate(soon)
    if (late) clearTimeout(late)
    soon = null
    late = null
    lastWriteAt = performance.now()
    if (waiting === '' || fd === null) return
    const bytes = Buffer.from(waiting, 'utf8')
    waiting = ''
    try {
      for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset)
    } catch {
      // A full disk or a log folder removed under the app: those lines are lost, never a crash.
    }
  }
  return {
    write: (line) => {
      // A line logged while the app closes (a late answer) is dropped, never a crash.
      if (fd === null) return
      waiting += line
      if (soon) return
      if (performance.now() - lastWriteAt >= FLUSH_MS) {
        soon = setImmediate(flush)
      } else if (!late) {
        late = setTimeout(flush, MAX_WAIT_MS)
        late.unref()
      }
    },
    close: () => {
      flush()
      if (fd !== null) closeSync(fd)
      fd = null
      return Promise.resolve()
    },
  }
}

export function memorySink(): LogSink & { lines: string[] } {
  const lines: string[] = []
  return { lines, write: (line) => void lines.push(line), close: async () => {} }
}

export function createLogger(sink: LogSink, now: () => Date = () => new Date()): Logger {
  const write = (level: LogLevel, event: string, fields: LogFields = {}): void => {
    sink.write(`${JSON.stringify({ time: now().toISOString(), level, event, ...fields })}\n`)
  }
  return {
    info: (event, fields) => write('info', event, fields),
    warn: (event, fields) => write('warn', event, fields),
    error: (event, fields) => write('error', event, fields),
    close: () => sink.close(),
  }
}
