#!/usr/bin/env node
/**
 * Builds better-sqlite3 for Electron into native/electron-<version>/better_sqlite3.node, beside (never
 * over) the Node build that npm put in node_modules/better-sqlite3 for the tests. The Electron glue
 * loads it through better-sqlite3's `nativeBinding` option. keytar is N-API: one build serves both.
 *
 * Run by `npm start` and `npm run dev`. Does nothing when the build for this Electron version exists.
 * On a machine where the Electron binary cannot be had, it says so in one line and exits 1: the app
 * cannot start there, while `npm test` (which needs only the Node build) still can.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const require = createRequire(join(root, 'package.json'))
const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version
const target = join(root, 'native', `electron-${electronVersion}`, 'better_sqlite3.node')

if (existsSync(target)) process.exit(0)

// Resolving 'electron' downloads its binary on first use (electron >= 45 has no install script).
const probe = spawnSync(process.execPath, ['-e', "require('electron')"], { cwd: root, encoding: 'utf8' })
if (probe.status !== 0) {
  console.error(
    `Electron ${electronVersion} is not available on this machine (its binary could not be downloaded): skipping the Electron build of better-sqlite3; npm start runs the app in your browser instead, and npm test works.`,
  )
  process.exit(1)
}

console.log(`Building better-sqlite3 for Electron ${electronVersion} into ${target} …`)
const work = join(root, 'native', '.build')
rmSync(work, { recursive: true, force: true })
const source = resolve(require.resolve('better-sqlite3/package.json'), '..')
cpSync(source, work, { recursive: true, filter: (path) => !path.startsWith(join(source, 'build')) })

const electronEnv = {
  ...process.env,
  // This machine's npm config may point node-gyp at Node's headers; Electron needs its own.
  npm_config_nodedir: '',
  npm_config_runtime: 'electron',
  npm_config_target: electronVersion,
  npm_config_disturl: 'https://electronjs.org/headers',
}
/** npm tells its scripts where its own node-gyp is; otherwise look beside npm. */
function nodeGyp() {
  if (process.env.npm_config_node_gyp) return process.env.npm_config_node_gyp
  const besideNpm = join(process.execPath, '..', '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')
  return existsSync(besideNpm) ? besideNpm : 'node-gyp'
}
const tries = [
  ['prebuild-install', [require.resolve('prebuild-install/bin.js'), '--runtime=electron', `--target=${electronVersion}`]],
  ['node-gyp', [nodeGyp(), 'rebuild', '--release', '--runtime=electron', `--target=${electronVersion}`, '--dist-url=https://electronjs.org/headers']],
]
let built = false
for (const [name, args] of tries) {
  const result = spawnSync(process.execPath, args, { cwd: work, stdio: 'inherit', env: electronEnv })
  if (result.status === 0 && existsSync(join(work, 'build', 'Release', 'better_sqlite3.node'))) {
    built = true
    break
  }
  console.error(`${name} did not produce an Electron build; ${name === 'node-gyp' ? 'giving up' : 'trying node-gyp'}.`)
}
if (!built) {
  rmSync(work, { recursive: true, force: true })
  process.exit(1)
}
mkdirSync(resolve(target, '..'), { recursive: true })
cpSync(join(work, 'build', 'Release', 'better_sqlite3.node'), target)
rmSync(work, { recursive: true, force: true })
console.log(`better-sqlite3 for Electron ${electronVersion} is ready.`)
