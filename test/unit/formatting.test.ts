/**
 * One formatter for the whole tree (issue 21): Prettier, with the settings of .prettierrc.json, checked
 * by `npm run lint`. These cases prove the check bites on what ESLint let through (a stray
 * `}    return` on one line) and that lint runs it.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import * as prettier from 'prettier'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../..')

async function formatted(code: string, file = 'src-main/services/sample.ts'): Promise<boolean> {
  const options = await prettier.resolveConfig(resolve(ROOT, file))
  return prettier.check(code, { ...options, filepath: resolve(ROOT, file) })
}

describe('the formatter', () => {
  it('refuses a statement run on after a closing brace, and accepts the same code laid out', async () => {
    expect(await formatted('export function f(a: number): number {\n  if (a > 1) {\n    a = 1\n  }    return a\n}\n')).toBe(false)
    expect(await formatted('export function f(a: number): number {\n  if (a > 1) {\n    a = 1\n  }\n  return a\n}\n')).toBe(true)
  })

  it('is the house style: no semicolons, single quotes', async () => {
    expect(await formatted("export const a = 'x'\n")).toBe(true)
    expect(await formatted('export const a = "x";\n')).toBe(false)
  })

  it('is checked by npm run lint', () => {
    const { scripts } = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    expect(scripts['lint']).toMatch(/prettier --check/)
  })
})
