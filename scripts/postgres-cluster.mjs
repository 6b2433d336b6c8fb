/**
 * A throw-away PostgreSQL cluster for the team-mode tests and benchmarks: initdb in a fresh temp
 * folder, postgres on a free loopback port, gone again after stop(). Plain JavaScript so that
 * run-tests.mjs can import it; TypeScript (vitest's global setup, a bench under tsx) imports
 * startCluster from test/support/postgres.ts, which carries its types.
 *
 *   const cluster = await startCluster({ label: 'vitest' })
 *   // … postgres://app@127.0.0.1:<port>/postgres in cluster.url (user app, trust, superuser)
 *   await cluster.stop()
 *
 * Debian's `postgresql` package (npm run setup) keeps its binaries in /usr/lib/postgresql/<version>/bin,
 * off PATH; the newest version there is used (POSTGRES_BIN_DIR overrides). As root the cluster runs
 * as the `postgres` user (PostgreSQL refuses to run as root).
 *
 * The folder goes under os.tmpdir(), or TEST_POSTGRES_TMPDIR: initdb takes about 1.3 s on this
 * machine's ext4 /tmp and 0.35 s on a tmpfs such as /dev/shm (which, in a container, may be too
 * small: Docker's default is 64 MB).
 */
import { spawn, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const DEBIAN_ROOT = '/usr/lib/postgresql'
const PREFIX = 'mbo-pg-'
const baseDir = () => process.env['TEST_POSTGRES_TMPDIR'] || tmpdir()
const NOT_INSTALLED = 'PostgreSQL is not installed (Debian: apt-get install postgresql, or npm run setup)'

/** The newest /usr/lib/postgresql/<version>/bin with initdb, pg_ctl and postgres in it; throws if none. */
export function findPostgresBin() {
  const fromEnv = process.env['POSTGRES_BIN_DIR']
  if (fromEnv) {
    if (!hasBinaries(fromEnv)) throw new Error(`POSTGRES_BIN_DIR=${fromEnv} has no initdb, pg_ctl and postgres. ${NOT_INSTALLED}`)
    return fromEnv
  }
  let versions = []
  try {
    versions = readdirSync(DEBIAN_ROOT).filter((name) => /^\d+(\.\d+)?$/.test(name))
  } catch {
    // No /usr/lib/postgresql at all.
  }
  versions.sort((a, b) => Number(b) - Number(a))
  for (const version of versions) {
    const bin = join(DEBIAN_ROOT, version, 'bin')
    if (hasBinaries(bin)) return bin
  }
  throw new Error(`${NOT_INSTALLED}: no ${DEBIAN_ROOT}/<version>/bin with initdb, pg_ctl and postgres`)
}

function hasBinaries(bin) {
  return ['initdb', 'pg_ctl', 'postgres'].every((tool) => existsSync(join(bin, tool)))
}

/** A port free on loopback right now (bind to port 0, read it, let it go). */
export function freeLoopbackPort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

/** Runs a PostgreSQL tool (as postgres when we are root), synchronously; throws with its output on failure. */
function runTool(bin, tool, args, cwd) {
  const [command, commandArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args]
  const result = spawnSync(command, commandArgs, { cwd, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C', LANG: 'C' } })
  if (result.error) throw new Error(`${tool} did not run: ${result.error.message}`)
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() }
}

/** The same, without blocking the event loop (pg_ctl start -w waits for the server). */
function runToolAsync(bin, tool, args, cwd) {
  const [command, commandArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args]
  return new Promise((resolve, reject) => {
    // detached: the server pg_ctl leaves behind is not in our process group, so a Ctrl-C in the
    // terminal reaches us (and our cleanup stops it) rather than killing it under running tests.
    const child = spawn(command, commandArgs, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C', LANG: 'C' } })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('error', (error) => reject(new Error(`${tool} did not run: ${error.message}`)))
    child.once('close', (code) => resolve({ ok: code === 0, output: output.trim() }))
  })
}

/** Clusters of this process still running: stopped on exit, SIGINT and SIGTERM if stop() was not called. */
const live = new Set()
let handlersInstalled = false

function stopNow(cluster) {
  if (!live.delete(cluster)) return
  runTool(cluster.bin, 'pg_ctl', ['-D', cluster.dataDir, '-m', 'immediate', '-w', 'stop'], cluster.dir)
  rmSync(cluster.dir, { recursive: true, force: true })
}

function installHandlers() {
  if (handlersInstalled) return
  handlersInstalled = true
  process.on('exit', () => {
    for (const cluster of [...live]) stopNow(cluster)
  })
  for (const signal of ['SIGINT', 'SIGTERM']) {
    const onSignal = () => {
      for (const cluster of [...live]) stopNow(cluster)
      process.off(signal, onSignal)
      // Our listener replaced the default (exit); if nobody else handles the signal, die of it as usual.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
    }
    process.on(signal, onSignal)
  }
}

function processAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

/**
 * Clusters left behind by a process that died without cleaning up (SIGKILL, a crash): each folder
 * records its owner's pid; when that process is gone, its server is stopped and the folder removed.
 */
function sweepOrphans(bin) {
  let names = []
  try {
    names = readdirSync(baseDir()).filter((name) => name.startsWith(PREFIX))
  } catch {
    return
  }
  for (const name of names) {
    const dir = join(baseDir(), name)
    let owner
    try {
      owner = Number(readFileSync(join(dir, 'owner.pid'), 'utf8'))
    } catch {
      continue
    }
    if (!Number.isInteger(owner) || owner <= 0 || processAlive(owner)) continue
    const dataDir = join(dir, 'data')
    if (existsSync(join(dataDir, 'postmaster.pid'))) runTool(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], dir)
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Starts a throw-away cluster and resolves once it accepts connections.
 * - label: a few letters for the temp folder's name (which run it belongs to).
 * - durable: keep PostgreSQL's durability settings (fsync and the rest) for a benchmark that should
 *   measure what a real server pays for a commit; off by default.
 * - settings: extra server settings, e.g. { shared_buffers: '256MB' }.
 * Returns { url, port, dataDir, bin, version, stop() }; stop() stops the server and removes the folder.
 */
export async function startCluster({ label = 'test', durable = false, settings = {} } = {}) {
  const bin = findPostgresBin()
  sweepOrphans(bin)
  const safeLabel =
    String(label)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 16) || 'test'
  const dir = mkdtempSync(join(baseDir(), `${PREFIX}${safeLabel}-`))
  const dataDir = join(dir, 'data')
  const cluster = { bin, dir, dataDir }
  try {
    writeFileSync(join(dir, 'owner.pid'), String(process.pid))
    // mkdtemp made it 0700; as root the server's user must own it (and the socket and log in it).
    if (isRoot) chownSync(dir, ...postgresIds())
    live.add(cluster)
    installHandlers()

    const init = (locale) => runTool(bin, 'initdb', ['-D', dataDir, '-A', 'trust', '-U', 'app', '-E', 'UTF8', `--locale=${locale}`, '--no-sync', '--no-instructions'], dir)
    // C.UTF-8: byte order like C, but Unicode character classes (pg_trgm's idea of a letter in "Müller").
    let initialized = init('C.UTF-8')
    if (!initialized.ok && /locale/i.test(initialized.output)) initialized = init('C')
    if (!initialized.ok) throw new Error(`initdb failed:\n${initialized.output}`)

    const serverSettings = {
      listen_addresses: '127.0.0.1',
      max_connections: '200',
      // A throw-away test cluster: speed over durability. A crash loses it, and nobody minds.
      ...(durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
      ...settings,
    }
    // pg_ctl hands -o to /bin/sh: every value is quoted for it.
    const shellQuote = (text) => `'${text.replaceAll("'", "'\\''")}'`
    const options = Object.entries(serverSettings).map(([name, value]) => `-c ${shellQuote(`${name}=${String(value)}`)}`)
    // The Unix socket sits in the folder too, unless its path would be too long for a socket.
    const socketDir = shellQuote(join(dir, '.s.PGSQL.65535').length < 100 ? dir : '')

    // The port is free when we look and may be taken before the server binds it: then try another.
    for (let attempt = 1; ; attempt += 1) {
      const port = await freeLoopbackPort()
      const logFile = join(dir, `log-${port}`)
      const started = await runToolAsync(bin, 'pg_ctl', ['-D', dataDir, '-o', `-p ${port} -k ${socketDir} ${options.join(' ')}`, '-l', logFile, '-w', '-t', '60', 'start'], dir)
      if (started.ok) {
        const version = runTool(bin, 'postgres', ['--version'], dir).output
        return {
          url: `postgres://app@127.0.0.1:${port}/postgres`,
          port,
          dataDir,
          bin,
          version,
          stop: async () => {
            if (!live.has(cluster)) return
            live.delete(cluster)
            const stopped = await runToolAsync(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'], dir)
            if (!stopped.ok) runTool(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], dir)
            rmSync(dir, { recursive: true, force: true })
          },
        }
      }
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''
      if (attempt < 3 && /could not (bind|create listen socket)|already in use/i.test(log)) continue
      throw new Error(`PostgreSQL did not start (${join(bin, 'pg_ctl')}):\n${started.output}\n${log}`.trim())
    }
  } catch (error) {
    stopNow(cluster)
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

function postgresIds() {
  const ids = (flag) => {
    const result = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`No postgres user to run the cluster as root. ${NOT_INSTALLED}`)
    return Number(result.stdout.trim())
  }
  return [ids('-u'), ids('-g')]
}
