/**
 * The training gateway's stand-in for the shop's own website: where a customer lands after paying (or
 * failing to pay) when the shop has set no return address of its own. The app's Training uses these
 * as the default return addresses of its links, so that a card link works on a fresh install (the
 * card page needs a return address) and the customer's trip ends on a page that exists, offline, on
 * loopback, without sending anyone to a made-up or real site. The real gateway has nothing like it.
 */
import type { SimContext } from '../context'
import { html, type SimRequest, type SimResponse } from '../http'
import { h, page } from './html'

export const RETURN_PAGE_PATHS = { paid: '/return/paid', failed: '/return/failed' } as const

/** The two return addresses of a training gateway reached at `baseUrl` (no trailing slash). */
export function returnPageUrls(baseUrl: string): { paid: string; failed: string } {
  return { paid: `${baseUrl}${RETURN_PAGE_PATHS.paid}`, failed: `${baseUrl}${RETURN_PAGE_PATHS.failed}` }
}

export function showReturnPage(ctx: SimContext, _req: SimRequest, outcome: string): SimResponse {
  const shop = ctx.merchantName().trim()
  const paid = outcome === 'paid'
  const title = shop ? `Back at ${shop}` : 'Back at the shop'
  return html(
    200,
    page(
      title,
      h`<h1>${title}</h1>
<p class="${paid ? 'ok' : 'bad'}"><strong>${paid ? 'Thank you: your payment went through.' : 'Your payment did not go through. No money was taken.'}</strong></p>
<p>This page stands in for the shop's own ${paid ? '“thank you”' : '“payment failed”'} page.</p>
<p class="hint">The training gateway shows it because no return address is set for Training. A shop's own pages are set in the app under Settings → Return address after payment.</p>`,
    ),
  )
}
