/**
 * The catalogues and the code agree: every id the code asks for is in both languages, every id in
 * the catalogues is still used, and a Malay text has the English text's placeholders and tags (a
 * missing {{amount}} would show staff a sentence without its number).
 *
 * "Used" means the id appears in the renderer, src-common, src-main or the contract (src-preload) as a
 * string (`t('orders.title')`, `i18nKey="…"`, main's `say('said.records.order', …)`, the contract's
 * `says('said.input.port')`, an id kept in a table) or matches a template
 * such as `banner.${environment}.title`. A text with plural forms (`_one`, `_other`) is used through
 * its id without the suffix. Main's messages (the `said` section, src-common/said) are held to the
 * same rules: an id main says that the catalogues lack fails, and so does one nobody says any more.
 * The rarely opened screens' English sections (en-on-demand.ts) are added when a module showing them
 * is imported: each such module imports en-on-demand, or its ids would show as ids.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { en } from '../../../src-renderer/i18n/en'
import { enOnDemand } from '../../../src-renderer/i18n/en-on-demand'
import { said } from '../../../src-common/said/en'
import { ms } from '../../../src-renderer/i18n/ms'

const ROOT = resolve(__dirname, '../../..')
const PLURAL = /_(zero|one|two|few|many|other)$/

function flatten(tree: object, prefix = ''): Map<string, string> {
  const ids = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const id = `${prefix}${key}`
    if (typeof value === 'string') ids.set(id, value)
    else for (const [inner, text] of flatten(value as object, `${id}.`)) ids.set(inner, text)
  }
  return ids
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.(ts|tsx)$/.test(name) ? [path] : []
  })
}

const english = flatten({ ...en, ...enOnDemand, said })
const malay = flatten(ms)
const catalogueFiles = new Set(['src-renderer/i18n/en.ts', 'src-renderer/i18n/ms.ts', 'src-common/said/en.ts', 'src-common/said/ms.ts'].map((file) => resolve(ROOT, file)))
const code = [...sources(join(ROOT, 'src-renderer')), ...sources(join(ROOT, 'src-common')), ...sources(join(ROOT, 'src-main')), ...sources(join(ROOT, 'src-preload'))]
  .filter((file) => !catalogueFiles.has(file))
  .map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }))

const baseIds = new Set([...english.keys()].map((id) => id.replace(PLURAL, '')))
const ID_SHAPE = /^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)+$/

/** Ids written out whole in the code, and templates of ids (`banner.${environment}.title`) as patterns. */
function mentions(): { literal: Map<string, string>; templates: { pattern: RegExp; source: string; file: string }[] } {
  const literal = new Map<string, string>()
  const templates: { pattern: RegExp; source: string; file: string }[] = []
  for (const { file, text } of code) {
    for (const match of text.matchAll(/(['"])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)+)\1/g)) {
      const id = match[2] ?? ''
      if (baseIds.has(id) || english.has(id)) literal.set(id, file)
    }
    for (const match of text.matchAll(/`([a-z][A-Za-z0-9]*\.[^`\s]*\$\{[^`]*)`/g)) {
      const source = match[1] ?? ''
      const pattern = new RegExp(
        `^${source
          .split(/\$\{[^}]*\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[A-Za-z0-9_-]+')}$`,
      )
      templates.push({ pattern, source, file })
    }
  }
  return { literal, templates }
}

/** Ids the code asks the catalogue for: t('…'), t("…"), i18nKey="…", main's say('…') and the contract's says('…'). */
function asked(): { id: string; file: string }[] {
  return code.flatMap(({ file, text }) => [...text.matchAll(/\b(?:t|says?)\(\s*(['"])([^'"]+)\1|i18nKey=(['"])([^'"]+)\3/g)].map((match) => ({ id: match[2] ?? match[4] ?? '', file })))
}

// `{{max, number}}`: the format is part of the placeholder (a Malay text must format it the same way).
const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*([A-Za-z0-9_]+(?:\s*,\s*[A-Za-z]+)?)\s*\}\}|<\/?([a-z0-9]+)>/g)].map((match) => match[1] ?? `<${match[2] ?? ''}>`).sort()

describe('the catalogues', () => {
  it('have the same ids in English and Bahasa Melayu, none empty', () => {
    expect([...malay.keys()].sort()).toEqual([...english.keys()].sort())
    for (const [id, text] of [...english, ...malay]) expect(text.trim(), id).not.toBe('')
  })

  it('give each Malay text the English text’s placeholders and tags', () => {
    for (const [id, text] of english) expect(placeholders(malay.get(id) ?? ''), id).toEqual(placeholders(text))
  })

  it('hold every id the code asks for', () => {
    const missing = asked()
      .filter(({ id }) => ID_SHAPE.test(id) && !english.has(id) && !baseIds.has(id))
      .map(({ id, file }) => `${id} (${file})`)
    expect(missing).toEqual([])
    const { templates } = mentions()
    const unmatched = templates.filter(
      ({ source, pattern }) => /^[a-z]+\./.test(source) && [...english.keys()].some((id) => id.startsWith(`${source.split('.')[0] ?? ''}.`)) && ![...baseIds].some((id) => pattern.test(id)),
    )
    expect(unmatched.map(({ source, file }) => `${source} (${file})`)).toEqual([])
  })

  it('are added by every renderer module that shows a section added on demand', () => {
    const onDemandIds = new Set([...flatten(enOnDemand).keys()].map((id) => id.replace(PLURAL, '')))
    const sections = Object.keys(enOnDemand)
    const shows = (text: string): boolean =>
      [...text.matchAll(/(['"`])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_${}-]+)+)\1/g)].some(
        ({ 2: id = '' }) => onDemandIds.has(id) || (id.includes('${') && sections.some((section) => id.startsWith(`${section}.`))),
      )
    const withoutWords = code.filter(({ file, text }) => file.startsWith('src-renderer/') && shows(text) && !text.includes("import '../../i18n/en-on-demand'")).map(({ file }) => file)
    expect(withoutWords).toEqual([])
  })

  it('hold no id the code no longer uses', () => {
    const { literal, templates } = mentions()
    const unused = [...baseIds].filter((id) => !literal.has(id) && !templates.some(({ pattern }) => pattern.test(id)))
    expect(unused).toEqual([])
  })
})
