/**
 * Main's words (docs/i18n.md, "Main's words"): main says a message id with its values, its English
 * `message` is the English catalogue's wording of them, and the renderer words the same id in the
 * desk's language in one place (src-renderer/api.ts), following a switch.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../src-main/bridge/app-error'
import { say, type Said } from '../../../src-common/said/say'
import { buildApi } from '../../../src-preload/build-api'
import type { Api, CallError, Result } from '../../../src-preload/contract'
import { startTestBackend, type TestBackend } from '../../integration/backend-fixture'

// The renderer's api reads window.api: here, the real back end's dispatch, through a structured clone as IPC carries it.
let backend: TestBackend
const window = { api: undefined as Api | undefined }
Object.defineProperty(globalThis, 'window', { value: window, configurable: true })
// The renderer's modules are typed for the page (DOM), this test for Node: they are loaded by a path
// the typecheck does not follow, and typed here by what the test uses of them.
interface RendererApi {
  getApi: () => Api | null
  inDesksLanguage: <E extends CallError>(error: E) => E
  NO_BRIDGE: CallError
}
const renderer = (path: string): string => `../../../src-renderer/${path}`
const { getApi, inDesksLanguage, NO_BRIDGE } = (await import(renderer('api'))) as RendererApi
const { switchLanguage } = (await import(renderer('i18n/i18n'))) as { switchLanguage: (language: 'en' | 'ms') => Promise<void> }

beforeAll(async () => {
  backend = await startTestBackend()
  window.api = buildApi({
    invoke: async (name, input) => structuredClone<Result<unknown>>(await backend.backend.dispatch(name, input)),
    subscribe: () => () => undefined,
  })
})
afterAll(() => backend.close())
afterEach(() => switchLanguage('en'))

/** A refusal as the renderer reads it, for a Said alone, with main's English beside it as main sends it. */
const shown = (said: Said): string => inDesksLanguage({ code: 'TEST', message: new AppError('X', said).message, say: said }).message

describe("main's words", () => {
  it("give an AppError the English catalogue's wording as its message, the same text the renderer's English gives", () => {
    const examples: Said[] = [
      say('said.links.duplicateInvoice', { invoice: 'INV-7' }),
      say('said.desk.tryLater', { count: 1 }),
      say('said.desk.tryLater', { count: 4 }),
      say('said.input.tooLong', { max: 2048 }),
      say('said.checks.final', { status: 'OUTCOME_UNKNOWN' }),
      say('said.links.unavailable', { problem: say('said.gateway.mayHaveGoneThrough', { problem: say('said.gateway.problem.TIMEOUT') }) }),
      say('said.phoneOrders.duplicate', { amount: 'RM 5.00', name: 'Siti', ago: say('said.phoneOrders.ago', { count: 0 }), invoice: 'INV-1', state: say('said.phoneOrders.state.approved') }),
    ]
    expect(new AppError('DUPLICATE_INVOICE', examples[0] as Said).message).toBe('Invoice INV-7 is already used by another order in this environment. Use another number.')
    expect(examples.map((said) => new AppError('X', said).message)).toEqual([
      'Invoice INV-7 is already used by another order in this environment. Use another number.',
      'Too many wrong tries: wait 1 second, then try again.',
      'Too many wrong tries: wait 4 seconds, then try again.',
      'Use at most 2,048 characters',
      'This order is outcome unknown: a status check would not change it.',
      'The gateway did not answer in time: the operation may have gone through. Check its status before trying again. No link was created.',
      'RM 5.00 was charged to Siti less than a minute ago (INV-1, approved). Charge again only if the customer asked for a second charge.',
    ])
    // In English the renderer shows what main wrote (the English catalogue's wording, not bundled twice).
    expect(examples.map(shown)).toEqual(examples.map((said) => new AppError('X', said).message))
  })

  it('reach the renderer with their id over the real bridge, and are worded in Malay after a switch', async () => {
    const api = getApi()
    if (!api) throw new Error('no api')
    const result = await api.orders.get({ id: 424_242 })
    expect(result.ok).toBe(false)
    const error = (result as { ok: false; error: CallError }).error
    expect(error.say).toEqual({ id: 'said.records.order', values: { id: 424_242 } })
    expect(error.message).toBe("There is no order 424242 in this environment's history.")
    await switchLanguage('ms')
    // The same error object: an error already on screen speaks the new language at its next render.
    expect(error.message).toBe('Tiada pesanan 424242 dalam sejarah persekitaran ini.')
    expect(NO_BRIDGE.message).toMatch(/^Halaman ini tidak bersambung dengan aplikasi/)
    await switchLanguage('en')
    expect(error.message).toBe("There is no order 424242 in this environment's history.")
  })

  it("word a status, a number, a count and the gateway's failure inside another message in Malay", async () => {
    await switchLanguage('ms')
    expect(shown(say('said.checks.final', { status: 'PAID' }))).toBe('Status pesanan ini dibayar: semakan status tidak akan mengubahnya.')
    expect(shown(say('said.input.tooLong', { max: 2048 }))).toBe('Gunakan tidak lebih daripada 2,048 aksara')
    expect(shown(say('said.desk.lockedOut', { count: 1 }))).toBe('Terlalu banyak cubaan salah: log masuk ini dikunci selama 1 minit. Pentadbir boleh menetapkan semula PIN.')
    expect(shown(say('said.links.unavailable', { problem: say('said.gateway.failed', { problem: say('said.gateway.problem.NETWORK') }) }))).toBe(
      'Gerbang pembayaran tidak dapat dihubungi. Tiada pautan dicipta.',
    )
    const refundLine = say('said.timeline.refundAnswer.done', {
      source: say('said.timeline.refundSource.check'),
      refund: say('said.timeline.refundOf', { kind: say('said.timeline.refundKind.rest'), amount: 'RM 24.50', requestId: 'rf-9' }),
      status: say('said.timeline.refundStatus.SUCCESS'),
      gatewayStatus: 'SUCCESS',
    })
    expect(shown(refundLine)).toBe('Semakan status bayaran balik: Bayaran balik baki RM 24.50 (rf-9) selesai (gerbang pembayaran menyatakan SUCCESS)')
    // The gateway's own text stays as the gateway wrote it.
    expect(shown(say('said.links.refused', { gatewayMessage: 'payment.bank_code is not active' }))).toBe(
      'Gerbang pembayaran menolak pautan ini: payment.bank_code is not active. Tiada pautan dicipta; betulkan dan cuba lagi.',
    )
  })

  it("fall back to main's English for an id this renderer does not know", async () => {
    await switchLanguage('ms')
    expect(inDesksLanguage({ code: 'NEW', message: 'Something new.', say: { id: 'said.records.fromTheFuture' } }).message).toBe('Something new.')
  })
})
