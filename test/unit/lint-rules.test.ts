/**
 * The import rules of GUIDE.md are enforced by eslint.config.mjs; these cases prove each one bites.
 * Type-aware rules are switched off here so that code that exists only in this test can be linted.
 */
import { ESLint } from 'eslint'
import { resolve } from 'node:path'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({
  cwd: resolve(__dirname, '../..'),
  overrideConfig: [{ languageOptions: { parserOptions: { projectService: false, project: null } } }, tseslint.configs.disableTypeChecked],
})

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((message) => message.ruleId?.endsWith('no-restricted-imports')).map((message) => message.message)
}

describe('import rules', () => {
  it("allow 'electron' only in src-main/electron/ and the preload", async () => {
    const code = "import { app } from 'electron'\nexport const a = app\n"
    expect(await importErrors('src-main/services/orders.ts', code)).toEqual([expect.stringContaining('src-main/electron/')])
    expect(await importErrors('src-main/backend.ts', code)).toHaveLength(1)
    expect(await importErrors('src-main/electron/menu.ts', code)).toEqual([])
    expect(await importErrors('src-preload/index.ts', code)).toEqual([])
    expect(await importErrors('src-renderer/app/App.tsx', code)).toHaveLength(1)
  })

  it("keep the renderer away from main, Node and the preload's runtime", async () => {
    const file = 'src-renderer/features/orders/OrdersScreen.tsx'
    expect(await importErrors(file, "import { createBackend } from '../../../src-main/backend'\nexport const b = createBackend\n")).toHaveLength(1)
    expect(await importErrors(file, "import { readFileSync } from 'node:fs'\nexport const r = readFileSync\n")).toHaveLength(1)
    expect(await importErrors(file, "import { readFileSync } from 'fs'\nexport const r = readFileSync\n")).toHaveLength(1)
    expect(await importErrors(file, "import { buildApi } from '../../../src-preload/build-api'\nexport const b = buildApi\n")).toHaveLength(1)
    expect(await importErrors(file, "import { calls } from '../../../src-preload/contract'\nexport const c = calls\n")).toHaveLength(1)
    expect(await importErrors(file, "import type { Api } from '../../../src-preload/contract'\nexport type A = Api\n")).toEqual([])
  })
})

describe('words on screen', () => {
  async function wordErrors(filePath: string, code: string): Promise<number> {
    const [result] = await eslint.lintText(code, { filePath })
    return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax' && message.message.includes('catalogues')).length
  }
  const file = 'src-renderer/features/brand-new/NewScreen.tsx'

  it('refuses bare words in JSX: text, labels, hints, titles, and words chosen in an expression', async () => {
    expect(await wordErrors(file, 'export const A = () => <p>Paid today</p>\n')).toBe(1)
    expect(await wordErrors(file, 'export const A = () => <input aria-label="Search orders" />\n')).toBe(1)
    expect(await wordErrors(file, "export const A = ({ busy }: { busy: boolean }) => <button>{busy ? 'Saving…' : 'Save'}</button>\n")).toBe(2)
    expect(await wordErrors(file, 'export const A = () => <F label="Amount (RM)" hint="At most RM 5,000.00" />\nconst F = (_: { label: string; hint: string }) => null\n')).toBe(2)
    expect(await wordErrors(file, 'export const A = ({ n }: { n: number }) => <p>{`${String(n)} orders`}</p>\n')).toBe(1)
  })

  it('lets through words from the catalogue, class names, punctuation and numbers', async () => {
    const code = [
      'declare function t(id: string, values?: object): string',
      'export const A = ({ n }: { n: number }) => (',
      '  <p className="muted small" data-testid="count-line" aria-label={t(\'orders.count\', { count: n })}>',
      "    {t('orders.count', { count: n })} · {n} — {'·'}",
      '  </p>',
      ')',
    ].join('\n')
    expect(await wordErrors(file, code)).toBe(0)
  })
})
