import { describe, expect, it, vi } from 'vitest'
import { APPROVABLE_CALLS, PERMISSIONS, type OperatorView, type SessionView } from '../../../src-preload/contract'
import { actionChoices, actionLabel, changeText, detailsText, toAuditFilters } from '../../../src-renderer/features/audit/audit-text'
import { actorText } from '../../../src-renderer/format/actor'
import { operatorChangeLines } from '../../../src-main/operators/desk'
import { DEFAULT_ENVIRONMENT_SETTINGS } from '../../../src-main/settings/environment-settings'
import { credentialsAuditEntry, environmentSwitchAuditEntry, settingsAuditEntry } from '../../../src-main/settings/settings-diff'
import { createIdleTimer, type IdleClock } from '../../../src-renderer/features/session/idle-timer'
import { fieldOf, pinProblem, repeatProblem } from '../../../src-renderer/features/session/pin-rules'
import { approvalOffered, approvalSubject, atLeast, CHARGE_AGAIN_NEED, may, needNote, SCREEN_NEEDS, SUBJECT_FIELD, visibleScreens } from '../../../src-renderer/features/session/roles'
import { mustDiscardScreens, sessionMode } from '../../../src-renderer/features/session/session-store'
import { switchLanguage } from '../../../src-renderer/i18n/i18n'

/** A clock whose time and timeouts the test moves by hand. */
function fakeClock(): IdleClock & { advance: (ms: number) => void; pending: () => number } {
  let now = 1_000_000
  let next = 1
  const timers = new Map<number, { at: number; run: () => void }>()
  return {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = next++
      timers.set(id, { at: now + ms, run })
      return id
    },
    clearTimeout: (handle) => timers.delete(handle as number),
    pending: () => timers.size,
    advance(ms) {
      const end = now + ms
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
        if (!due) break
        now = due[1].at
        timers.delete(due[0])
        due[1].run()
      }
      now = end
    },
  }
}

describe('the idle timer', () => {
  it('fires once after the minutes without activity, and never before', () => {
    const clock = fakeClock()
    const onIdle = vi.fn()
    const timer = createIdleTimer(clock, onIdle)
    timer.start(5)
    clock.advance(5 * 60_000 - 1)
    expect(onIdle).not.toHaveBeenCalled()
    expect(timer.remainingMs()).toBe(1)
    clock.advance(1)
    expect(onIdle).toHaveBeenCalledTimes(1)
    clock.advance(60 * 60_000)
    expect(onIdle).toHaveBeenCalledTimes(1)
    expect(timer.remainingMs()).toBeNull()
  })

  it('starts the idle time again at every activity, with one timeout at a time', () => {
    const clock = fakeClock()
    const onIdle = vi.fn()
    const timer = createIdleTimer(clock, onIdle)
    timer.start(1)
    for (let i = 0; i < 10; i++) {
      clock.advance(50_000)
      timer.activity()
      expect(clock.pending()).toBe(1)
    }
    expect(onIdle).not.toHaveBeenCalled()
    clock.advance(59_999)
    expect(onIdle).not.toHaveBeenCalled()
    clock.advance(1)
    expect(onIdle).toHaveBeenCalledTimes(1)
  })

  it('does nothing once stopped, or with no minutes; activity before start counts for nothing', () => {
    const clock = fakeClock()
    const onIdle = vi.fn()
    const timer = createIdleTimer(clock, onIdle)
    timer.activity()
    timer.start(0)
    clock.advance(10 * 60_000)
    timer.start(2)
    timer.stop()
    expect(clock.pending()).toBe(0)
    clock.advance(10 * 60_000)
    expect(onIdle).not.toHaveBeenCalled()
  })
})

