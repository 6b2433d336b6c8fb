/**
 * The notification listener as staff read it: its state (worded by the panel), whether the address to register is
 * one the gateway could reach at all, and the public address's hint. Pure, so it can be tested.
 */
import type { ListenerStatus } from '../../../src-preload/contract'
import { t } from '../../i18n/i18n'
import '../../i18n/en-on-demand'

export type ListenerState = 'running' | 'off' | 'failed' | 'stopped'

export function listenerState(status: Pick<ListenerStatus, 'enabled' | 'running' | 'error'>): ListenerState {
  if (status.running) return 'running'
  if (!status.enabled) return 'off'
  return status.error ? 'failed' : 'stopped'
}

/**
 * Whether an address can only be reached from this computer or this network (localhost, 127.x, 10.x,
 * 192.168.x, 172.16–31.x, 0.0.0.0, a single-word host): the gateway, on the internet, cannot call it.
 */
export function isLocalAddress(url: string): boolean {
  let host: string
  try {
    host = new URL(url).hostname.toLowerCase()
  } catch {
    return false
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '0.0.0.0') return true
  const ip = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host)
  if (ip) {
    const a = Number(ip[1])
    const b = Number(ip[2])
    return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31) || (a === 169 && b === 254)
  }
  return !host.includes('.')
}

/** The hint under "Public address": what the gateway is to call, from the address as typed and the path. */
export function publicAddressHint(base: string, path: string): string {
  const text = base.trim().replace(/\/+$/, '')
  if (!/^https?:\/\/[^/?#\s]+$/.test(text)) {
    return t('settings.general.listener.publicHintEmpty')
  }
  return t('settings.general.listener.publicHint', { url: `${text}${path.trim()}` })
}
