import { describe, expect, it } from 'vitest'
import { AppError } from '../../src-main/bridge/app-error'
import { FIELD_LIMITS } from '../../src-common/field-limits'
import { say } from '../../src-common/said/say'
import { assertHandlersMatchContract, createDispatch, type Handlers } from '../../src-main/bridge/dispatch'
import { createLogger, memorySink } from '../../src-main/log'
import { callNames, type AppInfo } from '../../src-preload/contract'

const INFO: AppInfo = {
  name: 'Merchant Back Office',
  version: '1.0.0',
  environment: 'training',
  dataDir: '/data',
  runtime: 'test',
  language: null,
  electronVersion: null,
  chromeVersion: null,
  nodeVersion: '20.19.0',
  sqliteVersion: '3.50.0',
  logDir: '/data/logs',
}

/** Every handler of the contract, with `app.info` the one under test. */
function dispatchWith(info: () => unknown): { dispatch: ReturnType<typeof createDispatch>; log: string[] } {
  const sink = memorySink()
  const unused = Object.fromEntries(callNames.map((name) => [name, () => Promise.reject(new Error(`${name} is not used here`))]))
  const handlers = { ...unused, 'app.info': info } as unknown as Handlers
  return { dispatch: createDispatch(handlers, createLogger(sink)), log: sink.lines }
}

describe('dispatch', () => {
  it('answers a good call with ok and the value', async () => {
    const { dispatch } = dispatchWith(() => INFO)
    await expect(dispatch('app.info', undefined)).resolves.toEqual({ ok: true, value: INFO })
  })

  it('never lets a field the contract does not declare cross the bridge', async () => {
    const { dispatch } = dispatchWith(() => ({ ...INFO, secretKey: 'SK-live-do-not-leak' }))
    const result = await dispatch('app.info', undefined)
    expect(JSON.stringify(result)).not.toContain('SK-live-do-not-leak')
  })

  it("turns a service's AppError into its code, English message, words as an id with values, and field", async () => {
    const { dispatch } = dispatchWith(() => {
      throw new AppError('DUPLICATE_INVOICE', say('said.links.duplicateInvoice', { invoice: 'INV-1' }), 'invoiceNumber')
    })
    await expect(dispatch('app.info', undefined)).resolves.toEqual({
      ok: false,
      error: {
        code: 'DUPLICATE_INVOICE',
        message: 'Invoice INV-1 is already used by another order in this environment. Use another number.',
        say: { id: 'said.links.duplicateInvoice', values: { invoice: 'INV-1' } },
        field: 'invoiceNumber',
      },
    })
  })

  it('says its own refusals as ids too: an unknown call, a bug, the common shapes of a wrong input', async () => {
    const { dispatch } = dispatchWith(() => {
      throw new TypeError('a bug')
    })
    await expect(dispatch('app.secret', undefined)).resolves.toMatchObject({ ok: false, error: { say: { id: 'said.bridge.unknownCall', values: { name: '"app.secret"' } } } })
    await expect(dispatch('app.info', undefined)).resolves.toMatchObject({
      ok: false,
      error: { message: 'Something went wrong inside the app. The details are in its log.', say: { id: 'said.bridge.internal' } },
    })
    // A text above its field's limit, in the one wording of "too long" (src-common/field-limits.ts).
    await expect(dispatch('orders.get', { id: 1.5 })).resolves.toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'id', message: 'Must be a whole number', say: { id: 'said.input.notWhole' } },
    })
    const tooLong = await dispatch('customers.search', { text: 'x'.repeat(FIELD_LIMITS.customerSearch + 1) })
    expect(tooLong).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: `Use at most ${String(FIELD_LIMITS.customerSearch)} characters`, say: { id: 'said.input.tooLong', values: { max: FIELD_LIMITS.customerSearch } } },
    })
    const missing = await dispatch('orders.get', {})
    expect(missing).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'id', message: 'Required', say: { id: 'said.input.required' } } })
    // A message the contract gives its schema travels with the id it was made from, values and all.
    await expect(dispatch('session.setup', { login: 'nur aisyah', name: 'Nur Aisyah', pin: '246810' })).resolves.toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'login', message: 'Use letters, digits and . _ - only', say: { id: 'said.input.loginCharacters' } },
    })
    await expect(dispatch('session.setup', { login: 'n', name: 'Nur Aisyah', pin: '246810' })).resolves.toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'login', message: 'Use at least 2 characters', say: { id: 'said.input.tooShort', values: { count: 2 } } },
    })
    // Nothing typed is asked for, not measured.
    await expect(dispatch('session.setup', { login: '  ', name: 'Nur Aisyah', pin: '246810' })).resolves.toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'login', message: 'Enter a login', say: { id: 'said.input.login' } },
    })
  })

  it('hides a bug behind INTERNAL and logs it, without its details reaching the renderer', async () => {
    const { dispatch, log } = dispatchWith(() => {
      throw new TypeError('cannot read properties of undefined (reading "token")')
    })
    const result = await dispatch('app.info', undefined)
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
    expect(JSON.stringify(result)).not.toContain('token')
    expect(log.join('')).toContain('call.failed')
  })

  it('refuses an answer that breaks the contract, logging only where', async () => {
    const { dispatch, log } = dispatchWith(() => ({ ...INFO, environment: 'moon' }))
    await expect(dispatch('app.info', undefined)).resolves.toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
    expect(log.join('')).toContain('"paths":["environment"]')
    expect(log.join('')).not.toContain('moon')
  })

  it('refuses unknown calls, including names from Object.prototype', async () => {
    const { dispatch } = dispatchWith(() => INFO)
    for (const name of ['app.secret', 'constructor', '__proto__', 42, null]) {
      await expect(dispatch(name, undefined)).resolves.toMatchObject({ ok: false, error: { code: 'UNKNOWN_CALL' } })
    }
  })

  it('fails at start-up when a call has no handler or a handler has no call', () => {
    const all = Object.fromEntries(callNames.map((name) => [name, () => null]))
    expect(() => assertHandlersMatchContract({})).toThrow(/Without a handler: app\.info/)
    const withoutOne = Object.fromEntries(Object.entries(all).filter(([name]) => name !== 'settings.get'))
    expect(() => assertHandlersMatchContract(withoutOne)).toThrow(/Without a handler: settings\.get\. /)
    expect(() => assertHandlersMatchContract({ ...all, 'app.extra': () => 1 })).toThrow(/Not in the contract: app\.extra/)
    expect(() => assertHandlersMatchContract(all)).not.toThrow()
  })
})

