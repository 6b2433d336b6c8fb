/**
 * The desktop packaging, checked without Electron's release (it cannot be downloaded everywhere):
 * electron-builder.yml read as electron-builder reads it, the afterPack hook's fuses, the committed
 * icons and the licence notices the build writes. `npm run dist:check` packs the app for real around
 * a stand-in Electron (README, "Make installers").
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type * as Fuses from '@electron/fuses'
import { outsideAsar } from '../../../src-main/store/postgres/sync-connection'

const root = resolve(__dirname, '../../..')
const require = createRequire(join(root, 'package.json'))
const yaml = require('js-yaml') as { load: (text: string) => unknown }
const minimatch = require('minimatch') as (path: string, pattern: string, options?: { dot?: boolean }) => boolean

interface BuilderConfig {
  appId: string
  productName: string
  files: string[]
  asar: boolean
  asarUnpack: string[]
  afterPack: string
  npmRebuild: boolean
  fileAssociations: unknown[]
  linux: { target: string[]; icon: string }
  win: { target: string[]; icon: string }
  mac: { target: string[]; icon: string }
}
const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; dependencies?: Record<string, string> }> }
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { productName: string; scripts: Record<string, string> }

/** A package and everything it needs at run time, by the lockfile. */
function closure(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name) || !lock.packages[`node_modules/${name}`]) return seen
  seen.add(name)
  for (const dependency of Object.keys(lock.packages[`node_modules/${name}`]?.dependencies ?? {})) closure(dependency, seen)
  return seen
}
const unpacked = (path: string): boolean => config.asarUnpack.some((pattern) => minimatch(path, pattern, { dot: true }))
/** electron-builder's `files`: the last pattern that matches decides ('!' excludes). */
const included = (path: string): boolean =>
  config.files.reduce((keep, pattern) => (pattern.startsWith('!') ? (minimatch(path, pattern.slice(1), { dot: true }) ? false : keep) : minimatch(path, pattern, { dot: true }) ? true : keep), false)

describe('electron-builder.yml', () => {
  it('names the app and makes AppImage and deb, NSIS and dmg installers, with no file associations', () => {
    expect(config.appId).toBe('my.merchant.backoffice')
    expect(config.productName).toBe(manifest.productName)
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
    expect(config.win.target).toEqual(['nsis'])
    expect(config.mac.target).toEqual(['dmg'])
    expect(config.fileAssociations).toEqual([])
    for (const icon of [config.linux.icon, config.win.icon, config.mac.icon]) expect(existsSync(join(root, icon)), icon).toBe(true)
  })

  it('packs the built app only: out/ and the window icon, no sources, tests, benchmarks or source maps', () => {
    for (const path of ['package.json', 'out/main/index.js', 'out/preload/index.js', 'out/renderer/index.html', 'out/renderer/licences.json', 'resources/icon.png'])
      expect(included(path), path).toBe(true)
    for (const path of [
      'src-main/backend.ts',
      'src-renderer/main.tsx',
      'test/bench/run.ts',
      'test/unit/electron/menu.test.ts',
      'scripts/seed.ts',
      'native/electron-45.4.1/better_sqlite3.node',
      'out/main/index.js.map',
      'docs/security.md',
      'resources/icon.svg',
    ])
      expect(included(path), path).toBe(false)
    expect(config.asar).toBe(true)
  })

  it('unpacks the native modules, and pg with all it needs for the worker that runs it', () => {
    for (const path of [
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      'node_modules/keytar/build/Release/keytar.node',
      'node_modules/better-sqlite3/lib/index.js',
      'node_modules/bindings/bindings.js',
    ])
      expect(unpacked(path), path).toBe(true)
    const pg = closure('pg')
    expect(pg.size).toBeGreaterThan(5)
    for (const name of pg) expect(unpacked(`node_modules/${name}/package.json`), name).toBe(true)
    expect(unpacked('node_modules/react-dom/index.js')).toBe(false)
    expect(unpacked('out/main/index.js')).toBe(false)
  })

  it('builds the native modules for Electron when packaging, never when installing', () => {
    expect(config.npmRebuild).toBe(true)
    for (const hook of ['install', 'preinstall', 'postinstall']) expect(manifest.scripts[hook]).toBeUndefined()
    expect(manifest.scripts.dist).toBe('node scripts/dist.mjs')
    expect(config.afterPack).toBe('scripts/after-pack.mjs')
  })

  it('loads pg in the worker from app.asar.unpacked once packaged, and from node_modules otherwise', () => {
    expect(outsideAsar('/opt/Merchant Back Office/resources/app.asar/node_modules/pg/lib/index.js')).toBe('/opt/Merchant Back Office/resources/app.asar.unpacked/node_modules/pg/lib/index.js')
    expect(outsideAsar('C:\\Program Files\\Merchant Back Office\\resources\\app.asar\\node_modules\\pg\\lib\\index.js')).toBe(
      'C:\\Program Files\\Merchant Back Office\\resources\\app.asar.unpacked\\node_modules\\pg\\lib\\index.js',
    )
    expect(outsideAsar('/work/main/node_modules/pg/lib/index.js')).toBe('/work/main/node_modules/pg/lib/index.js')
  })
})

const flipFuses = vi.fn<(binary: string, fuses: Record<string | number, unknown>) => Promise<number>>(() => Promise.resolve(0))
vi.mock('@electron/fuses', async (importOriginal) => {
  const actual = await importOriginal<typeof Fuses>()
  return { ...actual, flipFuses: (binary: string, fuses: Record<string | number, unknown>) => flipFuses(binary, fuses) }
})