describe('roles in the screens', () => {
  it('mirrors the contract: every need the screens show is what PERMISSIONS declares', () => {
    for (const [call, need] of Object.entries(SCREEN_NEEDS)) {
      const declared = PERMISSIONS[call as keyof typeof PERMISSIONS]
      expect({ call, role: declared.access, approvable: declared.approvable ?? false }).toEqual({ call, role: need.role, approvable: need.approvable })
    }
    expect(PERMISSIONS['phoneOrders.charge'].raisedBy?.access).toBe(CHARGE_AGAIN_NEED.role)
  })

  it('knows the subject of every approvable call, and finds it in the input', () => {
    expect(Object.keys(SUBJECT_FIELD).sort()).toEqual([...APPROVABLE_CALLS].sort())
    for (const call of APPROVABLE_CALLS) expect(PERMISSIONS[call].approvable).toBe(true)
    expect(approvalSubject('refunds.request', { orderId: 7, kind: 'FULL' })).toBe(7)
    expect(approvalSubject('orders.cancelLink', { id: 9 })).toBe(9)
    expect(approvalSubject('phoneOrders.charge', { customerId: 1, cardId: 4 })).toBe(4)
    expect(approvalSubject('cards.remove', {})).toBeNull()
  })

  it('ranks Clerk < Supervisor < Admin', () => {
    expect(atLeast('clerk', 'supervisor')).toBe(false)
    expect(atLeast('supervisor', 'supervisor')).toBe(true)
    expect(atLeast('admin', 'supervisor')).toBe(true)
    expect(atLeast(null, 'clerk')).toBe(false)
    expect(may('supervisor', 'settings.update')).toBe(false)
    expect(may('admin', 'settings.update')).toBe(true)
  })

  it('shows each role its screens', () => {
    const all = ['orders', 'payment-link', 'phone-order', 'audit', 'operators', 'settings'] as const
    expect(visibleScreens('clerk', all)).toEqual(['orders', 'payment-link', 'phone-order', 'settings'])
    expect(visibleScreens('supervisor', all)).toEqual(['orders', 'payment-link', 'phone-order', 'audit', 'settings'])
    expect(visibleScreens('admin', all)).toEqual(all)
  })

  it('says "Needs a Supervisor" with the approval path to a Clerk, and nothing to a Supervisor', () => {
    expect(needNote('clerk', SCREEN_NEEDS['refunds.request'])).toMatch(/^Needs a Supervisor: one can approve it on this desk/)
    expect(needNote('supervisor', SCREEN_NEEDS['refunds.request'])).toBeNull()
    expect(needNote('supervisor', SCREEN_NEEDS['settings.update'])).toBe('Needs an Admin.')
    expect(needNote('clerk', CHARGE_AGAIN_NEED)).toContain('approve')
  })

  it('offers an approval only for an approvable FORBIDDEN', () => {
    expect(approvalOffered({ code: 'FORBIDDEN', message: 'x', needs: { role: 'supervisor', approvable: true } })).toBe(true)
    expect(approvalOffered({ code: 'FORBIDDEN', message: 'x', needs: { role: 'admin', approvable: false } })).toBe(false)
    expect(approvalOffered({ code: 'FORBIDDEN', message: 'x' })).toBe(false)
    expect(approvalOffered({ code: 'SIGNED_OUT', message: 'x' })).toBe(false)
    expect(approvalOffered(null)).toBe(false)
  })
})

const operator = (id: number, role: OperatorView['role'] = 'clerk'): OperatorView => ({
  id,
  login: `op${String(id)}`,
  name: `Operator ${String(id)}`,
  role,
  active: true,
  lockedUntil: null,
  createdAt: '2026-01-01T00:00:00Z',
})
const view = (change: Partial<SessionView>): SessionView => ({ setupNeeded: false, operator: null, locked: false, idleLockMinutes: 5, welcome: false, ...change })

