/**
 * npm run bench: every benchmark, one after the other, each in its own process so that none warms
 * or loads the other. They measure and print; they are not tests. Exits 0 when every bench ran to
 * the end, whether or not its targets were met (figures.ts); the figures come last, side by side.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { figure, type Figure } from './figures'
import { describeMachine, machinePace, PaceSampler } from './machine-pace'

const BENCHES = [
  'simulator-bench.ts',
  'gateway-client-bench.ts',
  'search-bench.ts',
  'search-bench-pg.ts',
  'home-bench.ts',
  'home-bench-pg.ts',
  'tracker-bench.ts',
  'listener-bench.ts',
  'team-charge-bench.ts',
  'renderer-bench.ts',
]
const tsx = join(__dirname, '../../node_modules/.bin/tsx')
// Issue 23: every figure with its target, side by side at the end; a target not met is reported, and
// the exit status says only whether every bench ran to the end.
const figuresDir = mkdtempSync(join(tmpdir(), 'mbo-bench-figures-'))
const figuresFile = join(figuresDir, 'figures.jsonl')
const notRun: string[] = []
process.env.BENCH_FIGURES = figuresFile

/** The machine and its pace, at the start and at the end: the figures between are read beside them (machine-pace.ts). */
function paceFigure(when: string): void {
  console.log(`\n=== the machine (${when}) ===\n${describeMachine()}`)
  figure('machine-pace.ts', `machine pace (${when}): CPU for 2,000 checks' signing, JSON and SQLite rows, median of 7`, `${machinePace().toFixed(1)} ms`, '—', null)
}

/** Runs one bench to its end, the machine's pace sampled meanwhile; its exit code or signal. */
async function runBench(bench: string): Promise<number | string> {
  const sampler = new PaceSampler()
  const child = spawn(tsx, [join(__dirname, bench)], { stdio: 'inherit', env: { ...process.env, BENCH_FIGURES: figuresFile } })
  const exit = await new Promise<number | string>((resolve) => {
    child.on('error', (error) => resolve(error.message))
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'))
  })
  const pace = sampler.stop()
  if (pace !== null) figure('machine-pace.ts', `machine pace during ${bench} (sampled every 5 s)`, pace, '—', null)
  return exit
}

async function main(): Promise<void> {
  paceFigure('start of the run')
  for (const bench of BENCHES) {
    console.log(`\n=== ${bench} ===`)
    const exit = await runBench(bench)
    if (exit !== 0) notRun.push(`${bench} (exit ${String(exit)})`)
  }
  paceFigure('end of the run')
  const figures = existsSync(figuresFile)
    ? readFileSync(figuresFile, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Figure)
    : []
  rmSync(figuresDir, { recursive: true, force: true })
  console.log(`\n=== figures (measured / target) ===`)
  for (const f of figures) console.log(`${f.met === null ? '       ' : f.met ? 'met    ' : 'NOT met'}  ${f.name}: ${f.measured} / ${f.target}  [${f.bench}]`)
  const missed = figures.filter((f) => f.met === false).length
  console.log(`\n${String(figures.length)} figures, ${String(figures.filter((f) => f.met === true).length)} met, ${String(missed)} NOT met`)
  console.log(notRun.length === 0 ? 'every bench ran to the end' : `did not run to the end: ${notRun.join(', ')}`)
  process.exitCode = notRun.length === 0 ? 0 : 1
}

void main()