describe('the afterPack hook', () => {
  const context = (electronPlatformName: string, arch: number) => ({
    appOutDir: '/build/out',
    electronPlatformName,
    arch,
    packager: { appInfo: { productFilename: 'Merchant Back Office' }, executableName: 'merchant-back-office' },
  })

  it('turns off RunAsNode, NODE_OPTIONS and --inspect, and turns on asar integrity, asar only and cookie encryption', async () => {
    const { FuseV1Options } = await import('@electron/fuses')
    const { default: afterPack } = await import('../../../scripts/after-pack.mjs')
    await afterPack(context('linux', 1))
    expect(flipFuses).toHaveBeenCalledTimes(1)
    const [binary, fuses] = flipFuses.mock.calls[0] ?? []
    expect(binary).toBe('/build/out/merchant-back-office')
    expect(fuses).toMatchObject({
      version: '1',
      resetAdHocDarwinSignature: false,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    })
  })

  it('flips the .exe on Windows and the .app on macOS, re-signing an Apple Silicon build', async () => {
    const { default: afterPack } = await import('../../../scripts/after-pack.mjs')
    await afterPack(context('win32', 1))
    await afterPack(context('darwin', 3))
    expect(flipFuses.mock.calls.map(([binary]) => binary)).toEqual([join('/build/out', 'Merchant Back Office.exe'), join('/build/out', 'Merchant Back Office.app')])
    expect(flipFuses.mock.calls[1]?.[1]).toMatchObject({ resetAdHocDarwinSignature: true })
  })

  afterEach(() => flipFuses.mockClear())
})

describe('the fuses, flipped for real by @electron/fuses', () => {
  it('lands in the binary as on and off bytes of the fuse wire', async () => {
    const actual = await vi.importActual<typeof Fuses>('@electron/fuses')
    const { fuseConfig } = await import('../../../scripts/after-pack.mjs')
    const folder = mkdtempSync(join(tmpdir(), 'mbo-fuses-'))
    try {
      // A stand-in binary: Electron's sentinel and a wire of nine fuses as Electron ships them.
      const binary = join(folder, 'electron')
      writeFileSync(binary, Buffer.concat([Buffer.alloc(32), Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, 9]), Buffer.from('101001011'), Buffer.alloc(32)]))
      await actual.flipFuses(binary, fuseConfig({ platform: 'linux', arch: 1 }))
      const wire = await actual.getCurrentFuseWire(binary)
      const on = (fuse: Fuses.FuseV1Options): boolean => wire[fuse] === actual.FuseState.ENABLE
      const { FuseV1Options } = actual
      expect(on(FuseV1Options.RunAsNode)).toBe(false)
      expect(on(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(false)
      expect(on(FuseV1Options.EnableNodeCliInspectArguments)).toBe(false)
      expect(on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(true)
      expect(on(FuseV1Options.OnlyLoadAppFromAsar)).toBe(true)
      expect(on(FuseV1Options.EnableCookieEncryption)).toBe(true)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})

describe('the icons (npm run icons, committed)', () => {
  it('has every PNG size, an .ico of seven PNGs and an .icns of eleven', async () => {
    const { readIcoDirectory, readIcnsElements } = await import('../../../scripts/icon-formats.mjs')
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47])
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
      const file = readFileSync(join(root, 'resources', 'icons', `${size}x${size}.png`))
      expect(file.subarray(0, 4)).toEqual(png)
      expect([file.readUInt32BE(16), file.readUInt32BE(20)]).toEqual([size, size])
    }
    const ico = readFileSync(join(root, 'resources', 'icon.ico'))
    const directory = readIcoDirectory(ico)
    expect(directory.map((entry) => entry.size)).toEqual([16, 24, 32, 48, 64, 128, 256])
    for (const entry of directory) expect(ico.subarray(entry.offset, entry.offset + 4)).toEqual(png)
    const icns = readIcnsElements(readFileSync(join(root, 'resources', 'icon.icns')))
    expect(icns.map((element) => element.type)).toEqual(['icp4', 'icp5', 'ic11', 'icp6', 'ic12', 'ic07', 'ic08', 'ic13', 'ic09', 'ic14', 'ic10'])
    for (const element of icns) expect(element.data.subarray(0, 4)).toEqual(png)
  })
})

describe('the licence notices (written by the renderer build)', () => {
  it('name every shipped package with its licence, and no development tool', async () => {
    const { collectLicences, licenceNotices } = await import('../../../scripts/licences.mjs')
    const notices = collectLicences(root)
    const names = notices.map((notice) => notice.name)
    for (const shipped of ['better-sqlite3', 'keytar', 'pg', 'react', 'react-dom', 'zod', 'undici']) expect(names).toContain(shipped)
    for (const tool of ['electron', 'electron-builder', 'vitest', 'typescript', 'sharp']) expect(names).not.toContain(tool)
    expect(notices.every((notice) => notice.license !== 'UNKNOWN')).toBe(true)
    expect(notices.find((notice) => notice.name === 'better-sqlite3')?.text).toMatch(/Permission is hereby granted/)

    // The build's plugin writes them as licences.json beside index.html.
    const emitted: { fileName: string; source: string }[] = []
    const plugin = licenceNotices(root) as unknown as { generateBundle: (this: { emitFile: (file: { fileName: string; source: string }) => void }) => void }
    plugin.generateBundle.call({ emitFile: (file) => void emitted.push(file) })
    expect(emitted.map((file) => file.fileName)).toEqual(['licences.json'])
    expect((JSON.parse(emitted[0]?.source ?? '[]') as unknown[]).length).toBe(notices.length)
  })
})
