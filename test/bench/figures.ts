/**
 * The figures a bench measures against the targets (issue 23): each printed on a line of its
 * own as measured / target and "met" or "NOT met", and, under `npm run bench`, also appended to the
 * file named by BENCH_FIGURES so that run.ts can print them all side by side at the end.
 *
 * A target not met is a result, not a failure: a bench that ran to the end exits 0 whatever it
 * measured, and exits non-zero only when it could not run (run.ts reports that apart).
 */
import { appendFileSync } from 'node:fs'

export interface Figure {
  /** Which bench printed it (the file's name), set by `figure`. */
  bench: string
  name: string
  measured: string
  /** As the issue words it, e.g. "≥ 3,000/s"; "—" for a figure printed for reference only. */
  target: string
  /** null for a figure with no target. */
  met: boolean | null
}

/** Prints one figure and hands it to run.ts. */
export function figure(bench: string, name: string, measured: string, target: string, met: boolean | null): void {
  const entry: Figure = { bench, name, measured, target, met }
  console.log(`figure: ${name}: ${measured} (target ${target}) ${met === null ? '' : met ? 'met' : 'NOT met'}`.trimEnd())
  const file = process.env.BENCH_FIGURES
  if (file) appendFileSync(file, `${JSON.stringify(entry)}\n`)
}

/** A number with its thousands grouped: 3000 → "3,000". */
export const grouped = (n: number, digits = 0): string => n.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits })
