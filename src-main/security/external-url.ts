/**
 * Which addresses the app hands to the operating system: https with a host and no credentials in the
 * address; http only on this machine's loopback (the training gateway's pages); and `mailto:` drafts
 * (sharing a payment link by e-mail). Everything else is refused and the reason is given.
 */
export type ExternalUrlCheck = { ok: true; url: string } | { ok: false; reason: string }

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])
const MAIL_FIELDS = new Set(['subject', 'body', 'cc', 'bcc'])

export function checkExternalUrl(raw: string): ExternalUrlCheck {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, reason: 'not a valid address' }
  }
  if (url.protocol === 'mailto:') {
    // Some mail programs honour `attach=`: a draft may carry only the usual fields.
    const extra = [...url.searchParams.keys()].filter((key) => !MAIL_FIELDS.has(key.toLowerCase()))
    if (extra.length > 0) return { ok: false, reason: `a mail draft may not carry ${extra.join(', ')}` }
    return { ok: true, url: url.toString() }
  }
  const loopbackHttp = url.protocol === 'http:' && LOOPBACK.has(url.hostname)
  if (url.protocol !== 'https:' && !loopbackHttp) return { ok: false, reason: `only https addresses are opened, not ${url.protocol}` }
  if (!url.hostname) return { ok: false, reason: 'the address has no host' }
  if (url.username || url.password) return { ok: false, reason: 'the address carries a user name or password' }
  return { ok: true, url: url.toString() }
}
