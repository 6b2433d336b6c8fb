/**
 * The licence notices of everything the app ships: the production dependencies in package-lock.json
 * (the packages in app.asar and the ones bundled into the renderer), each with its licence name and
 * the text of its LICENSE/LICENCE/COPYING file. The renderer build writes them to
 * out/renderer/licences.json (electron.vite.config.ts), which the About panel reads; nothing
 * generated is committed.
 *
 *   node scripts/licences.mjs            prints the notices as text (for an installer's licence page)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const LICENCE_FILE = /^(licen[cs]e|copying|notice)(\.(md|txt|markdown))?$/i

/** The shipped packages of the lockfile at `root`, with their licences, sorted by name. */
export function collectLicences(root) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))
  const notices = []
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    // '' is the app itself; dev (and dev-only optional) packages are not shipped.
    if (path === '' || entry.dev || entry.devOptional || entry.link) continue
    const folder = join(root, path)
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
    if (!existsSync(folder)) continue // an optional package for another platform
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'))
    const files = readdirSync(folder)
      .filter((file) => LICENCE_FILE.test(file))
      .sort()
    const text = files.map((file) => readFileSync(join(folder, file), 'utf8').trim()).join('\n\n') || readmeLicence(folder)
    notices.push({
      name,
      version: manifest.version ?? entry.version ?? '',
      license: licenceName(manifest.license ?? entry.license),
      text,
    })
  }
  const unique = new Map(notices.map((notice) => [`${notice.name}@${notice.version}`, notice]))
  return [...unique.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version))
}

/** A package without a licence file often states it in its README's "License" section: that section. */
function readmeLicence(folder) {
  const readme = readdirSync(folder).find((file) => /^readme(\.(md|markdown|txt))?$/i.test(file))
  if (!readme) return ''
  const match = /^(#+)\s*licen[cs]e[^\n]*\n([\s\S]*?)(?=^#{1,6}\s|(?![\s\S]))/im.exec(readFileSync(join(folder, readme), 'utf8'))
  return match ? match[2].trim() : ''
}

function licenceName(license) {
  if (typeof license === 'string') return license
  if (license && typeof license === 'object' && typeof license.type === 'string') return license.type
  return 'UNKNOWN'
}

/** A Vite plugin for the renderer build: emits licences.json beside index.html. */
export function licenceNotices(root) {
  return {
    name: 'licence-notices',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'licences.json', source: JSON.stringify(collectLicences(root)) })
    },
  }
}

export function asText(notices) {
  return notices.map((notice) => `${notice.name} ${notice.version} (${notice.license})\n\n${notice.text || 'No licence file in the package.'}`).join(`\n\n${'-'.repeat(72)}\n\n`)
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  process.stdout.write(`${asText(collectLicences(resolve(import.meta.dirname, '..')))}\n`)
}
