/**
 * Browser mode's loopback server, guard by guard, over real HTTP with a real back end: the token
 * traded for an HttpOnly SameSite=Strict cookie, the Host check, the custom header and Origin on
 * calls, the body limit, the path check and the headers every page gets; and its lock.
 */
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AlreadyRunningError, startBrowserShell, type BrowserShell } from '../../src-main/browser-shell/server'
import { CONTENT_SECURITY_POLICY } from '../../src-main/security/csp'

let work: string
let rendererDir: string
let dataDir: string
let shell: BrowserShell
let cookie: string
let key = ''
let entries = 0
const tokenOf = (entryUrl: string): string => new URL(entryUrl).searchParams.get('token') ?? ''

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** Raw HTTP, so that Host and Origin can be anything. */
function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  const { port } = new URL(shell.origin)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { Host: `127.0.0.1:${port}`, ...options.headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
    })
    // The server may answer 413 and close before it has read everything.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)))
    req.end(options.body)
  })
}

const call = (name: string, headers: Record<string, string> = {}, body = '{}'): Promise<Answer> =>
  send(`/__app/call/${name}`, { method: 'POST', headers: { Cookie: cookie, 'X-App-Call': '1', 'X-App-Key': key, 'Content-Type': 'application/json', ...headers }, body })

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'mbo-shell-'))
  rendererDir = join(work, 'renderer')
  mkdirSync(join(rendererDir, 'assets'), { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>')
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("app")')
  writeFileSync(join(work, 'secret.txt'), 'outside the renderer')
  dataDir = join(work, 'data')
  shell = await startBrowserShell({ rendererDir, dataDir, keychainService: `mbo-it-${randomUUID()}`, statusTracker: false, trainingListenerPort: 0, onEnter: () => (entries += 1) })
})
afterAll(async () => {
  await shell.close()
  rmSync(work, { recursive: true, force: true })
})

