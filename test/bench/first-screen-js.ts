/**
 * The JavaScript of the built renderer (out/renderer) that a screen needs, and its gzipped size: for
 * the renderer bench (renderer-bench.ts), issue 23's "first screen's JavaScript ≤ 150 KB gzipped".
 */
import { readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { gzipSync } from 'node:zlib'

/** Gzipped bytes of a built file (zlib's default level, as a server or an installer would). */
export function gzippedSize(rendererDir: string, file: string): number {
  return gzipSync(readFileSync(join(rendererDir, file))).length
}

// Rollup's minified output: `import{a as b}from"./x.js"` or `import"./x.js"`. A dynamic `import("./x.js")`
// (a chunk loaded on demand) has a parenthesis before its quote and is not matched.
const STATIC_IMPORT = /\bimport\s*(?:[^"'();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g

/**
 * The scripts index.html loads (its module script and modulepreload links) and everything they import
 * statically, as paths relative to the renderer's folder: what runs before any chunk loaded on demand.
 */
export function staticScripts(rendererDir: string): string[] {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8')
  const entries = [...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"|<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)].map((match) => posix.normalize(match[1] ?? match[2] ?? ''))
  const seen = new Set<string>()
  const queue = [...entries]
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue
    seen.add(file)
    const code = readFileSync(join(rendererDir, file), 'utf8')
    for (const match of code.matchAll(STATIC_IMPORT)) queue.push(posix.join(posix.dirname(file), match[1] ?? ''))
  }
  return [...seen]
}
