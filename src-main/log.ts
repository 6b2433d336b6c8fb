/**
 * Structured log: one JSON object per line. Callers pass an event name and plain fields; they must
 * never pass a secret, a full card token or a signature key (the gateway client redacts its own).
 */
import { createWriteStream, type WriteStream } from 'node:fs'
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
 * How long lines wait to go out together. A busy tracker logs a line per gateway exchange, one per
 * turn of the event loop at a low concurrency, and each write hands work to libuv's file thread: on
 * a loaded machine that hand-off cost the main thread 0.1 to 0.4 ms a line (docs/performance.md).
 * Closing writes what waits at once.
 */
const FLUSH_MS = 50

export function fileSink(file: string): LogSink {
  ensurePrivateFile(file)
  const stream: WriteStream = createWriteStream(file, { flags: 'a', mode: 0o600 })
  return {
    write: (line) => {
      // A line logged while the app closes (a late answer) is dropped, never a crash.
      if (stream.writableEnded) return
      if (stream.writableCorked === 0) {
        stream.cork()
        setTimeout(() => stream.uncork(), FLUSH_MS).unref()
      }
      stream.write(line)
    },
    close: () => new Promise((resolve) => stream.end(resolve)),
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
