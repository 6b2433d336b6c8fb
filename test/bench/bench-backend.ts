/**
 * What the back-end benches share (not a bench itself: run.ts does not list it): a throw-away
 * keyring, a training gateway in a process of its own with known credentials (so that its work does
 * not share the back end's event loop), and a Sandbox back end on a throw-away data folder pointed at
 * it, with a clock the bench moves.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { prepareOperators, signInAs } from '../harness/operators'
import { createBackend, type Backend } from '../../src-main/backend'
import { historyFile } from '../../src-main/store/history-file'
import { createLogger, fileSink } from '../../src-main/log'
import type { CallName, CallOutput } from '../../src-preload/contract'
import { ROOT, startArgs } from './bundled'

export interface Credentials {
  clientId: string
  secretKey: string
  apiKey: string
}

/**
 * The back end keeps secrets in the keychain: a bench must never touch the user's own. Outside the
 * throw-away keyring of scripts/with-keyring.mjs this runs the same file again inside one and returns
 * false (the caller then stops); inside, it returns true.
 */
export function insideThrowawayKeyring(file: string): boolean {
  if (process.env.MBO_THROWAWAY_KEYRING === '1') return true
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/with-keyring.mjs'), process.execPath, ...startArgs(file), ...process.argv.slice(2)], {
    stdio: 'inherit',
    cwd: ROOT,
  })
  process.exitCode = result.status ?? 1
  return false
}

/** A free TCP port on loopback: listen on port 0, note the port, close. */
export async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

export interface ExternalSimulator {
  baseUrl: string
  /** The control API (/__sim/…): JSON in, JSON out; throws on a non-2xx answer. */
  control(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown>
  close(): Promise<void>
}

/** The training gateway's command line in a child process; its base URL is the first line it prints. */
export async function startExternalSimulator(credentials: Credentials): Promise<ExternalSimulator> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src-main/simulator/cli.ts'), '--port', '0', '--client-id', credentials.clientId, '--secret-key', credentials.secretKey, '--api-key', credentials.apiKey],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const exited = once(child, 'exit')
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => String(line).trim()),
    exited.then(() => {
      throw new Error('the simulator exited before printing its address')
    }),
  ])
  lines.close()
  child.stdout?.resume()
  const baseUrl = first
  return {
    baseUrl,
    async control(method, path, body) {
      const response = await fetch(`${baseUrl}/__sim${path}`, {
        method,
        ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
      })
      const text = await response.text()
      if (!response.ok) throw new Error(`simulator ${method} ${path}: ${String(response.status)} ${text}`)
      return text ? (JSON.parse(text) as unknown) : null
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      await exited
    },
  }
}

export interface BenchBackend {
  backend: Backend
  dataDir: string
  /** The Sandbox history file, for read-only counting. */
  historyFile: string
  /** Moves the app's clock (and only the app's: move the simulator's with its control API). */
  advance(ms: number): void
  call<K extends CallName>(name: K, input?: unknown): Promise<CallOutput<K>>
  close(): Promise<void>
}

/** A Sandbox back end on a throw-away data folder and keychain service, with the credentials set and Sandbox active. */
export async function startSandboxBackend(gatewayUrl: string, credentials: Credentials, options: { statusTracker?: boolean } = {}): Promise<BenchBackend> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mbo-bench-'))
  let offsetMs = 0
  const backend = await createBackend({
    dataDir,
    appName: 'Merchant Back Office',
    appVersion: '0.0.0-bench',
    runtime: 'test',
    keychainService: `mbo-bench-${randomUUID()}`,
    gatewayUrls: { sandbox: gatewayUrl },
    now: () => new Date(Date.now() + offsetMs),
    statusTracker: options.statusTracker ?? false,
    log: createLogger(fileSink(join(dataDir, 'logs', 'main.log'))),
    // Training's listener (on by default) on a port of its own, not Settings' 9900.
    trainingListenerPort: 0,
  })
  // Everything is done as the first Admin; a clock moved past the idle lock signs them in again.
  await prepareOperators(backend.dispatch, 'admin')
  const call = async <K extends CallName>(name: K, input?: unknown): Promise<CallOutput<K>> => {
    let result = await backend.dispatch(name, input)
    if (!result.ok && result.error.code === 'SIGNED_OUT') {
      await signInAs(backend.dispatch, 'admin')
      result = await backend.dispatch(name, input)
    }
    if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`)
    return result.value as CallOutput<K>
  }
  let closed = false
  const handle: BenchBackend = {
    backend,
    dataDir,
    historyFile: historyFile(dataDir, 'sandbox'),
    advance(ms) {
      offsetMs += ms
    },
    call,
    async close() {
      if (!closed) await backend.close()
      closed = true
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  try {
    await call('credentials.update', { environment: 'sandbox', ...credentials })
    await call('environment.switch', { environment: 'sandbox' })
  } catch (error) {
    await handle.close()
    throw error
  }
  return handle
}

/** A card link as the form sends it. */
export function cardLinkRequest(invoiceNumber: string, amountSen: number): unknown {
  return {
    kind: 'card',
    channel: '',
    bankCode: '',
    invoiceNumber,
    amountSen,
    descriptor: 'KEDAI ALI',
    autoRedirect: true,
    callbackUrl: 'https://shop.example.my/paid',
    failedUrl: 'https://shop.example.my/failed',
    expiryMinutes: 60,
    customer: { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789', address: '12 Jalan Ampang', city: 'Kuala Lumpur', state: 'WP Kuala Lumpur', zipCode: '50450', country: 'MY' },
    lineItems: [],
  }
}

/** Runs `task(i)` for i in [0, count) with at most `parallel` at a time. */
export async function inParallel(count: number, parallel: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++
      await task(i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker))
}

/** Columns padded to their widest cell; the first column left-aligned, the rest right-aligned. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = []
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)))
  return rows.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')).join('\n')
}

/** The value after a command-line flag (`--orders 5000`), if given. */
export function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name)
  return index > 0 ? process.argv[index + 1] : undefined
}
