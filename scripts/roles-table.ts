/**
 * Prints the roles table of docs/operators.md from the contract's PERMISSIONS (and the words of
 * src-main/operators/call-words.ts). test/unit/operators-doc.test.ts fails when the doc's copy differs.
 * Run: npx tsx scripts/roles-table.ts
 */
import { rolesTable } from '../src-main/operators/call-words'

process.stdout.write(`${rolesTable()}\n`)
