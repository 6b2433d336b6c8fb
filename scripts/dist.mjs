#!/usr/bin/env node
/**
 * `npm run dist`: the installers (electron-builder.yml): AppImage and deb on Linux, an NSIS installer
 * on Windows, a dmg on macOS; by default for the machine it runs on, or e.g. `npm run dist -- --linux`.
 *
 * electron-builder needs the Electron release for the target, downloaded from Electron's releases
 * (it is not on the npm registry). Where that cannot be had this says so in one line and exits 1
 * before building anything.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const require = createRequire(join(root, 'package.json'))
const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version

// Resolving 'electron' downloads its binary on first use, from the same releases electron-builder uses.
const probe = spawnSync(process.execPath, ['-e', "require('electron')"], { cwd: root, encoding: 'utf8' })
if (probe.status !== 0) {
  console.error(`npm run dist: Electron ${electronVersion} could not be downloaded on this machine (electron-builder needs its release for every target), so no installer was made.`)
  process.exit(1)
}

function run(script, args) {
  const result = spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

run(join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js'), ['build'])
run(join(dirname(require.resolve('electron-builder/package.json')), 'cli.js'), ['--config', 'electron-builder.yml', '--publish', 'never', ...process.argv.slice(2)])