describe('dispatch with the back end’s authorise hook', () => {
  function guarded(authorise: Parameters<typeof createDispatch>[2]): { dispatch: ReturnType<typeof createDispatch>; ran: unknown[] } {
    const ran: unknown[] = []
    const unused = Object.fromEntries(callNames.map((name) => [name, () => Promise.reject(new Error(`${name} is not used here`))]))
    const handlers = {
      ...unused,
      'app.info': () => INFO,
      'orders.get': (input: unknown) => {
        ran.push(input)
        return Promise.reject(new AppError('NOT_FOUND', say('said.records.order', { id: 7 })))
      },
    } as unknown as Handlers
    return { dispatch: createDispatch(handlers, createLogger(memorySink()), authorise), ran }
  }

  it('asks with the parsed input after the schema, and a refusal never reaches the handler', async () => {
    const asked: [string, unknown][] = []
    const { dispatch, ran } = guarded({
      authorise: (name, input) => {
        asked.push([name, input])
        return { ok: false, error: { code: 'FORBIDDEN', message: 'Only an Admin may open an order.', needs: { role: 'admin', approvable: false } } }
      },
    })
    await expect(dispatch('orders.get', { id: 'seven' })).resolves.toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    expect(asked).toEqual([])
    await expect(dispatch('orders.get', { id: 7 })).resolves.toEqual({
      ok: false,
      error: { code: 'FORBIDDEN', message: 'Only an Admin may open an order.', needs: { role: 'admin', approvable: false } },
    })
    expect(asked).toEqual([['orders.get', { id: 7 }]])
    expect(ran).toEqual([])
  })

  it('runs an allowed handler inside the scope the hook gives', async () => {
    let scoped = false
    const { dispatch, ran } = guarded({
      authorise: () => ({
        ok: true,
        run: (handler) => {
          scoped = true
          return handler()
        },
      }),
    })
    await expect(dispatch('orders.get', { id: 7 })).resolves.toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
    expect(scoped).toBe(true)
    expect(ran).toEqual([{ id: 7 }])
  })
})
