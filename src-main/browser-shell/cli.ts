/**
 * Browser mode from the command line (scripts/start.mjs runs it: `npm start -- --browser`):
 *
 *   --port N        listen on 127.0.0.1:N (default: a free port)
 *   --data-dir DIR  the data folder (default: the desktop app's own, see data-dir.ts)
 *   --no-open       print the address only; by default the system browser opens it too
 *
 * Prints this run's one-time address (with its token). Ctrl+C (SIGINT) or SIGTERM closes the server,
 * the back end (and with it the history) and releases the lock, then exits 0.
 *
 * When the app already runs on that data folder it says so, where, and exits 0: the app is running,
 * which is what was asked (as a second desktop app only brings the first one forward). With browser
 * mode there, the browser is pointed at it (unless --no-open): a tab that entered before is let in,
 * any other page is told to use the address that run printed.
 */
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { describeHolder } from '../instance-lock'
import { PRODUCT_NAME } from './data-dir'
import { openInBrowser } from './open-browser'
import { AlreadyRunningError, startBrowserShell, type BrowserShell } from './server'

/** How long closing may take before the process gives up on a clean stop. */
const CLOSE_TIMEOUT_MS = 15_000

const USAGE = `Usage: npm start -- --browser [--port N] [--data-dir DIR] [--no-open]`

function parse(): { port: number; dataDir: string | undefined; open: boolean } {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, 'data-dir': { type: 'string' }, 'no-open': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const port = values.port === undefined ? 0 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number (0-65535), not ${values.port ?? ''}`)
    process.exit(2)
  }
  // A relative --data-dir is taken from where `npm start` was typed (npm itself runs in the project's folder).
  const dataDir = values['data-dir'] === undefined ? undefined : resolve(process.env['INIT_CWD'] ?? process.cwd(), values['data-dir'])
  return { port, dataDir, open: !values['no-open'] }
}

function alreadyRunning(error: AlreadyRunningError, open: boolean): void {
  const { holder } = error
  console.log(`${PRODUCT_NAME} is already running (${describeHolder(holder)}).`)
  console.log(`  Data folder: ${error.dataDir}`)
  if (holder.mode === 'browser' && holder.url) {
    console.log('  Use it there: the tab you opened, or press Enter in its terminal for a new one-time address.')
    if (open) openInBrowser(holder.url)
  } else if (holder.mode === 'desktop') {
    console.log('  Use its window, or close it before starting the app in your browser.')
  }
  console.log(`  If it is not running after all, remove ${error.lockFile} and start again.`)
}

async function main(): Promise<number> {
  const { port, dataDir, open } = parse()

  // Ctrl+C may come while starting; it may also come twice (the terminal and npm both pass it on).
  let stop: () => void = () => {}
  const stopped = new Promise<void>((resolve) => {
    stop = resolve
  })
  process.on('SIGINT', () => stop())
  process.on('SIGTERM', () => stop())

  let shell: BrowserShell
  try {
    shell = await startBrowserShell({
      port,
      ...(dataDir === undefined ? {} : { dataDir }),
      onEnter: () => console.log(`${new Date().toLocaleTimeString()} A browser entered with the one-time address.`),
    })
  } catch (error) {
    if (error instanceof AlreadyRunningError) {
      alreadyRunning(error, open)
      return 0
    }
    throw error
  }

  console.log(`${PRODUCT_NAME} is running in your browser.`)
  console.log(`  Data folder: ${shell.dataDir}`)
  console.log(`  Open: ${shell.entryUrl}`)
  console.log('  A one-time address: once a browser has entered with it, it lets no one else in.')
  console.log(`  ${process.stdin.isTTY ? 'Press Enter here for a new one (another browser, or after closing this one), ' : ''}Ctrl+C to stop the app.`)
  if (open) openInBrowser(shell.entryUrl)
  const current = shell
  if (process.stdin.isTTY) {
    // No output given: the terminal keeps its own Ctrl+C (a SIGINT), which readline would otherwise take.
    createInterface({ input: process.stdin }).on('line', () => console.log(`  Open: ${current.newEntryUrl()}`))
  }

  await stopped
  console.log('Stopping: closing the history…')
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS, 'timeout').unref())
  if ((await Promise.race([shell.close().then(() => 'closed' as const), timeout])) === 'timeout') {
    console.error(`Could not close cleanly within ${CLOSE_TIMEOUT_MS / 1000} s; stopping anyway.`)
    return 1
  }
  console.log('Stopped.')
  return 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`${PRODUCT_NAME} could not start in your browser: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
