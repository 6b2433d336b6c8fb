#!/usr/bin/env node
/**
 * `npm start`: the desktop app where Electron can be had, the same app in the browser otherwise.
 *
 *   npm start                      Electron if its binary is here (or can be downloaded), else browser mode
 *   npm start -- --browser         browser mode, whatever the machine
 *   npm start -- --browser --no-open --port 8080 --data-dir ./.tmp/data
 *   npm start -- --help            what the two ways to start take
 *
 * Electron: builds better-sqlite3 for it (scripts/build-electron-native.mjs), then `electron-vite
 * preview`, as `npm start` always did; other arguments go to electron-vite. Browser mode: builds the
 * app (`electron-vite build`) only when out/renderer is missing or older than its sources, then runs
 * src-main/browser-shell/cli.ts under tsx with the remaining arguments (--port, --data-dir, --no-open).
 * Browser mode runs from a checkout: tsx, esbuild and electron-vite are devDependencies.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { constants } from 'node:os'
import { dirname, join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const require = createRequire(join(root, 'package.json'))
const BROWSER_ONLY_FLAGS = new Set(['--port', '--data-dir', '--no-open'])
/** What the built renderer (out/renderer/index.html) is made from: a newer file here means build again. */
const RENDERER_SOURCES = ['src-renderer', 'src-preload', 'src-common', 'src-main/security/csp.ts', 'electron.vite.config.ts']

const args = process.argv.slice(2)
const forceBrowser = args.includes('--browser')
const rest = args.filter((arg) => arg !== '--browser')

/** Resolving 'electron' downloads its binary on first use; where that cannot happen, it throws. */
function electronAvailable() {
  const probe = spawnSync(process.execPath, ['-e', "require('electron')"], { cwd: root, encoding: 'utf8' })
  return probe.status === 0
}

function newestMtime(path) {
  let stat
  try {
    stat = statSync(path)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

function rendererIsStale() {
  const built = join(root, 'out', 'renderer', 'index.html')
  if (!existsSync(built)) return true
  const builtAt = statSync(built).mtimeMs
  return RENDERER_SOURCES.some((source) => newestMtime(join(root, source)) > builtAt)
}

let child = null
let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true
    // The app stops cleanly on either; a terminal's Ctrl+C may reach it directly too (it copes).
    child?.kill(signal)
  })
}

/** Runs a command to its end with this terminal; resolves to its exit code. */
function run(command, commandArgs) {
  return new Promise((resolvePromise) => {
    // npm runs scripts in the project's folder and says in INIT_CWD where it was called from.
    child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() } })
    child.once('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`)
      resolvePromise(1)
    })
    child.once('exit', (code, signal) => {
      child = null
      resolvePromise(code ?? 128 + (constants.signals[signal] ?? 0))
    })
  })
}

const electronVite = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js')

async function electronMode() {
  const ignored = rest.filter((arg) => BROWSER_ONLY_FLAGS.has(arg.split('=')[0]))
  if (ignored.length > 0) console.log(`${ignored.join(', ')}: for browser mode only (npm start -- --browser …); ignored.`)
  const passed = []
  for (let i = 0; i < rest.length; i += 1) {
    const [flag] = rest[i].split('=')
    if (!BROWSER_ONLY_FLAGS.has(flag)) passed.push(rest[i])
    else if (flag !== '--no-open' && !rest[i].includes('=')) i += 1
  }
  const native = await run(process.execPath, [join(root, 'scripts', 'build-electron-native.mjs')])
  if (native !== 0 || interrupted) return native || 130
  return run(process.execPath, [electronVite, 'preview', ...passed])
}

async function browserMode() {
  if (rendererIsStale()) {
    console.log('Building the app for the browser (first start, or its sources changed)…')
    const built = await run(process.execPath, [electronVite, 'build'])
    if (built !== 0) return built
  }
  if (interrupted) return 130
  return run(process.execPath, ['--import', 'tsx', join(root, 'src-main', 'browser-shell', 'cli.ts'), ...rest])
}

const HELP = `Merchant Back Office

  npm start                 the desktop app where Electron can be had, else the same app in your browser
  npm start -- --browser    the app in your browser, whatever the machine

In the browser (the app's back end runs in this terminal; Ctrl+C stops it):
  --port N          the port on 127.0.0.1 (default: a free one)
  --data-dir DIR    the data folder (default: the desktop app's, so both share one history)
  --no-open         print the one-time address without opening a browser

  --help, -h        this help`

async function main() {
  // Asked before anything starts: what the two ways to start take.
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP)
    return 0
  }
  if (!forceBrowser) {
    if (electronAvailable()) return electronMode()
    console.log('Electron is not available on this machine: starting the app in your browser instead.')
  }
  return browserMode()
}

process.exitCode = await main()
