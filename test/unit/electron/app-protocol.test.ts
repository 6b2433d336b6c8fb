import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { APP_START_URL, registerAppScheme, resolveBundleFile, serveAppProtocol } from '../../../src-main/electron/app-protocol'
import { CONTENT_SECURITY_POLICY } from '../../../src-main/security/csp'
import { protocol } from './fake-electron'

vi.mock('electron', () => import('./fake-electron'))

describe('the app:// protocol', () => {
  let root: string
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'mbo-bundle-'))
    mkdirSync(join(root, 'assets'))
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>')
    writeFileSync(join(root, 'assets', 'index.js'), 'console.log(1)')
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('is registered as a standard, secure scheme', () => {
    registerAppScheme()
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }])
    expect(APP_START_URL).toBe('app://bundle/index.html')
  })

  it('maps addresses to files of the bundle only', () => {
    expect(resolveBundleFile(root, 'app://bundle/')).toBe(join(root, 'index.html'))
    expect(resolveBundleFile(root, 'app://bundle/assets/index.js')).toBe(join(root, 'assets', 'index.js'))
    expect(resolveBundleFile(root, 'app://bundle/assets/index.js?v=1#x')).toBe(join(root, 'assets', 'index.js'))
    // The URL parser treats %2e%2e as "..", so this climbs no higher than the bundle's root.
    expect(resolveBundleFile(root, 'app://bundle/%2e%2e/%2e%2e/etc/passwd')).toBe(join(root, 'etc', 'passwd'))
    expect(resolveBundleFile(root, 'app://bundle/..%2f..%2fetc/passwd')).toBeNull()
    expect(resolveBundleFile(root, 'app://bundle/a%00b')).toBeNull()
    expect(resolveBundleFile(root, 'app://bundle/%E0%A4%A')).toBeNull()
    expect(resolveBundleFile(root, 'app://other/index.html')).toBeNull()
    expect(resolveBundleFile(root, 'file:///etc/passwd')).toBeNull()
  })

  it('serves the bundle with the strict CSP as a header, and nothing else', async () => {
    serveAppProtocol(root)
    const handler = protocol.handlers.get('app')
    if (!handler) throw new Error('no app:// handler registered')
    const page = await handler(new Request('app://bundle/index.html'))
    expect(page.status).toBe(200)
    expect(page.headers.get('Content-Security-Policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(page.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(await page.text()).toContain('<title>app</title>')
    const outside = await handler(new Request('app://bundle/%2e%2e/%2e%2e/etc/passwd'))
    expect(outside.status).toBe(404)
  })

  it('has a CSP without eval, inline script or remote sources', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'")
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'")
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/)
  })
})
