#!/usr/bin/env node
/**
 * npm test: lint, typecheck, the build, unit and integration tests (vitest, inside a throw-away
 * keyring), and end-to-end tests (Playwright in Debian's Chromium through browser mode). One
 * throw-away PostgreSQL cluster serves both (TEST_POSTGRES_URL), for the team-mode tests.
 * Every step runs even if an earlier one failed, so one run shows everything that is wrong.
 * Ends with the plain line "N passed, N failed" counting every test; lint, typecheck and the build
 * count as one test each. Each step's time is printed beside its result (CI has a time budget).
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { startCluster } from './postgres-cluster.mjs'

const reports = '.tmp/test-reports'
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })
mkdirSync('test-results/screenshots', { recursive: true })

const bin = (name) => join('node_modules', '.bin', name)
const totals = { passed: 0, failed: 0, skipped: 0 }
const lines = []
// Each failed test by name with the first line of its reason, repeated in the summary: CI shows the
// end of the output only, and a red run must say there what failed.
const failures = []

/** Runs one step; its outcome and how long it took, for the summary. */
function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return { ok: result.status === 0, took: ` (${String(Math.round((Date.now() - started) / 1000))} s)` }
}

/**
 * Runs one step with its output held back and printed whole when it ends: for steps that run beside
 * each other, whose lines would otherwise interleave.
 */
function runHeld(label, command, args) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    const settle = (ok) => {
      console.log(`\n=== ${label} ===`)
      process.stdout.write(Buffer.concat(output))
      resolve({ ok, took: ` (${String(Math.round((Date.now() - started) / 1000))} s)` })
    }
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`))
      settle(false)
    })
    child.on('close', (status) => settle(status === 0))
  })
}

/** Steps in lanes: each lane's steps one after another, the lanes beside each other; counted in the order given. */
async function runLanes(lanes) {
  const results = await Promise.all(
    lanes.map(async (lane) => {
      const done = []
      for (const [label, command, args] of lane) done.push([label, await runHeld(label, command, args)])
      return done
    }),
  )
  for (const [label, result] of results.flat()) countCheck(label, result)
}

function countCheck(label, { ok, took = '' }) {
  totals[ok ? 'passed' : 'failed'] += 1
  lines.push(`${label}: ${ok ? 'passed' : 'FAILED'}${took}`)
}

function countReport(label, { ok, took }, file, read) {
  if (!existsSync(file)) {
    totals.failed += 1
    lines.push(`${label}: FAILED (no report: the runner did not finish)${took}`)
    return
  }
  const { passed, failed, skipped, failedTests } = read(JSON.parse(readFileSync(file, 'utf8')))
  for (const test of failedTests) failures.push(`${label}: ${test}`)
  // A runner that failed without a failing test (a crash, an unhandled error) still fails the run.
  const extra = !ok && failed === 0 ? 1 : 0
  totals.passed += passed
  totals.failed += failed + extra
  totals.skipped += skipped
  lines.push(`${label}: ${passed} passed, ${failed + extra} failed${skipped ? `, ${skipped} skipped` : ''}${took}`)
}

// The runners colour their messages.
// eslint-disable-next-line no-control-regex -- the colour codes start with ESC
const COLOUR = /\u001b\[[0-9;]*m/g

function firstLine(message = '') {
  return message.replace(COLOUR, '').trim().split('\n')[0].slice(0, 300)
}

/** Playwright's report nests suites; a test that did not end as expected (or passed only on a retry) is named with its file and titles. */
function playwrightFailures(suites = [], titles) {
  return suites.flatMap((suite) => {
    const path = suite.title ? [...titles, suite.title] : titles
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
        .map((test) => {
          const error = test.results.find((result) => result.error)?.error?.message
          return `${[...path, spec.title].join(' › ')}${test.status === 'flaky' ? ' (passed only on a retry)' : ''}: ${firstLine(error)}`
        }),
    )
    return own.concat(playwrightFailures(suite.suites, path))
  })
}

// The files Prettier formats (.prettierignore leaves out what is built or generated); npm run lint checks the same.
const FORMATTED = ['**/*.{ts,tsx,mts,mjs,js,css}']

// Each of these uses one core: ESLint (its type-aware rules build their own TypeScript program) beside
// Prettier and the three typechecks, which together take about as long (126 s and 71 s on a slower
// 2-core machine, 2026-11-28).
await runLanes([
  [['lint', bin('eslint'), ['--max-warnings', '0', '.']]],
  [
    ['format (prettier)', bin('prettier'), ['--check', ...FORMATTED]],
    ['typecheck (node)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.node.json', '--composite', 'false']],
    ['typecheck (web)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.web.json', '--composite', 'false']],
    ['typecheck (e2e)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.e2e.json', '--composite', 'false']],
  ],
])

// Built before vitest: the secrets scan reads the built renderer, and the end-to-end tests drive it.
const built = run('build (electron-vite)', bin('electron-vite'), ['build'])
countCheck('build', built)

// If it does not start, that is a failure, and the rest still runs: vitest's global setup then tries
// once more and its team-mode tests fail with the reason.
console.log('\n=== postgres cluster (throw-away, for the team-mode tests) ===')
let cluster
try {
  cluster = await startCluster({ label: 'npm-test' })
  console.log(`${cluster.version} at ${cluster.url}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
}
countCheck('postgres cluster', { ok: cluster !== undefined })
const postgresEnv = cluster ? { TEST_POSTGRES_URL: cluster.url } : {}

const vitestReport = join(reports, 'vitest.json')
const vitest = run(
  'unit and integration tests (vitest, throw-away keyring)',
  'node',
  ['scripts/with-keyring.mjs', bin('vitest'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  postgresEnv,
)
countReport('vitest', vitest, vitestReport, (report) => ({
  passed: report.numPassedTests,
  failed: report.numFailedTests,
  skipped: report.numPendingTests + report.numTodoTests,
  failedTests: report.testResults.flatMap((file) =>
    file.assertionResults.filter((test) => test.status === 'failed').map((test) => `${relative(process.cwd(), file.name)} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`),
  ),
}))

if (built.ok) {
  const playwrightReport = join(reports, 'playwright.json')
  const playwright = run('end-to-end tests (Playwright, Chromium, browser mode, throw-away keyring)', 'node', ['scripts/with-keyring.mjs', bin('playwright'), 'test', '--reporter=list,json'], {
    ...postgresEnv,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  })
  countReport('playwright', playwright, playwrightReport, (report) => ({
    passed: report.stats.expected,
    failed: report.stats.unexpected + report.stats.flaky,
    skipped: report.stats.skipped,
    failedTests: playwrightFailures(report.suites, []),
  }))
} else {
  totals.failed += 1
  lines.push('playwright: FAILED (not run: the build failed)')
}
// Stopped here; should anything above throw, or a Ctrl-C come, postgres-cluster.mjs stops it on the way out.
await cluster?.stop()

console.log('\n=== summary ===')
console.log(`(${String(Math.round(process.uptime()))} s in all)`)
for (const line of lines) console.log(line)
if (failures.length > 0) console.log(`failed tests:\n${failures.map((test) => `  ${test}`).join('\n')}`)
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(totals.failed === 0 ? 0 : 1)
