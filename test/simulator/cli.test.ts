import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseCliOptions } from '../../src-main/simulator/cli'

const ROOT = join(__dirname, '..', '..')

describe('simulator command line', () => {
  it('has a default for every flag', () => {
    expect(parseCliOptions([])).toEqual({
      port: 8800,
      host: '127.0.0.1',
      clientId: 'BRN-0001-TEST',
      secretKey: 'SK-test-0123456789',
      apiKey: 'doku_key_test',
      notifyUrl: null,
    })
  })

  it('takes the flags of the issue', () => {
    const options = parseCliOptions(['--port', '8801', '--client-id', 'BRN-0002', '--secret-key', 'SK-2', '--api-key', 'key2', '--notify-url', 'http://127.0.0.1:9900/notify', '--no-control-api'])
    expect(options).toMatchObject({ port: 8801, clientId: 'BRN-0002', secretKey: 'SK-2', apiKey: 'key2', notifyUrl: 'http://127.0.0.1:9900/notify', controlApi: false })
    expect(parseCliOptions(['--state-file', '/tmp/books.json'])).toMatchObject({ stateFile: '/tmp/books.json' })
    expect(() => parseCliOptions(['--port', 'eighty'])).toThrow(/--port/)
    expect(() => parseCliOptions(['--notify-url', 'not a url'])).toThrow()
    expect(() => parseCliOptions(['--colour', 'red'])).toThrow()
  })

  it('prints its base URL on one line, answers there, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main', 'simulator', 'cli.ts'), '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve)
      child.once('exit', () => reject(new Error('exited before printing its URL')))
    })
    expect(firstLine).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const health = await fetch(`${firstLine}/__sim/health`)
    expect(await health.json()).toEqual({ ok: true, base_url: firstLine })
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})
