import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Simulator } from '../../src-main/simulator'
import { cardPost, genericPost, start, statusOf } from './helpers'

let sim: Simulator
beforeAll(async () => {
  sim = await start()
})
afterAll(() => sim.close())

describe('HTTP edges', () => {
  it('answers 404 for an unknown path', async () => {
    const response = await fetch(`${sim.baseUrl}/credit-card/v2/payment-page`, { method: 'POST', body: '{}' })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'no such path' } })
  })

  it('answers 405 with Allow for a wrong method', async () => {
    const get = await fetch(`${sim.baseUrl}/credit-card/charge`)
    expect(get.status).toBe(405)
    expect(get.headers.get('Allow')).toBe('POST')
    const post = await fetch(`${sim.baseUrl}/orders/v1/status/INV-1`, { method: 'POST', body: '{}' })
    expect(post.status).toBe(405)
    expect(post.headers.get('Allow')).toBe('GET')
  })

  it('answers 413 for a body over 1 MiB, declared or streamed', async () => {
    const big = `{"pad":"${'x'.repeat(1024 * 1024)}"}`
    const reply = await cardPost(sim, '/credit-card/charge', big)
    expect(reply.status).toBe(413)
    expect(reply.json()).toMatchObject({ error: { code: 'invalid_request' } })
    const chunks = [Buffer.alloc(700 * 1024, 'a'), Buffer.alloc(700 * 1024, 'b')]
    const streamed = await fetch(`${sim.baseUrl}/credit-card/charge`, {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk)
          controller.close()
        },
      }),
      duplex: 'half',
    })
    expect(streamed.status).toBe(413)
  })

  it('answers 400 for a body that is not JSON or not an object, on both schemes', async () => {
    const notJson = await cardPost(sim, '/credit-card/charge', 'order=1')
    expect(notJson.status).toBe(400)
    expect(notJson.json()).toEqual({ error: { code: 'INVALID_PARAMETER', message: 'Request Body Must Be Valid JSON', type: 'Invalid Parameter' } })
    const array = await cardPost(sim, '/credit-card/charge', '[1,2]')
    expect(array.json()).toMatchObject({ error: { message: 'Request Body Must Be A JSON Object' } })
    const generic = await genericPost(sim, '/v3/payments', '{"id":')
    expect(generic.status).toBe(400)
    expect(generic.json()).toEqual({ error: { code: 'invalid_request', message: 'request body must be valid JSON' } })
  })

  it('survives garbage on the wire and a bad percent-escape, and keeps answering', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(sim.port, '127.0.0.1', () => socket.end('NOT HTTP AT ALL\r\n\r\n'))
      socket.on('data', () => undefined)
      socket.on('close', () => resolve())
    })
    const badEscape = await fetch(`${sim.baseUrl}/orders/v1/status/%E0%A4%A`)
    expect(badEscape.status).toBe(404)
    expect((await statusOf(sim, 'STILL-HERE')).status).toBe(404)
  })
})