describe('what the app shows for the session', () => {
  it('loads, asks for the first Admin, or asks to sign in', () => {
    expect(sessionMode({ view: null, loadError: null, screensFor: null })).toEqual({ kind: 'loading' })
    expect(sessionMode({ view: null, loadError: { code: 'BRIDGE_UNREACHABLE', message: 'm' }, screensFor: null }).kind).toBe('unreachable')
    expect(sessionMode({ view: view({ setupNeeded: true }), loadError: null, screensFor: null })).toEqual({ kind: 'setup' })
    expect(sessionMode({ view: view({}), loadError: null, screensFor: null })).toEqual({ kind: 'sign-in' })
  })

  it('shows the screens to the operator they belong to, and the lock over them otherwise', () => {
    const mei = operator(3)
    expect(sessionMode({ view: view({ operator: mei }), loadError: null, screensFor: null })).toEqual({ kind: 'shell', operator: mei })
    expect(sessionMode({ view: view({ operator: mei }), loadError: null, screensFor: mei })).toEqual({ kind: 'shell', operator: mei })
    expect(sessionMode({ view: view({ operator: mei, locked: true }), loadError: null, screensFor: mei })).toEqual({ kind: 'lock', operator: mei })
    // Main forgot the session (signed out, restarted): the lock still names whose screens these are.
    expect(sessionMode({ view: view({}), loadError: null, screensFor: mei })).toEqual({ kind: 'lock', operator: mei })
    // A locked desk on a fresh page: the lock, for the operator main names.
    expect(sessionMode({ view: view({ operator: mei, locked: true }), loadError: null, screensFor: null })).toEqual({ kind: 'lock', operator: mei })
  })

  it('discards the screens when someone else signs in over them', () => {
    const mei = operator(3)
    const ravi = operator(2, 'supervisor')
    expect(mustDiscardScreens(mei, view({ operator: ravi }))).toBe(true)
    expect(mustDiscardScreens(mei, view({ operator: mei }))).toBe(false)
    expect(mustDiscardScreens(null, view({ operator: ravi }))).toBe(false)
    expect(sessionMode({ view: view({ operator: ravi }), loadError: null, screensFor: mei }).kind).toBe('lock')
  })
})

describe('PIN rules', () => {
  it('takes 6 digits or 8 characters, not too easy to guess', () => {
    expect(pinProblem('')).toBe('Enter a PIN')
    expect(pinProblem('12345')).toMatch(/6 digits/)
    expect(pinProblem('135790')).toBeNull()
    expect(pinProblem('123456')).toBe('Too easy to guess: not one digit repeated (111111) nor digits in a row (123456)')
    expect(pinProblem('777777')).toMatch(/Too easy to guess/)
    expect(pinProblem('abc1234')).toMatch(/8 characters/)
    expect(pinProblem('abcd1234')).toBeNull()
    expect(repeatProblem('123456', '123457')).toMatch(/differ/)
    expect(repeatProblem('123456', '123456')).toBeNull()
    expect(fieldOf('pin', ['login', 'pin'] as const)).toBe('pin')
    expect(fieldOf('session.x', ['login', 'pin'] as const)).toBeNull()
    expect(fieldOf(undefined, ['login'] as const)).toBeNull()
  })
})

