/** Percentiles of measured times, shared by the benches. */

/** The p-th percentile of ascending `sorted` (NaN when there is none). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

/** Runs `run` 5 times to warm up, then `runs` times measured; prints p50 and p95 and returns the p95 in ms. */
export function measureP95(name: string, runs: number, run: (i: number) => void): number {
  for (let i = 0; i < 5; i += 1) run(i)
  const times: number[] = []
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now()
    run(i)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const p95 = percentile(times, 95)
  console.log(`${name.padEnd(40)} p50 ${percentile(times, 50).toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms`)
  return p95
}
