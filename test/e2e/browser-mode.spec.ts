/**
 * Browser mode as a user runs it: `npm start` in a child process (its own process group, as in a
 * terminal), the address it prints opened in Chromium, a second start on the same data folder, and
 * Ctrl+C (SIGINT to the group, as a terminal sends it). Waits on the child's output, never on time.
 */
import { test, expect, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(__dirname, '../..')
const ENTRY = /Open: (http:\/\/127\.0\.0\.1:\d+\/__app\/enter\?token=[\w-]+)/
const NO_ELECTRON = 'Electron is not available on this machine: starting the app in your browser instead.'

interface Started {
  readonly child: ChildProcess
  output(): string
  /** Resolves with the first match of `pattern` in the output so far or to come; rejects if the process ends first. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** `npm start -- …args`, or with `direct` what npm runs for it (node scripts/start.mjs …args). */
function npmStart(args: string[], direct = false): Started {
  const [command, commandArgs] = direct ? [process.execPath, ['scripts/start.mjs', ...args]] : ['npm', ['start', '--', ...args]]
  const child = spawn(command, commandArgs, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let text = ''
  const waiters = new Set<() => void>()
  const onData = (chunk: Buffer): void => {
    text += chunk.toString('utf8')
    for (const waiter of [...waiters]) waiter()
  }
  child.stdout.on('data', onData)
  child.stderr.on('data', onData)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) => {
    child.once('close', (code, signal) => {
      resolveExit({ code, signal })
      for (const waiter of [...waiters]) waiter()
    })
  })
  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern) {
      return new Promise((resolveMatch, reject) => {
        const check = (): void => {
          const match = pattern.exec(text)
          if (match) {
            waiters.delete(check)
            resolveMatch(match)
          } else if (child.exitCode !== null || child.signalCode !== null) {
            waiters.delete(check)
            reject(new Error(`npm start ended before printing ${String(pattern)}:\n${text}`))
          }
        }
        waiters.add(check)
        check()
      })
    },
  }
}

/** Ctrl+C in the terminal: SIGINT to the whole process group (npm, the start script and the app). */
function pressCtrlC(started: Started): void {
  if (started.child.pid) process.kill(-started.child.pid, 'SIGINT')
}

/** Whatever a failed test left running is stopped (by its own process group). */
function stopForGood(started: Started | null): void {
  const pid = started?.child.pid
  if (!pid || started.child.exitCode !== null || started.child.signalCode !== null) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // already gone
  }
}

let dataDir = ''
const running: Started[] = []

test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'mbo-browser-mode-'))
})
test.afterEach(() => {
  for (const started of running.splice(0)) stopForGood(started)
  rmSync(dataDir, { recursive: true, force: true })
})

function start(args: string[], direct = false): Started {
  const started = npmStart(args, direct)
  running.push(started)
  return started
}

/** A fresh data folder has no operators: the first start asks for the first Admin. */
async function createFirstAdmin(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Create the first Admin' })
  await form.getByLabel('Your name').fill('Nur Aisyah')
  await form.getByLabel('Login').fill('aisyah')
  await form.getByLabel('PIN', { exact: true }).fill('246810')
  await form.getByLabel('PIN again').fill('246810')
  await form.getByRole('button', { name: 'Create Admin and start' }).click()
}