describe('the audit log text', () => {
  it('filters by Malaysian days, the "to" day included', () => {
    expect(toAuditFilters({ actor: ' Ravi ', action: '', from: '2026-03-01', to: '2026-03-31' })).toEqual({ actor: 'Ravi', from: '2026-02-28T16:00:00.000Z', to: '2026-03-31T16:00:00.000Z' })
    expect(toAuditFilters({ actor: '', action: '', from: '', to: '' })).toEqual({})
  })

  it('reads actions and details', async () => {
    expect(actionLabel('refund.request')).toBe('Refund asked for')
    expect(actionLabel('approval_granted')).toBe('Approval granted')
    await switchLanguage('ms')
    try {
      expect(actionLabel('refund.request')).toBe('Permintaan bayaran balik')
      expect(actionLabel('phone_order.charge_again')).toBe('Caj semula pesanan telefon')
      // An action the catalogue does not know yet: as main names it.
      expect(actionLabel('report.printed')).toBe('Report printed')
    } finally {
      await switchLanguage('en')
    }
    expect(detailsText('{"amountSen":1250,"kind":"PARTIAL","note":null}')).toBe('Amount: RM\u00a012.50 · Kind: Partial refund')
    expect(detailsText('{"call":"refunds.request","orderId":1,"for":"Mei Ling"}')).toBe('Approved: Refund asked for · Order no.: 1 · For: Mei Ling')
    expect(detailsText('{"requestId":"r-1","kind":"card_link"}')).toBe('Request ID: r-1 · Kind: Card payment link')
    // What an approval was for: the charge again confirmed, the review's decision.
    expect(detailsText('{"call":"phoneOrders.charge","cardId":4,"amountSen":60000,"confirmDuplicate":true,"for":"Mei Ling"}')).toBe(
      'Approved: Phone order charged · Card no.: 4 · Amount: RM\u00a0600.00 · Same charge again, confirmed: yes · For: Mei Ling',
    )
    expect(detailsText('{"orderId":9,"decision":"not_paid"}')).toBe('Order no.: 9 · Decision: Not paid')
    const created = '{"operatorId":3,"login":"mei","name":"Mei Ling","role":"clerk","firstAdmin":false}'
    expect(detailsText(created)).toBe('Operator no.: 3 · Login: mei · Name: Mei Ling · Role: Clerk · First Admin: no')
    const lockedOut = '{"operatorId":2,"login":"ravi","failedTries":5,"lockedUntil":"2026-11-29T02:15:00.000Z"}'
    expect(detailsText(lockedOut)).toBe('Operator no.: 2 · Login: ravi · Failed tries: 5 · Locked until: 29 Nov 2026, 10:15')
    // A line of a shape or a field the screen does not know: as recorded.
    const settings = '{"environment":"sandbox","changes":["tracker.enabled: true → false","gateway.timeoutSeconds: 30 → 45","something else"]}'
    expect(detailsText(settings)).toBe('Environment: Sandbox · Changes: Status tracker on: yes → no; gateway.timeoutSeconds: 30 → 45; something else')
    // Who did it: main's "(approved by …)" worded by the desk's language (the audit log, the report, an order's timeline).
    expect(actorText('Mei Ling (approved by Ravi)')).toBe('Mei Ling (approved by Ravi)')
    await switchLanguage('ms')
    try {
      expect(actorText('Mei Ling (approved by Ravi)')).toBe('Mei Ling (diluluskan oleh Ravi)')
      expect(actorText('Ravi')).toBe('Ravi')
      expect(detailsText(created)).toBe('No. operator: 3 · ID log masuk: mei · Nama: Mei Ling · Peranan: Kerani · Pentadbir pertama: tidak')
      expect(detailsText('{"customerId":376,"amountSen":1250}')).toBe('No. pelanggan: 376 · Jumlah: RM\u00a012.50')
    } finally {
      await switchLanguage('en')
    }
    // A key or a value the screen does not know: as main recorded it.
    expect(detailsText('{"newThing":"x","role":"owner","gateway":{"id":"said.x"}}')).toBe('newThing: x · Role: owner · Gateway said: {"id":"said.x"}')
    expect(detailsText('{"call":"constructor","kind":"toString"}')).toBe('Approved: constructor · Kind: toString')
    expect(detailsText('plain words')).toBe('plain words')
    expect(detailsText('[1,2]')).toBe('[1,2]')
  })

  it('offers every audited action in the Action filter, in words, by their order in the desk language', async () => {
    const english = actionChoices(['report.printed'])
    expect(english).toContainEqual({ action: 'settings.update', label: 'Settings updated' })
    // One the catalogue does not know yet, seen in the rows: offered as main names it.
    expect(english).toContainEqual({ action: 'report.printed', label: 'Report printed' })
    expect(english.map(({ label }) => label)).toEqual(english.map(({ label }) => label).sort((a, b) => a.localeCompare(b, 'en')))
    await switchLanguage('ms')
    try {
      const malay = actionChoices([])
      expect(malay).toHaveLength(english.length - 1)
      expect(malay).toContainEqual({ action: 'settings.update', label: 'Tetapan dikemas kini' })
      expect(malay[0]?.label.localeCompare(malay.at(-1)?.label ?? '', 'ms')).toBeLessThan(0)
    } finally {
      await switchLanguage('en')
    }
  })

  it('words the changes main records, in the desk language', async () => {
    const at = new Date('2026-11-29T02:00:00Z')
    const before = DEFAULT_ENVIRONMENT_SETTINGS
    const after = {
      ...before,
      shop: { name: 'Kedai → Ali' },
      tracker: { enabled: false, concurrency: 8 },
      phoneOrders: { ...before.phoneOrders, chargeLimitSen: 750_000 },
      listener: { ...before.listener, publicBaseUrl: 'https://pay.example.com' },
    }
    const changes = (entry: { details: unknown } | null): string => detailsText(JSON.stringify(entry?.details))
    const settings = settingsAuditEntry({ actor: 'amy', at, environment: 'sandbox', before, after })
    const credentials = credentialsAuditEntry({
      actor: 'amy',
      at,
      environment: 'production',
      before: { clientId: 'MCH-1', apiKeyTrailingColon: false },
      after: { clientId: 'MCH-2', apiKeyTrailingColon: true },
      set: ['secretKey'],
      removed: ['apiKey'],
    })
    const operator = { operatorId: 3, changes: operatorChangeLines({ name: 'Mei', role: 'clerk', active: true }, { name: 'Mei Ling', role: 'supervisor', active: false }) }
    const switched = environmentSwitchAuditEntry({ actor: 'amy', at, from: 'training', to: 'sandbox' })
    expect(changes(settings)).toBe(
      'Environment: Sandbox · Changes: Shop name: (empty) → "Kedai → Ali"; Listener\'s public address: (empty) → "https://pay.example.com"; Status tracker on: yes → no; Status checks at once: 4 → 8; Largest phone-order charge: RM\u00a05,000.00 → RM\u00a07,500.00',
    )
    expect(changes(credentials)).toBe('Environment: Production · Changes: Client ID: "MCH-1" → "MCH-2"; API Key with a trailing colon: no → yes; Secret Key set; API Key removed')
    expect(detailsText(JSON.stringify(operator))).toBe('Operator no.: 3 · Changes: Name: "Mei" → "Mei Ling"; Role: Clerk → Supervisor; Deactivated')
    expect(changes(switched)).toBe('Environment: Sandbox · Changes: Environment: Training → Sandbox')
    await switchLanguage('ms')
    try {
      expect(changes(settings)).toContain('Perubahan: Nama kedai: (kosong) → "Kedai → Ali"; Alamat awam penerima: (kosong) → "https://pay.example.com"; Penjejak status dihidupkan: ya → tidak;')
      expect(changes(credentials)).toContain('API Key dengan titik bertindih di hujung: tidak → ya; Secret Key ditetapkan; API Key dibuang')
      expect(detailsText(JSON.stringify(operator))).toBe('No. operator: 3 · Perubahan: Nama: "Mei" → "Mei Ling"; Peranan: Kerani → Penyelia; Dinyahaktifkan')
    } finally {
      await switchLanguage('en')
    }
  })

  it('has a name for every setting a change can record', () => {
    // Every leaf of the settings changed at once: each line is worded, none left as main's path.
    const flip = (value: unknown): unknown =>
      typeof value === 'boolean'
        ? !value
        : typeof value === 'number'
          ? value + 1
          : typeof value === 'string'
            ? `${value}x`
            : Object.fromEntries(Object.entries(value as object).map(([key, inner]) => [key, flip(inner)]))
    const after = flip(DEFAULT_ENVIRONMENT_SETTINGS) as typeof DEFAULT_ENVIRONMENT_SETTINGS
    const entry = settingsAuditEntry({ actor: 'amy', at: new Date(), environment: 'training', before: DEFAULT_ENVIRONMENT_SETTINGS, after })
    const lines = (entry?.details as { changes: string[] }).changes
    expect(lines.length).toBeGreaterThan(20)
    for (const line of lines) expect(changeText(line), line).not.toMatch(/^[a-z]+\.[A-Za-z]+: /)
  })
})
