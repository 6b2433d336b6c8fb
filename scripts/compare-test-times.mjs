// Issue 23's "no test gets slower than today by more than 10 %": compares two `npm test` logs (the
// output .ci/run keeps), test file by test file for vitest and test by test for Playwright, and
// lists each one that took more than 10 % (and more than half a second) longer in the second.
// Timings of a shared machine are noisy: read the list beside both runs' load, not as a verdict.
// Usage: node scripts/compare-test-times.mjs before.log after.log
import { readFileSync } from 'node:fs'

// eslint-disable-next-line no-control-regex -- the terminal colour codes of the logs are what is taken out
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '')

function times(file) {
  const found = new Map()
  for (const line of plain(readFileSync(file, 'utf8')).split('\n')) {
    const vitest = /✓ (test\/\S+) \(\d+ tests?(?: \| \d+ skipped)?\) (\d+)ms/.exec(line)
    if (vitest) found.set(vitest[1], Number(vitest[2]))
    const playwright = /✓ +\d+ (test\/e2e\/\S+?):\d+:\d+ › (.+) \((\d+(?:\.\d+)?)(m?s)\)$/.exec(line)
    if (playwright) found.set(`${playwright[1]} › ${playwright[2]}`, Number(playwright[3]) * (playwright[4] === 's' ? 1000 : 1))
  }
  return found
}

const [beforeFile, afterFile] = process.argv.slice(2)
if (!beforeFile || !afterFile) {
  console.error('Usage: node scripts/compare-test-times.mjs before.log after.log')
  process.exit(2)
}
const before = times(beforeFile)
const after = times(afterFile)
const slower = []
let compared = 0
for (const [name, ms] of after) {
  const was = before.get(name)
  if (was === undefined) continue
  compared += 1
  if (ms > was * 1.1 && ms - was > 500) slower.push({ name, was, ms })
}
const total = (map) => [...map.values()].reduce((sum, ms) => sum + ms, 0)
console.log(`${String(compared)} tests in both runs; sum of their times ${(total(before) / 1000).toFixed(0)} s before, ${(total(after) / 1000).toFixed(0)} s after`)
console.log(slower.length === 0 ? 'none slower by more than 10 %' : `${String(slower.length)} slower by more than 10 % (and 0.5 s):`)
for (const { name, was, ms } of slower.sort((a, b) => b.ms / b.was - a.ms / a.was)) console.log(`  ${(ms / was).toFixed(2)}×  ${(was / 1000).toFixed(1)} s → ${(ms / 1000).toFixed(1)} s  ${name}`)
