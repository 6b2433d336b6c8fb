/**
 * Links to the simulator's customer pages. Their query string carries the request identifiers and
 * a `signature` over them, made with a key that lives only in this process: the page refuses a link
 * that was tampered with, and no merchant secret ever appears in a page or a URL.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export interface PageLinks {
  cardPage(baseUrl: string, pageId: string, ids: { requestId: string; invoiceNumber: string; clientId: string }): string
  genericPage(baseUrl: string, paymentId: string, ids: { invoiceNumber: string; clientId: string }): string
  /** Whether the query of a page request carries a good signature for this page. */
  verify(pageKind: 'card' | 'v3', pageId: string, query: URLSearchParams): boolean
}

const SIGNED_PARAMS = ['client_id', 'request_id', 'invoice_number'] as const

export function createPageLinks(): PageLinks {
  const key = randomBytes(32)
  const sign = (pageKind: string, pageId: string, query: URLSearchParams): string =>
    createHmac('sha256', key)
      .update([pageKind, pageId, ...SIGNED_PARAMS.map((name) => query.get(name) ?? '')].join('\n'))
      .digest('base64url')

  const build = (baseUrl: string, path: string, pageKind: string, pageId: string, params: Record<string, string>): string => {
    const query = new URLSearchParams(params)
    query.set('signature', sign(pageKind, pageId, query))
    return `${baseUrl}${path}?${query.toString()}`
  }

  return {
    cardPage: (baseUrl, pageId, ids) =>
      build(baseUrl, `/checkout/card/${pageId}`, 'card', pageId, {
        client_id: ids.clientId,
        request_id: ids.requestId,
        invoice_number: ids.invoiceNumber,
      }),
    genericPage: (baseUrl, paymentId, ids) =>
      build(baseUrl, `/checkout/v3/${encodeURIComponent(paymentId)}`, 'v3', paymentId, {
        client_id: ids.clientId,
        invoice_number: ids.invoiceNumber,
      }),
    verify(pageKind, pageId, query) {
      const given = Buffer.from(query.get('signature') ?? '', 'utf8')
      const expected = Buffer.from(sign(pageKind, pageId, query), 'utf8')
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}
