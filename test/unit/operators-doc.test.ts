/** docs/operators.md's roles table is the one PERMISSIONS gives (regenerate: npx tsx scripts/roles-table.ts). */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { rolesTable } from '../../src-main/operators/call-words'
import { APPROVAL_SUBJECT } from '../../src-main/operators/desk'
import { APPROVABLE_CALLS, callNames, PERMISSIONS } from '../../src-preload/contract'

describe('the roles table', () => {
  it('in docs/operators.md is the one PERMISSIONS declares', () => {
    expect(readFileSync('docs/operators.md', 'utf8')).toContain(rolesTable())
  })

  it('approvable calls are the ones PERMISSIONS marks, each with the input field its approval is bound to', () => {
    const marked = callNames.filter((name) => PERMISSIONS[name].approvable === true)
    expect([...APPROVABLE_CALLS].sort()).toEqual(marked.sort())
    expect(Object.keys(APPROVAL_SUBJECT).sort()).toEqual(marked.sort())
  })
})
