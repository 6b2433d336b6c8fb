/**
 * Which addresses the app hands to the operating system's browser. Only https, with a host, and
 * without credentials in the address; everything else is refused and the reason is given.
 */
export type ExternalUrlCheck = { ok: true; url: string } | { ok: false; reason: string }

export function checkExternalUrl(raw: string): ExternalUrlCheck {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, reason: 'not a valid address' }
  }
  if (url.protocol !== 'https:') return { ok: false, reason: `only https addresses are opened, not ${url.protocol}` }
  if (!url.hostname) return { ok: false, reason: 'the address has no host' }
  if (url.username || url.password) return { ok: false, reason: 'the address carries a user name or password' }
  return { ok: true, url: url.toString() }
}