describe('browser mode', () => {
  it('listens on 127.0.0.1 only, at a random port, and gives an address with a long random token', () => {
    expect(shell.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(shell.entryUrl).toMatch(new RegExp(`^${shell.origin}/__app/enter\\?token=[\\w-]{43}$`))
    expect(Buffer.from(tokenOf(shell.entryUrl), 'base64url')).toHaveLength(32)
  })

  it('lets nobody in without the token', async () => {
    for (const path of ['/', '/index.html', '/assets/app.js', '/__app/api.js', '/__app/events']) {
      expect((await send(path)).status).toBe(401)
    }
    expect((await send('/__app/enter?token=wrong')).status).toBe(401)
    expect((await send(`/__app/enter?token=${tokenOf(shell.entryUrl).slice(0, -1)}`)).status).toBe(401)
    expect((await send(`/__app/enter?token=${tokenOf(shell.entryUrl)}`, { method: 'POST' })).status).toBe(401)
    expect((await send('/', { headers: { Cookie: 'mbo_session=wrong' } })).status).toBe(401)
    expect((await call('app.info', { Cookie: '' })).status).toBe(401)
  })

  it('trades the token, once, for an HttpOnly, SameSite=Strict session cookie and the page’s call key, and sends the page on without the token in the address', async () => {
    const entered = await send(`/__app/enter?token=${tokenOf(shell.entryUrl)}`)
    expect(entered.status).toBe(303)
    // The call key in the fragment, which the browser keeps to itself (no server is sent it).
    expect(entered.headers['location']).toMatch(/^\/#key=[\w-]{43}$/)
    key = String(entered.headers['location']).slice('/#key='.length)
    expect(entered.headers['referrer-policy']).toBe('no-referrer')
    const [setCookie = ''] = entered.headers['set-cookie'] ?? []
    expect(setCookie).toMatch(/^mbo_session=[\w-]{43}; HttpOnly; SameSite=Strict; Path=\/$/)
    cookie = setCookie.split(';')[0] ?? ''
    expect(cookie).not.toContain(tokenOf(shell.entryUrl)) // the session is not the printed token
    expect(entries).toBe(1)

    // Used: it lets no one else in; the browser that entered may open it again.
    const again = await send(`/__app/enter?token=${tokenOf(shell.entryUrl)}`)
    expect(again.status).toBe(401)
    expect(again.body).toContain('used already')
    // Said in the browser's language while the desk has none chosen.
    const againInMalay = await send(`/__app/enter?token=${tokenOf(shell.entryUrl)}`, { headers: { 'Accept-Language': 'ms-MY,ms;q=0.9,en;q=0.8' } })
    expect(againInMalay.body).toContain('Alamat ini sudah digunakan')
    const sameBrowser = await send(`/__app/enter?token=${tokenOf(shell.entryUrl)}`, { headers: { Cookie: cookie } })
    expect(sameBrowser.status).toBe(303)
    expect(sameBrowser.headers['set-cookie']).toBeUndefined()
    // The cookie alone (which a browser also sends to a page on another port of 127.0.0.1) is not given the key.
    expect(sameBrowser.headers['location']).toBe('/')
    expect(key).not.toBe(cookie.split('=')[1])
    expect(entries).toBe(1)
  })

  it('gives a new one-time address on demand, and the unused one before it stops working', async () => {
    const unused = shell.newEntryUrl()
    const fresh = shell.newEntryUrl()
    expect(fresh).not.toBe(unused)
    expect((await send(`/__app/enter?token=${tokenOf(unused)}`)).status).toBe(401)
    const entered = await send(`/__app/enter?token=${tokenOf(fresh)}`)
    expect(entered.status).toBe(303)
    expect(entered.headers['set-cookie']?.[0]?.split(';')[0]).toBe(cookie) // one session per run
    expect((await send(`/__app/enter?token=${tokenOf(fresh)}`)).status).toBe(401)
    expect(entries).toBe(2)
  })

  it('refuses another Host name (DNS rebinding), even with the cookie', async () => {
    for (const host of ['localhost', `localhost:${new URL(shell.origin).port}`, 'evil.example', '127.0.0.1']) {
      expect((await send('/', { headers: { Host: host, Cookie: cookie } })).status).toBe(421)
    }
  })

  it('serves the page with the strict CSP, never framed, and window.api before the app', async () => {
    const page = await send('/', { headers: { Cookie: cookie } })
    expect(page.status).toBe(200)
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.body.indexOf('<script src="/__app/api.js"></script>')).toBeLessThan(page.body.indexOf('<script type="module"'))
    const api = await send('/__app/api.js', { headers: { Cookie: cookie } })
    expect(api.status).toBe(200)
    expect(api.body).toContain('/__app/call/')
    expect((await send('/assets/app.js', { headers: { Cookie: cookie } })).body).toBe('console.log("app")')
  })

  it('serves nothing outside the renderer folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/..%2fsecret.txt', '/missing.js']) {
      const answer = await send(path, { headers: { Cookie: cookie } })
      expect(answer.status, path).toBe(404)
      expect(answer.body).not.toContain('outside the renderer')
    }
  })

  it('runs a call for our own page: cookie, X-App-Call, the call key and our Origin (or none)', async () => {
    const answer = await call('app.info')
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true, value: { runtime: 'browser', dataDir, name: 'Merchant Back Office' } })
    expect((await call('app.info', { Origin: shell.origin })).status).toBe(200)
  })

  it('refuses a call or the event stream with the cookie but not the call key (the cookie reaches other ports of 127.0.0.1)', async () => {
    for (const wrong of ['', 'x', key.slice(0, -1), cookie.split('=')[1] ?? '']) {
      const refused = await call('app.info', { 'X-App-Key': wrong })
      expect(refused.status, wrong).toBe(401)
      expect(refused.body).not.toContain('"ok"')
      expect((await send(`/__app/events?key=${encodeURIComponent(wrong)}`, { headers: { Cookie: cookie } })).status).toBe(401)
    }
    expect((await send('/__app/call/app.info', { method: 'POST', headers: { Cookie: cookie, 'X-App-Call': '1', 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(401)
  })

  it('refuses calls without the custom header, from another origin, by GET, too big or not JSON', async () => {
    expect((await call('app.info', { 'X-App-Call': '' })).status).toBe(403)
    expect((await call('app.info', { 'X-Harness-Call': '1', 'X-App-Call': '0' })).status).toBe(403)
    expect((await call('app.info', { Origin: 'http://evil.example' })).status).toBe(403)
    expect((await call('app.info', { Origin: 'null' })).status).toBe(403)
    expect((await send('/__app/call/app.info', { headers: { Cookie: cookie, 'X-App-Call': '1' } })).status).toBe(405)
    expect((await call('app.info', {}, JSON.stringify({ input: 'x'.repeat(1024 * 1024) }))).status).toBe(413)
    expect((await call('app.info', {}, '{not json')).status).toBe(400)
    expect(JSON.parse((await call('no.such.call')).body)).toMatchObject({ ok: false })
  })

  it('holds the data folder: a second start there is refused, saying where the first runs', async () => {
    const second = startBrowserShell({ rendererDir, dataDir, keychainService: `mbo-it-${randomUUID()}`, trainingListenerPort: 0 })
    await expect(second).rejects.toBeInstanceOf(AlreadyRunningError)
    await expect(second).rejects.toMatchObject({ holder: { mode: 'browser', url: `${shell.origin}/`, pid: process.pid }, dataDir })
  })

  it('says which port is taken, and gives the lock back, when it cannot listen', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const { port } = blocker.address() as { port: number }
    const otherData = join(work, 'other-data')
    try {
      await expect(startBrowserShell({ rendererDir, dataDir: otherData, port, keychainService: `mbo-it-${randomUUID()}`, trainingListenerPort: 0 })).rejects.toThrow(
        `Port ${port} on 127.0.0.1 is in use`,
      )
      expect(existsSync(join(otherData, 'instance.lock'))).toBe(false)
    } finally {
      blocker.close()
    }
  })

  it("tells a browser it does not let in why in the desk's language, once one is chosen, whatever the browser's", async () => {
    const setLanguage = async (language: string): Promise<void> => {
      const answer = await call('app.setLanguage', {}, JSON.stringify({ input: { language } }))
      expect(JSON.parse(answer.body)).toEqual({ ok: true, value: { language } })
    }
    await setLanguage('en')
    const english = await send('/', { headers: { 'Accept-Language': 'ms-MY,ms;q=0.9' } })
    expect(english.status).toBe(401)
    expect(english.body).toBe('Open the one-time address that `npm start` printed when it started Merchant Back Office, or press Enter in its terminal for a new one.')
    await setLanguage('ms')
    const malay = await send('/', { headers: { 'Accept-Language': 'en-GB' } })
    expect(malay.body).toBe('Buka alamat sekali guna yang dicetak oleh `npm start` semasa ia memulakan Merchant Back Office, atau tekan Enter di terminalnya untuk alamat baharu.')
  })
})
