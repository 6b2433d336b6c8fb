import { describe, expect, it } from 'vitest'
import { isLocalAddress, listenerState, publicAddressHint } from '../../../src-renderer/features/settings/listener-text'
import { refreshProgressText, refreshSummary, sameRefresh, trackerLine } from '../../../src-renderer/features/tracker/tracker-text'

const running = { state: 'running' as const, tracked: 3, dueNow: 0, lastError: null }
const noWaits = { nextCheckInMs: null, retryInMs: null }

describe('the status tracker line', () => {
  it('says how many it follows and counts down to the next check', () => {
    expect(trackerLine(running, { ...noWaits, nextCheckInMs: 42_000 }).text).toBe('Status tracker: following 3 orders and refunds · next check in 0:42')
    expect(trackerLine({ ...running, tracked: 1 }, { ...noWaits, nextCheckInMs: 90_500 }).text).toBe('Status tracker: following 1 order or refund · next check in 1:31')
    expect(trackerLine(running, { ...noWaits, nextCheckInMs: 0 }).text).toBe('Status tracker: following 3 orders and refunds · next check due now')
    expect(trackerLine({ ...running, dueNow: 2 }, { ...noWaits, nextCheckInMs: 0 }).text).toBe('Status tracker: following 3 orders and refunds · checking 2 now')
    expect(trackerLine({ ...running, tracked: 0 }, noWaits).text).toBe('Status tracker: nothing is waiting for an answer')
  })

  it('says plainly when the gateway cannot be reached, when it retries and why', () => {
    const line = trackerLine({ ...running, state: 'offline', lastError: 'connect ECONNREFUSED 127.0.0.1:8800' }, { ...noWaits, retryInMs: 90_000 })
    expect(line).toEqual({ tone: 'offline', text: 'Offline — the gateway could not be reached; retrying in 1:30', detail: 'connect ECONNREFUSED 127.0.0.1:8800' })
    expect(trackerLine({ ...running, state: 'offline' }, { ...noWaits, retryInMs: 0 }).text).toContain('retrying now')
  })

  it('says when it is turned off', () => {
    expect(trackerLine({ ...running, state: 'off' }, noWaits)).toEqual({ tone: 'off', text: 'Status tracker off', detail: null })
  })
})

describe('refresh all pending', () => {
  it('shows its progress with the failures', () => {
    expect(refreshProgressText({ done: 12, total: 40, failed: 0 })).toBe('Checked 12 of 40')
    expect(refreshProgressText({ done: 12, total: 40, failed: 1 })).toBe('Checked 12 of 40 · 1 failed')
  })

  it('sums up what it checked and when those not due yet will be', () => {
    const finished = { cancelled: false, done: 38, total: 38, failed: 2, notDue: 5, nextDueInMs: 42_000 }
    expect(refreshSummary(finished)).toEqual({
      result: 'Checked 38 (2 failed).',
      notDue: '5 not due yet — the soonest in 0:42 (the gateway asks for 60 s after each payment or request).',
    })
    expect(refreshSummary({ ...finished, failed: 0, notDue: 0 })).toEqual({ result: 'Checked 38.', notDue: null })
    expect(refreshSummary({ ...finished, nextDueInMs: 0 }).notDue).toContain('the soonest is due now')
    expect(refreshSummary({ ...finished, total: 0, done: 0, failed: 0 }).result).toBe('Nothing was due for a check.')
    expect(refreshSummary({ ...finished, cancelled: true, done: 10, failed: 0 }).result).toBe('Refresh cancelled after 10 of 38.')
  })

  it('keeps a dismissed summary hidden while only its countdown moves, not when a new refresh ends', () => {
    const one = { running: false, cancelled: false, total: 4, done: 4, failed: 0, notDue: 1, nextDueInMs: 30_000 }
    expect(sameRefresh(one, { ...one, nextDueInMs: 12_000 })).toBe(true)
    expect(sameRefresh(one, { ...one, total: 5, done: 5 })).toBe(false)
    expect(sameRefresh(one, null)).toBe(false)
  })
})

describe('the notification listener', () => {
  it('tells running, off and failed apart', () => {
    expect(listenerState({ enabled: true, running: true, error: null })).toBe('running')
    expect(listenerState({ enabled: false, running: false, error: null })).toBe('off')
    expect(listenerState({ enabled: true, running: false, error: 'Port 9900 is already in use' })).toBe('failed')
  })

  it('warns about an address to register that the gateway could not reach', () => {
    expect(isLocalAddress('http://127.0.0.1:9900/notify')).toBe(true)
    expect(isLocalAddress('http://localhost:9900/notify')).toBe(true)
    expect(isLocalAddress('http://192.168.1.20:9900/notify')).toBe(true)
    expect(isLocalAddress('http://172.20.0.3:9900/notify')).toBe(true)
    expect(isLocalAddress('http://shop-pc:9900/notify')).toBe(true)
    expect(isLocalAddress('https://pay.example.com/notify')).toBe(false)
    expect(isLocalAddress('https://172.32.0.1/notify')).toBe(false)
  })

  it('shows the address the gateway is to call from the public address and the path', () => {
    expect(publicAddressHint('https://pay.example.com/', '/notify')).toBe('The gateway is to call https://pay.example.com/notify; the proxy passes it on to this computer with the same path.')
    expect(publicAddressHint('', '/notify')).toContain('Left empty, the local address is shown')
  })
})
