/**
 * A bench that measures the main process's own CPU or memory runs as the app's main process does:
 * bundled (electron-vite builds it with Rollup, esbuild here: the app's modules inside, node_modules
 * outside), under plain node. Not as TypeScript under tsx, which the app never carries:
 * - its loader (a hooks thread with a V8 isolate of its own, the transformed sources) held 33–47 MB of
 *   RSS more in an empty script (docs/performance.md, 25); an idle back end used 7–7.5 ms of CPU a
 *   second under it against 4.5–5.3 bundled, most of the difference on V8's worker threads;
 * - its transform keeps every function's name by a `__name(fn, "…")` call where the function is
 *   made, so each closure a status check creates costs a property definition more; a check cost
 *   about 0.1 ms more under tsx (docs/performance.md, 28).
 *
 * Started under tsx, such a bench bundles itself into .tmp/bench/ and runs the bundle with the same
 * arguments; the bundle knows itself by its .cjs name.
 */
import { buildSync } from 'esbuild'
import { spawnSync } from 'node:child_process'
import { basename, join } from 'node:path'

/** The checkout: two folders up, from test/bench/ as from a bundle in .tmp/bench/. */
export const ROOT = join(__dirname, '../..')

/** This process runs a bench's bundle (under plain node), not its TypeScript under tsx. */
export const BUNDLED = __filename.endsWith('.cjs')

/** The node arguments that start `file` (this process's own bench, or its bundle) the way this process runs. */
export function startArgs(file: string): string[] {
  return BUNDLED ? [file] : ['--import', 'tsx', file]
}

/** Bundles the bench `file` into .tmp/bench/ and runs the bundle under plain node with this process's arguments; its exit status. */
export function runBundled(file: string): number {
  const outfile = join(ROOT, '.tmp/bench', basename(file).replace(/\.ts$/, '.cjs'))
  buildSync({ entryPoints: [file], bundle: true, platform: 'node', format: 'cjs', target: 'node20', packages: 'external', outfile, logLevel: 'warning' })
  console.log(`the bench runs bundled (${outfile}) under plain node, as the app's main process runs`)
  const child = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit', cwd: ROOT })
  return child.status ?? 1
}
