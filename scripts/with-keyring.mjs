#!/usr/bin/env node
/**
 * Runs a command inside a private D-Bus session with a throw-away, unlocked gnome-keyring, so that
 * keytar talks to a real Secret Service without touching the user's own keychain.
 *   node scripts/with-keyring.mjs vitest run
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const command = process.argv.slice(2)
if (command.length === 0) {
  console.error('usage: node scripts/with-keyring.mjs <command> [args...]')
  process.exit(2)
}

const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status !== 0)
if (missing.length > 0) {
  console.error(`The keychain tests need ${missing.join(' and ')}: on Debian, apt-get install dbus gnome-keyring libsecret-1-0.`)
  process.exit(1)
}

const home = mkdtempSync(join(tmpdir(), 'mbo-keyring-'))
const runtimeDir = join(home, 'run')
mkdirSync(runtimeDir, { mode: 0o700 })
// The daemon reads the new keyring's password on stdin; --unlock creates and unlocks "login".
const startKeyring = 'printf "%s" "$MBO_KEYRING_PASSWORD" | gnome-keyring-daemon --unlock --components=secrets >/dev/null && unset MBO_KEYRING_PASSWORD && exec "$@"'
const result = spawnSync('dbus-run-session', ['--', 'sh', '-c', startKeyring, 'sh', ...command], {
  stdio: 'inherit',
  env: {
    ...process.env,
    XDG_DATA_HOME: join(home, 'data'),
    XDG_RUNTIME_DIR: runtimeDir,
    MBO_KEYRING_PASSWORD: randomBytes(16).toString('hex'),
    MBO_THROWAWAY_KEYRING: '1',
  },
})
rmSync(home, { recursive: true, force: true })
if (result.error) {
  console.error(`Could not start the throw-away keyring: ${result.error.message}`)
  process.exit(1)
}
process.exit(result.status ?? 1)
