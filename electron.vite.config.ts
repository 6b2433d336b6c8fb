import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import { licenceNotices } from './scripts/licences.mjs'
import { CONTENT_SECURITY_POLICY, DEV_CONTENT_SECURITY_POLICY } from './src-main/security/csp'

const root = __dirname

/** Writes the one CSP of src-main/security/csp.ts into index.html (a relaxed one only when serving). */
function contentSecurityPolicy(): Plugin {
  let serving = false
  return {
    name: 'content-security-policy',
    configResolved(config) {
      serving = config.command === 'serve'
    },
    transformIndexHtml() {
      return [
        {
          tag: 'meta',
          attrs: {
            'http-equiv': 'Content-Security-Policy',
            content: serving ? DEV_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY,
          },
          injectTo: 'head-prepend',
        },
      ]
    },
  }
}

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      rollupOptions: { input: { index: resolve(root, 'src-main/electron/main.ts') } },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload can require nothing but 'electron': bundle zod and the contract into it.
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { index: resolve(root, 'src-preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].js' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    // licences.json: the notices of the shipped dependencies, for the About panel (scripts/licences.mjs).
    plugins: [react(), contentSecurityPolicy(), licenceNotices(root)],
    build: {
      outDir: resolve(root, 'out/renderer'),
      minify: true,
      // The screens' code is split into chunks loaded on demand (app/lazy-screens.ts), their styles are
      // not: one stylesheet with the first screen (about 10 kB gzipped), its rules in the order they
      // had, so no screen shows unstyled for a moment and nothing inserts stylesheets at run time.
      cssCodeSplit: false,
      rollupOptions: { input: resolve(root, 'src-renderer/index.html') },
    },
  },
})
