#!/usr/bin/env node
/**
 * `npm run dist:check`: what `npm run dist` would put in an installer, checked on a machine where the
 * Electron release cannot be downloaded. electron-builder packs the app (`--dir`, the step before
 * the installers) around a stand-in for the Electron binary that carries a real fuse wire; then
 * this reads back app.asar, app.asar.unpacked and the fuses the afterPack hook flipped.
 * Not checked here: better-sqlite3 and keytar rebuilt for Electron (npmRebuild needs Electron's
 * headers), and the installers themselves (AppImage, deb, NSIS, dmg).
 */
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { listPackage } from '@electron/asar'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fuseConfig } from './after-pack.mjs'

const root = resolve(import.meta.dirname, '..')
const require = createRequire(join(root, 'package.json'))
const work = mkdtempSync(join(tmpdir(), 'mbo-package-'))
const fail = (message) => {
  console.error(`dist:check: ${message}`)
  process.exitCode = 1
}

try {
  const built = spawnSync(process.execPath, [join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js'), 'build'], { cwd: root, stdio: 'ignore' })
  if (built.status !== 0) throw new Error('electron-vite build failed')

  // A stand-in Electron: a file with Electron's fuse sentinel and a wire of nine fuses, all as Electron ships them.
  const electronDist = join(work, 'electron')
  mkdirSync(electronDist, { recursive: true })
  const wire = Buffer.from('101001011', 'ascii')
  writeFileSync(join(electronDist, 'electron'), Buffer.concat([Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, wire.length]), wire]), { mode: 0o755 })

  const output = join(work, 'dist')
  const packed = spawnSync(
    process.execPath,
    [
      join(dirname(require.resolve('electron-builder/package.json')), 'cli.js'),
      '--config',
      'electron-builder.yml',
      '--publish',
      'never',
      '--linux',
      'dir',
      `-c.electronDist=${electronDist}`,
      '-c.npmRebuild=false',
      `-c.directories.output=${output}`,
    ],
    { cwd: root, encoding: 'utf8' },
  )
  if (packed.status !== 0) throw new Error(`electron-builder failed:\n${packed.stdout}${packed.stderr}`)

  const app = join(output, 'linux-unpacked')
  const inAsar = listPackage(join(app, 'resources', 'app.asar'), {})
  const unpacked = readdirSync(join(app, 'resources', 'app.asar.unpacked', 'node_modules'))
  const topLevel = [...new Set(inAsar.map((path) => path.split(/[\\/]/)[1]))].sort()
  console.log(`app.asar: ${inAsar.length} entries; top level: ${topLevel.join(', ')}`)
  console.log(`app.asar.unpacked/node_modules: ${unpacked.join(', ')}`)
  for (const expected of ['better-sqlite3', 'keytar', 'pg', 'pg-pool', 'pg-protocol', 'pg-types']) if (!unpacked.includes(expected)) fail(`${expected} is not unpacked`)
  for (const binary of ['better-sqlite3/build/Release/better_sqlite3.node', 'keytar/build/Release/keytar.node'])
    if (!existsSync(join(app, 'resources', 'app.asar.unpacked', 'node_modules', binary))) fail(`${binary} is missing`)
  const unexpected = topLevel.filter((name) => !['node_modules', 'out', 'package.json', 'resources'].includes(name))
  if (unexpected.length > 0) fail(`unexpected in app.asar: ${unexpected.join(', ')}`)
  if (inAsar.some((path) => /[\\/]src-|[\\/]test[\\/]bench|\.map$/.test(path) && !path.includes('node_modules'))) fail('sources, tests or source maps in app.asar')
  for (const devOnly of ['electron', 'vitest', 'electron-builder', 'typescript']) if (inAsar.includes(`/node_modules/${devOnly}`)) fail(`${devOnly} (a dev dependency) is in app.asar`)
  if (!inAsar.includes('/out/renderer/licences.json')) fail('out/renderer/licences.json is missing')
  // The screens loaded on demand are chunks of their own (issue 23): every built file the page may ask for must be packed.
  const rendererAssets = readdirSync(join(root, 'out', 'renderer', 'assets'))
  const missingAssets = rendererAssets.filter((file) => !inAsar.includes(`/out/renderer/assets/${file}`))
  if (missingAssets.length > 0) fail(`not in app.asar: ${missingAssets.map((file) => `out/renderer/assets/${file}`).join(', ')}`)
  console.log(`renderer: ${rendererAssets.filter((file) => file.endsWith('.js')).length} scripts (the first screen's and the chunks loaded on demand), all packed`)

  const flipped = await getCurrentFuseWire(join(app, 'merchant-back-office'))
  const wanted = fuseConfig({ platform: 'linux', arch: 1 })
  const fuses = Object.keys(FuseV1Options).filter((key) => Number.isNaN(Number(key)))
  for (const fuse of fuses) {
    const want = wanted[FuseV1Options[fuse]]
    const have = flipped[FuseV1Options[fuse]] === 49
    if (want !== undefined && want !== have) fail(`fuse ${fuse} is ${have ? 'on' : 'off'}, should be ${want ? 'on' : 'off'}`)
  }
  console.log(`fuses: ${fuses.map((fuse) => `${fuse} ${flipped[FuseV1Options[fuse]] === 49 ? 'on' : 'off'}`).join(', ')}`)
  if (!process.exitCode) console.log('dist:check: the packed app holds what the installers need.')
} catch (error) {
  fail(error instanceof Error ? error.message : String(error))
} finally {
  rmSync(work, { recursive: true, force: true })
}