test('npm start -- --browser: the printed address opens Orders in Training, strangers get nothing, a second start says where it runs, Ctrl+C closes it cleanly', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const app = start(['--browser', '--no-open', '--data-dir', dataDir])
  const [, entryUrl = ''] = await app.waitFor(ENTRY)
  const origin = new URL(entryUrl).origin
  expect(app.output()).toContain('Merchant Back Office is running in your browser.')
  expect(app.output()).toContain(`Data folder: ${dataDir}`)

  // The lock: this folder is taken, by whom and where, readable by this user only.
  const lockFile = join(dataDir, 'instance.lock')
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number; mode: string; url: string }
  expect(lock).toMatchObject({ mode: 'browser', url: `${origin}/` })
  expect(statSync(lockFile).mode & 0o777).toBe(0o600)

  await page.goto(entryUrl)
  await createFirstAdmin(page)
  // A fresh desk: the first-run welcome (test/e2e/welcome.spec.ts), skipped here.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Merchant Back Office' })).toBeVisible()
  await page.getByRole('button', { name: 'Skip the welcome' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('environment-banner')).toContainText('Training')
  await expect(page).toHaveURL(`${origin}/`) // the token is gone from the address bar
  // The tab shows the app's icon, served with the page.
  const icon = await page.evaluate(async () => {
    const href = document.querySelector('link[rel="icon"]')?.getAttribute('href')
    if (!href) return null
    const response = await fetch(href)
    return { status: response.status, type: response.headers.get('content-type') }
  })
  expect(icon).toEqual({ status: 200, type: 'image/png' })
  await expect(app.waitFor(/A browser entered with the one-time address\./)).resolves.toBeTruthy()

  // Without the session cookie nothing is served and no call is made; the used address lets no one else in.
  expect((await fetch(entryUrl, { redirect: 'manual' })).status).toBe(401)
  expect((await fetch(`${origin}/`)).status).toBe(401)
  expect((await fetch(`${origin}/__app/api.js`)).status).toBe(401)
  expect((await fetch(`${origin}/__app/enter?token=not-the-token`, { redirect: 'manual' })).status).toBe(401)
  const call = await fetch(`${origin}/__app/call/app.info`, { method: 'POST', headers: { 'X-App-Call': '1', 'Content-Type': 'application/json' }, body: '{}' })
  expect(call.status).toBe(401)
  const stranger = await browser.newPage()
  expect((await stranger.goto(`${origin}/`))?.status()).toBe(401)
  await expect(stranger.locator('body')).toContainText('npm start')
  await stranger.close()

  // A page this browser opens on another port of 127.0.0.1 (another account's server, say) is sent
  // the app's cookie, which is not kept to its port; with it alone, nothing is answered.
  const cookiesHeard: string[] = []
  const otherPort = createServer((req, res) => {
    cookiesHeard.push(req.headers.cookie ?? '')
    res.end('<!doctype html><title>another server</title>')
  })
  await new Promise<void>((listening) => otherPort.listen(0, '127.0.0.1', listening))
  const elsewhere = await page.context().newPage()
  await elsewhere.goto(`http://127.0.0.1:${String((otherPort.address() as AddressInfo).port)}/`)
  await elsewhere.close()
  otherPort.close()
  const stolen = cookiesHeard.find((cookie) => cookie.includes('mbo_session=')) ?? ''
  expect(stolen).toContain('mbo_session=')
  const withStolenCookie = await new Promise<number>((answered, failed) => {
    const { port } = new URL(origin)
    const req = request(
      { host: '127.0.0.1', port, path: '/__app/call/app.info', method: 'POST', headers: { Host: `127.0.0.1:${port}`, Cookie: stolen, 'X-App-Call': '1', 'Content-Type': 'application/json' } },
      (res) => {
        res.resume()
        answered(res.statusCode ?? 0)
      },
    )
    req.on('error', failed)
    req.end('{}')
  })
  expect(withStolenCookie).toBe(401)
  // The app's own page still works: it holds the call key, which no other port can read.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders' }).click()
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toBeVisible()

  // A second start on the same data folder says the app runs already, and where, and leaves it be.
  const second = start(['--browser', '--no-open', '--data-dir', dataDir])
  expect(await second.exited).toEqual({ code: 0, signal: null })
  expect(second.output()).toContain(`Merchant Back Office is already running (in your browser at ${origin}/ — pid ${lock.pid}).`)
  expect(second.output()).not.toMatch(ENTRY)
  expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: lock.pid })
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()

  // Ctrl+C: the server, the back end and the history close, the lock goes, and the app exits 0
  // ("Stopped." is printed just before; the last test checks the code itself). npm runs the script
  // through sh, and Debian's sh (dash) re-raises a Ctrl+C it saw while waiting, so npm itself may
  // end by SIGINT, as it does for any script stopped this way.
  pressCtrlC(app)
  expect([
    { code: 0, signal: null },
    { code: null, signal: 'SIGINT' },
  ]).toContainEqual(await app.exited)
  expect(app.output()).toMatch(/Stopping: closing the history…\s+Stopped\.\s*$/)
  expect(existsSync(lockFile)).toBe(false)
  await expect(fetch(`${origin}/`)).rejects.toThrow()
  const history = join(dataDir, 'environments', 'training', 'history.sqlite3')
  expect(existsSync(`${history}-wal`)).toBe(false) // the last connection closed: its log was checkpointed away
  const db = new Database(history, { readonly: true })
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
  } finally {
    db.close()
  }
})

test('plain npm start, on this machine without Electron, says so in one line and starts in the browser', async ({ page }) => {
  const probe = spawnSync(process.execPath, ['-e', "require('electron')"], { cwd: root, encoding: 'utf8' })
  test.skip(probe.status === 0, 'Electron is available here: npm start opens the desktop app')
  // Resolving Electron tries to download its binary first; that may take a while to fail.
  test.setTimeout(240_000)
  const app = start(['--no-open', '--data-dir', dataDir])
  const [, entryUrl = ''] = await app.waitFor(ENTRY)
  const before = app.output().slice(0, app.output().indexOf('Merchant Back Office is running in your browser.'))
  expect(before.split(NO_ELECTRON)).toHaveLength(2) // exactly once
  expect(before).not.toMatch(/Downloading Electron|Error|at .*\.js:\d+/)

  await page.goto(entryUrl)
  await createFirstAdmin(page)
  await page.getByRole('button', { name: 'Skip the welcome' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
  await expect(page.getByTestId('environment-banner')).toContainText('Training')

  pressCtrlC(app)
  expect([
    { code: 0, signal: null },
    { code: null, signal: 'SIGINT' },
  ]).toContainEqual(await app.exited)
  expect(app.output()).toContain('Stopped.')
  expect(existsSync(join(dataDir, 'instance.lock'))).toBe(false)
})

test('npm start -- --help says how to start either way and starts nothing', async () => {
  const help = npmStart(['--help'])
  const { code } = await help.exited
  expect(code).toBe(0)
  expect(help.output()).toContain('npm start -- --browser')
  expect(help.output()).toContain('--data-dir DIR')
  expect(help.output()).not.toContain('starting the app')
  expect(help.output()).not.toMatch(/Open: http/)
})

test('Ctrl+C stops the start script and the app with exit code 0', async () => {
  test.setTimeout(60_000)
  const app = start(['--browser', '--no-open', '--data-dir', dataDir], true)
  await app.waitFor(ENTRY)
  pressCtrlC(app)
  expect(await app.exited).toEqual({ code: 0, signal: null })
  expect(existsSync(join(dataDir, 'instance.lock'))).toBe(false)
})
