/**
 * Operators, sign-in and approvals through the bridge of a real back end in Training (its clock moved
 * by the test): the first Admin, PINs hashed and never written anywhere, the slow-down and lock-out
 * of wrong PINs, the idle lock, Supervisor approval on the spot, the last Admin, and the audit log.
 */
import Database from 'better-sqlite3'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deskFile } from '../../src-main/operators/desk-database'
import * as pinModule from '../../src-main/operators/pin'
import { historyFile } from '../../src-main/store/history-file'
import type { CallError, CallName, Environment } from '../../src-preload/contract'
import { TEST_OPERATORS } from '../harness/operators'
import { startTrainingBackend, type TrainingTestBackend } from './training-fixture'

let app: TrainingTestBackend
afterEach(async () => {
  await app.close()
})

const { admin, supervisor: ravi, clerk: mei } = TEST_OPERATORS

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

function auditRows(environment: Environment = 'training'): { actor: string; action: string; approved_by: string | null; details: string }[] {
  const db = new Database(historyFile(app.dataDir, environment), { readonly: true })
  try {
    return db.prepare('select actor, action, approved_by, details from audit_log order by id').all() as { actor: string; action: string; approved_by: string | null; details: string }[]
  } finally {
    db.close()
  }
}

async function refused(name: CallName, input: unknown): Promise<CallError> {
  const result = await app.backend.dispatch(name, input)
  if (result.ok) throw new Error(`${name} should have been refused`)
  return result.error
}

async function signIn(operator: { login: string; pin: string }): Promise<void> {
  await app.call('session.signIn', { login: operator.login, pin: operator.pin })
}

async function customerWithCard(cardNumber = '5120910000000038'): Promise<{ customerId: number; cardId: number }> {
  const customer = await app.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  const { token } = (await app.control('POST', '/tokens', { customer_id: customer.externalId, card_number: cardNumber })) as { token: { id: string } }
  const card = await app.call('cards.add', { customerId: customer.id, token: token.id, masked: `${cardNumber.slice(0, 6)}******${cardNumber.slice(-4)}`, brand: 'mastercard' })
  return { customerId: customer.id, cardId: card.id }
}

async function paidPhoneOrder(ids: { customerId: number; cardId: number }, invoiceNumber: string, amountSen = 40_00): Promise<number> {
  const result = await app.call('phoneOrders.charge', { ...ids, invoiceNumber, amountSen, descriptor: '', note: '', confirmDuplicate: false })
  expect(result.outcome).toBe('approved')
  return result.detail.order.id
}

describe('the first start', () => {
  it('asks for the first Admin, refuses everything else until then, and signs the Admin in', async () => {
    app = await startTrainingBackend({ signedIn: 'none' })
    expect(await app.call('session.status')).toEqual({ setupNeeded: true, operator: null, locked: false, idleLockMinutes: 5, welcome: false })
    expect(await refused('orders.search', { limit: 10 })).toMatchObject({ code: 'SIGNED_OUT' })
    expect(await refused('session.signIn', { login: 'aisyah', pin: '246810' })).toMatchObject({ code: 'SIGN_IN_FAILED', message: 'Wrong login or PIN.' })
    expect(await refused('session.setup', { login: 'aisyah', name: 'Aisyah', pin: '12345' })).toMatchObject({ code: 'INVALID_INPUT', field: 'pin' })
    expect(await refused('session.setup', { login: 'aisyah', name: 'Aisyah', pin: 'abcdefg' })).toMatchObject({ code: 'INVALID_INPUT', field: 'pin' })

    const status = await app.call('session.setup', { login: 'Aisyah', name: 'Aisyah Rahman', pin: '246810' })
    expect(status).toMatchObject({ setupNeeded: false, locked: false, operator: { login: 'Aisyah', name: 'Aisyah Rahman', role: 'admin', active: true, lockedUntil: null } })
    expect((await app.call('orders.search', { limit: 10 })).rows).toEqual([])
    expect(await refused('session.setup', { login: 'other', name: 'Other', pin: '97531086' })).toMatchObject({ code: 'SETUP_DONE' })
    // Logins are case-insensitive.
    expect(await refused('operators.create', { login: 'AISYAH', name: 'Copy', role: 'clerk', pin: '97531086' })).toMatchObject({ code: 'LOGIN_TAKEN', field: 'login' })
    await app.call('session.signOut')
    await app.call('session.signIn', { login: 'aisyah', pin: '246810' })
    expect(auditRows().map((row) => [row.actor, row.action])).toEqual([['Aisyah Rahman', 'operator.create']])
  })

  it('keeps the operators per desk: the same in every environment, and after a restart', async () => {
    app = await startTrainingBackend({ staff: true })
    await app.call('environment.switch', { environment: 'sandbox' })
    expect((await app.call('session.status')).operator?.login).toBe(admin.login)
    expect((await app.call('operators.list')).operators.map((operator) => operator.login).sort()).toEqual(['aisyah', 'mei', 'ravi'])
    await app.restart()
    expect((await app.call('operators.list')).operators).toHaveLength(3)
    const desk = new Database(deskFile(app.dataDir), { readonly: true })
    try {
      expect(desk.prepare('select count(*) from operators').pluck().get()).toBe(3)
      expect(desk.pragma('journal_mode', { simple: true })).toBe('wal')
    } finally {
      desk.close()
    }
  })
})

describe('PINs', () => {
  it('are stored as a salted scrypt hash at the desk’s cost (2^15): no plain PIN in any file of the data folder, WAL included, during the run and after', async () => {
    // pinCost undefined: the back end's own cost, as on every desk (the fixture's is the tests' lower one).
    app = await startTrainingBackend({ staff: true, pinCost: undefined })
    const pins = ['731905', 'long-passphrase-44', '550912', 'ZebraCrossing#19']
    await app.call('operators.create', { login: 'ali', name: 'Ali', role: 'clerk', pin: pins[0] })
    await signIn({ login: 'ali', pin: pins[0] ?? '' })
    await app.call('session.changePin', { currentPin: pins[0], newPin: pins[1] })
    await signIn(admin)
    const ali = (await app.call('operators.list')).operators.find((operator) => operator.login === 'ali')
    await app.call('operators.resetPin', { id: ali?.id, pin: pins[2] })
    await app.call('operators.create', { login: 'ben', name: 'Ben', role: 'supervisor', pin: pins[3] })
    // Ben's PIN through an approval: Ali (a Clerk) is refused a card's removal, Ben approves it.
    await signIn({ login: 'ali', pin: pins[2] ?? '' })
    await refused('cards.remove', { cardId: 1 })
    await app.call('approvals.grant', { call: 'cards.remove', subjectId: 1, login: 'ben', pin: pins[3] })
    await refused('session.signIn', { login: 'ali', pin: pins[1] })
    const everyPin = [...pins, admin.pin, ravi.pin, mei.pin]

    const scan = (when: string): void => {
      const files = filesUnder(app.dataDir)
      expect(files.some((file) => file.endsWith('desk.sqlite3'))).toBe(true)
      for (const file of files) {
        const bytes = readFileSync(file)
        for (const pin of everyPin) {
          expect(bytes.includes(pin), `${when}: ${pin} in ${file}`).toBe(false)
          expect(bytes.includes(Buffer.from(pin, 'utf16le')), `${when}: ${pin} (UTF-16) in ${file}`).toBe(false)
        }
      }
    }
    expect(filesUnder(app.dataDir).some((file) => file.endsWith('desk.sqlite3-wal'))).toBe(true)
    scan('while running')
    const desk = new Database(deskFile(app.dataDir), { readonly: true })
    const hashes = desk.prepare('select pin_hash from operators').pluck().all() as string[]
    desk.close()
    for (const hash of hashes) expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/)
    expect(new Set(hashes.map((hash) => hash.split('$')[4])).size).toBe(hashes.length)
    await app.stop()
    scan('after closing')
  })

  it('are changed by their owner with the current PIN, and reset by an Admin (audited)', async () => {
    app = await startTrainingBackend({ staff: true, signedIn: 'clerk' })
    expect(await refused('session.changePin', { currentPin: 'not-the-pin', newPin: '86420135' })).toMatchObject({ code: 'SIGN_IN_FAILED', field: 'currentPin' })
    expect(await refused('session.changePin', { currentPin: mei.pin, newPin: '1234' })).toMatchObject({ code: 'INVALID_INPUT', field: 'newPin' })
    await app.call('session.changePin', { currentPin: mei.pin, newPin: '86420135' })
    await app.call('session.signOut')
    expect(await refused('session.signIn', { login: 'mei', pin: mei.pin })).toMatchObject({ code: 'SIGN_IN_FAILED' })
    await signIn({ login: 'mei', pin: '86420135' })
    expect(await refused('operators.resetPin', { id: 1, pin: '11223344' })).toMatchObject({ code: 'FORBIDDEN', needs: { role: 'admin' } })

    await signIn(admin)
    const meiId = (await app.call('session.status', undefined)).operator ? (await app.call('operators.list')).operators.find((o) => o.login === 'mei')?.id : undefined
    await app.call('operators.resetPin', { id: meiId, pin: mei.pin })
    await signIn(mei)
    const actions = auditRows().map((row) => [row.actor, row.action])
    expect(actions).toEqual(
      expect.arrayContaining([
        ['Mei Ling', 'operator.pin_changed'],
        ['aisyah', 'operator.pin_reset'],
      ]),
    )
    expect(JSON.stringify(auditRows())).not.toContain('86420135')
  })
})

describe('PINs too easy to guess', () => {
  it('are refused wherever a PIN is set: one digit repeated or digits in a row, up or down', async () => {
    app = await startTrainingBackend({ staff: true })
    for (const pin of ['111111', '000000', '123456', '987654', '0123456789']) {
      expect(await refused('operators.create', { login: 'ali', name: 'Ali', role: 'clerk', pin }), pin).toMatchObject({
        code: 'INVALID_INPUT',
        field: 'pin',
        message: 'Too easy to guess: not one digit repeated (111111) nor digits in a row (123456).',
      })
    }
    expect(await refused('session.changePin', { currentPin: admin.pin, newPin: '222222' })).toMatchObject({ code: 'INVALID_INPUT', field: 'newPin' })
    // Neither is the rest: 135790, 112233 and any PIN of letters are the staff's own choice.
    await app.call('operators.create', { login: 'ali', name: 'Ali', role: 'clerk', pin: '112233' })
  })
})

describe('wrong PINs', () => {
  it('slow down after 3 (1 s, then 2 s) and lock the operator out for 15 minutes after 5, audited; an unknown login gets the very same answers', async () => {
    app = await startTrainingBackend({ staff: true, relock: false })
    await app.call('session.signOut')
    const answers = async (login: string): Promise<string[]> => {
      const seen: string[] = []
      const attempt = async (pin: string): Promise<void> => {
        const result = await app.backend.dispatch('session.signIn', { login, pin })
        seen.push(result.ok ? 'signed in' : `${result.error.code}: ${result.error.message}`)
      }
      for (let i = 0; i < 3; i += 1) await attempt('000000')
      await attempt('000000') // too soon: 1 s
      app.advance(1_000)
      await attempt('000000') // the 4th wrong one
      await attempt('000000') // too soon: 2 s
      app.advance(2_000)
      await attempt('000000') // the 5th: locked out
      await attempt(login === 'ravi' ? ravi.pin : '000000') // even the right PIN
      app.advance(14 * 60_000)
      await attempt(login === 'ravi' ? ravi.pin : '000000')
      app.advance(60_000)
      return seen
    }
    const known = await answers('ravi')
    expect(known).toEqual([
      'SIGN_IN_FAILED: Wrong login or PIN.',
      'SIGN_IN_FAILED: Wrong login or PIN.',
      'SIGN_IN_FAILED: Wrong login or PIN.',
      'TRY_LATER: Too many wrong tries: wait 1 second, then try again.',
      'SIGN_IN_FAILED: Wrong login or PIN.',
      'TRY_LATER: Too many wrong tries: wait 2 seconds, then try again.',
      'LOCKED_OUT: Too many wrong tries: this sign-in is locked for 15 minutes. An Admin can reset the PIN.',
      'LOCKED_OUT: Too many wrong tries: this sign-in is locked for 15 minutes. An Admin can reset the PIN.',
      'LOCKED_OUT: Too many wrong tries: this sign-in is locked for 1 minute. An Admin can reset the PIN.',
    ])
    // 15 minutes later the right PIN works again.
    await signIn(ravi)
    expect(await answers('nobody-here')).toEqual(known)
    const lockOuts = auditRows().filter((row) => row.action === 'operator.locked_out')
    expect(lockOuts).toHaveLength(1)
    expect(lockOuts[0]).toMatchObject({ actor: 'Ravi' })
    expect(JSON.parse(lockOuts[0]?.details ?? '{}')).toMatchObject({ login: 'ravi', failedTries: 5 })
  })

  it('sent together are checked one at a time: the others are told to wait, so the lock-out still counts every try', async () => {
    app = await startTrainingBackend({ staff: true, signedIn: 'clerk', relock: false })
    const codes = async (name: CallName, input: (pin: string) => unknown, start: number): Promise<string[]> => {
      const guesses = [...Array.from({ length: 20 }, (_, i) => String(start + i)), ravi.pin]
      const answers = await Promise.all(guesses.map((pin) => app.backend.dispatch(name, input(pin))))
      return answers.map((answer) => (answer.ok ? 'OK' : answer.error.code))
    }
    // A Clerk guessing a Supervisor's PIN through approvals, all at once: one is checked.
    expect(await refused('refunds.request', { orderId: 1, kind: 'VOID', amountSen: 1_00 })).toMatchObject({ code: 'FORBIDDEN' })
    const grants = await codes('approvals.grant', (pin) => ({ call: 'refunds.request', subjectId: 1, login: 'ravi', pin }), 200_000)
    expect(grants.filter((code) => code === 'SIGN_IN_FAILED')).toHaveLength(1)
    expect(grants.filter((code) => code === 'TRY_LATER')).toHaveLength(20)
    // Signing in as the Supervisor the same way: the right PIN, sent with the guesses, is not let in.
    await app.call('session.signOut')
    const signIns = await codes('session.signIn', (pin) => ({ login: ravi.login, pin }), 300_000)
    expect(signIns.filter((code) => code === 'SIGN_IN_FAILED')).toHaveLength(1)
    expect(signIns.at(-1)).toBe('TRY_LATER')
    // Two wrong tries counted (under the slow-down's three): the right PIN, sent alone, signs in.
    expect(await app.backend.dispatch('session.signIn', { login: ravi.login, pin: ravi.pin })).toMatchObject({ ok: true })
  })

  it('cost an unknown login a PIN hash too, so that its answer does not come sooner (a hash is computed for both)', async () => {
    app = await startTrainingBackend({ staff: true })
    // Observed, not replaced: the real scrypt work still runs.
    const burn = vi.spyOn(pinModule, 'burnPinCheck')
    const verify = vi.spyOn(pinModule, 'verifyPin')
    expect(await app.backend.dispatch('session.signIn', { login: 'nobody', pin: '000000' })).toMatchObject({ ok: false, error: { code: 'SIGN_IN_FAILED' } })
    expect([burn.mock.calls.length, verify.mock.calls.length]).toEqual([1, 0])
    expect(await app.backend.dispatch('session.signIn', { login: 'ravi', pin: '000000' })).toMatchObject({ ok: false, error: { code: 'SIGN_IN_FAILED' } })
    expect([burn.mock.calls.length, verify.mock.calls.length]).toEqual([1, 1])
  })
})

describe('the idle lock', () => {
  it('locks after the minutes of Settings without a call; the same operator continues, another replaces', async () => {
    app = await startTrainingBackend({ staff: true, signedIn: 'clerk', relock: false })
    const ids = await customerWithCard()
    app.advance(4 * 60_000 + 59_000)
    await app.call('orders.search', { limit: 10 })
    app.advance(4 * 60_000 + 59_000)
    expect((await app.call('session.status')).locked).toBe(false)
    app.advance(1_000)
    expect(await refused('customers.get', { id: ids.customerId })).toEqual({ code: 'SIGNED_OUT', message: 'The desk is locked: sign in again to go on.', say: { id: 'said.bridge.locked' } })
    expect(await app.call('session.status')).toMatchObject({ locked: true, operator: { login: 'mei' } })
    // The same operator continues where they were.
    await signIn(mei)
    expect(await app.call('session.status')).toMatchObject({ locked: false, operator: { login: 'mei' } })
    expect((await app.call('customers.get', { id: ids.customerId })).customer.id).toBe(ids.customerId)

    // The screen's own timer locks at once; another operator takes the desk over.
    expect(await app.call('session.lock')).toMatchObject({ locked: true, operator: { login: 'mei' } })
    expect(await refused('orders.search', { limit: 10 })).toMatchObject({ code: 'SIGNED_OUT' })
    await signIn(ravi)
    expect(await app.call('session.status')).toMatchObject({ locked: false, operator: { login: 'ravi', role: 'supervisor' } })
    await app.call('session.signOut')
    expect(await app.call('session.status')).toMatchObject({ locked: false, operator: null })
    expect(await refused('orders.search', { limit: 10 })).toMatchObject({ code: 'SIGNED_OUT', message: 'Nobody is signed in at this desk: sign in first.' })
  })

  it('is a setting of the environment, from 1 to 240 minutes', async () => {
    app = await startTrainingBackend({ relock: false })
    const { settings } = await app.call('settings.get')
    expect(settings.session).toEqual({ idleLockMinutes: 5 })
    for (const minutes of [0, 241, 2.5]) {
      expect(await refused('settings.update', { ...settings, session: { idleLockMinutes: minutes } })).toMatchObject({ code: 'INVALID_INPUT', field: 'session.idleLockMinutes' })
    }
    await app.call('settings.update', { ...settings, session: { idleLockMinutes: 1 } })
    expect((await app.call('session.status')).idleLockMinutes).toBe(1)
    app.advance(60_000)
    expect(await refused('settings.get', undefined)).toMatchObject({ code: 'SIGNED_OUT' })
  })
})

describe('Supervisor approval on the spot', () => {
  it('lets a Clerk make one refund a Supervisor approved with their PIN, written with both names; wrong PINs, a Clerk, oneself, re-use and another order are refused', async () => {
    app = await startTrainingBackend({ staff: true, signedIn: 'clerk' })
    const ids = await customerWithCard()
    const orderId = await paidPhoneOrder(ids, 'INV-APPROVE-1')
    const otherOrderId = await paidPhoneOrder(ids, 'INV-APPROVE-2', 25_00)
    const refund = { orderId, kind: 'VOID', amountSen: 40_00 }
    expect(await refused('refunds.request', refund)).toMatchObject({ code: 'FORBIDDEN', needs: { role: 'supervisor', approvable: true } })

    const grant = (login: string, pin: string, subjectId = orderId): Promise<CallError> => refused('approvals.grant', { call: 'refunds.request', subjectId, login, pin })
    expect(await grant('ravi', '999999')).toMatchObject({ code: 'SIGN_IN_FAILED', message: 'Wrong login or PIN.' })
    expect(await grant('mei', mei.pin)).toMatchObject({ code: 'APPROVAL_REFUSED', field: 'login' })
    await signIn(admin)
    await app.call('operators.create', { login: 'ali', name: 'Ali', role: 'clerk', pin: '97531086' })
    await signIn(mei)
    // A new session starts with nothing refused: the refund is asked for again, as the screen does.
    expect(await grant('ravi', ravi.pin)).toMatchObject({ code: 'APPROVAL_REFUSED', message: 'Nothing of yours waits for an approval here: try the action again, then ask.' })
    expect(await refused('refunds.request', refund)).toMatchObject({ code: 'FORBIDDEN' })
    expect(await grant('ali', '97531086')).toMatchObject({ code: 'APPROVAL_REFUSED', message: 'Ali is a Clerk: only a Supervisor or an Admin can approve.' })

    const granted = await app.call('approvals.grant', { call: 'refunds.request', subjectId: orderId, login: 'ravi', pin: ravi.pin })
    expect(granted.approver).toBe('Ravi')
    // Another order is not covered, and does not use the approval up.
    expect(await refused('refunds.request', { ...refund, orderId: otherOrderId })).toMatchObject({ code: 'FORBIDDEN' })
    // Nor another call on the same order.
    expect(await refused('phoneOrders.override', { orderId, reason: 'Bank confirmed by phone' })).toMatchObject({ code: 'FORBIDDEN' })
    const done = await app.call('refunds.request', refund)
    expect(done.refund.createdBy).toBe('Mei Ling (approved by Ravi)')
    expect(done.detail.timeline.some((entry) => entry.actor === 'Mei Ling (approved by Ravi)')).toBe(true)
    // Used once.
    expect(await refused('refunds.request', refund)).toMatchObject({ code: 'FORBIDDEN' })

    const audit = auditRows()
    expect(audit.find((row) => row.action === 'approval.granted')).toMatchObject({ actor: 'Ravi', approved_by: null })
    // What was approved, as the screen showed it: the kind and the amount too.
    expect(JSON.parse(audit.find((row) => row.action === 'approval.granted')?.details ?? '{}')).toMatchObject({ call: 'refunds.request', orderId, kind: 'VOID', amountSen: 40_00, for: 'Mei Ling' })
    expect(audit.find((row) => row.action === 'refund.request')).toMatchObject({ actor: 'Mei Ling (approved by Ravi)', approved_by: 'Ravi' })

    // The audit log screen (a Supervisor's) shows both names, and finds the entry under either.
    await signIn(ravi)
    const list = await app.call('audit.list', { actor: 'ravi', action: 'refund', limit: 10 })
    expect(list.rows).toEqual([expect.objectContaining({ action: 'refund.request', actor: 'Mei Ling (approved by Ravi)', approvedBy: 'Ravi', orderId, invoiceNumber: 'INV-APPROVE-1' })])
    expect((await app.call('audit.list', { actor: 'Mei', limit: 100 })).rows.map((row) => row.action)).toContain('refund.request')
  })

  it('expires after two minutes, is refused to the approver themselves, and covers "charge again" on that card only', async () => {
    app = await startTrainingBackend({ staff: true, signedIn: 'clerk' })
    const ids = await customerWithCard()
    const orderId = await paidPhoneOrder(ids, 'INV-EXPIRE-1')
    expect(await refused('refunds.request', { orderId, kind: 'VOID', amountSen: 40_00 })).toMatchObject({ code: 'FORBIDDEN' })
    await app.call('approvals.grant', { call: 'refunds.request', subjectId: orderId, login: 'ravi', pin: ravi.pin })
    app.advance(2 * 60_000)
    expect(await refused('refunds.request', { orderId, kind: 'VOID', amountSen: 40_00 })).toMatchObject({ code: 'FORBIDDEN' })

    // A Supervisor signed in cannot approve for themselves (nor needs to).
    await signIn(ravi)
    expect(await refused('approvals.grant', { call: 'refunds.request', subjectId: orderId, login: 'ravi', pin: ravi.pin })).toMatchObject({ code: 'APPROVAL_REFUSED' })

    await signIn(mei)
    const again = { ...ids, invoiceNumber: 'INV-EXPIRE-2', amountSen: 40_00, descriptor: '', note: '', confirmDuplicate: true }
    expect(await refused('phoneOrders.charge', again)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only a Supervisor (or an Admin) may charge a card again past the duplicate guard. A Supervisor can approve it here, with their login and PIN.',
      needs: { role: 'supervisor', approvable: true },
    })
    // The same charge without the flag is a Clerk's: the duplicate guard answers.
    expect(await refused('phoneOrders.charge', { ...again, confirmDuplicate: false })).toMatchObject({ code: 'DUPLICATE_CHARGE' })
    await app.call('approvals.grant', { call: 'phoneOrders.charge', subjectId: ids.cardId, login: 'aisyah', pin: admin.pin })
    const charged = await app.call('phoneOrders.charge', again)
    expect(charged.detail.order.createdBy).toBe('Mei Ling (approved by aisyah)')
    expect(auditRows().find((row) => row.action === 'phone_order.charge_again')).toMatchObject({ approved_by: 'aisyah' })
  })

  it('lets a Clerk charge up to their limit alone; above it a Supervisor approves that charge on the spot', async () => {
    app = await startTrainingBackend({ staff: true, signedIn: 'clerk', relock: false })
    const ids = await customerWithCard()
    const charge = (invoiceNumber: string, amountSen: number) => ({ ...ids, invoiceNumber, amountSen, descriptor: '', note: '', confirmDuplicate: false })
    // RM 500.00 by default: at the limit the Clerk charges alone.
    expect((await app.call('phoneOrders.charge', charge('INV-CLERK-1', 500_00))).outcome).toBe('approved')
    expect(await refused('phoneOrders.charge', charge('INV-CLERK-2', 600_00))).toEqual({
      code: 'FORBIDDEN',
      message: "Only a Supervisor (or an Admin) may charge a phone order above a Clerk's limit of RM 500.00. A Supervisor can approve it here, with their login and PIN.",
      say: { id: 'said.forbidden.supervisorApprovable', values: { what: { id: 'said.calls.raised.chargeAboveLimit', values: { limit: 'RM 500.00' } } } },
      needs: { role: 'supervisor', approvable: true },
    })
    await app.call('approvals.grant', { call: 'phoneOrders.charge', subjectId: ids.cardId, login: 'ravi', pin: ravi.pin })
    const approved = await app.call('phoneOrders.charge', charge('INV-CLERK-2', 600_00))
    expect(approved.detail.order.createdBy).toBe('Mei Ling (approved by Ravi)')
    // One charge per approval.
    expect(await refused('phoneOrders.charge', charge('INV-CLERK-3', 700_00))).toMatchObject({ code: 'FORBIDDEN' })
  })

  it('is offered by the confirmation before any charge is tried: the pre-check’s refusal is the one a Supervisor approves', async () => {
    app = await startTrainingBackend({ staff: true, signedIn: 'clerk', relock: false })
    const ids = await customerWithCard()
    const request = { ...ids, invoiceNumber: 'INV-PRECHECK-1', amountSen: 600_00, descriptor: '', note: '', confirmDuplicate: false }
    // The phone order's confirmation asks the pre-check, not the charge (found by QA: the right PIN was refused).
    const { problems } = await app.call('phoneOrders.check', request)
    expect(problems).toContainEqual(expect.objectContaining({ code: 'FORBIDDEN', needs: { role: 'supervisor', approvable: true } }))
    await app.call('approvals.grant', { call: 'phoneOrders.charge', subjectId: ids.cardId, login: 'ravi', pin: ravi.pin })
    const charged = await app.call('phoneOrders.charge', request)
    expect(charged.detail.order).toMatchObject({ amountSen: 600_00, createdBy: 'Mei Ling (approved by Ravi)' })
    // Only that charge: another amount checked and approved is not this one.
    expect(await refused('phoneOrders.charge', { ...request, invoiceNumber: 'INV-PRECHECK-2' })).toMatchObject({ code: 'FORBIDDEN' })
  })

  it('is for the very input refused: another amount or kind finds none, and uses it up', async () => {
    app = await startTrainingBackend({ staff: true, signedIn: 'clerk', relock: false })
    const ids = await customerWithCard()
    const charge = (amountSen: number) => ({ ...ids, invoiceNumber: 'INV-BOUND-1', amountSen, descriptor: '', note: '', confirmDuplicate: false })
    // Refused RM 600.00 (above the Clerk's RM 500.00); the Supervisor approves that charge.
    expect(await refused('phoneOrders.charge', charge(600_00))).toMatchObject({ code: 'FORBIDDEN' })
    await app.call('approvals.grant', { call: 'phoneOrders.charge', subjectId: ids.cardId, login: 'ravi', pin: ravi.pin })
    // RM 4,999.00 on the same card is not what was approved: refused, and the approval is gone.
    expect(await refused('phoneOrders.charge', charge(4_999_00))).toMatchObject({ code: 'FORBIDDEN' })
    expect(await refused('phoneOrders.charge', charge(600_00))).toMatchObject({ code: 'FORBIDDEN' })
    // Asked again for RM 600.00, approved again, charged: the audit log says what was approved.
    await app.call('approvals.grant', { call: 'phoneOrders.charge', subjectId: ids.cardId, login: 'ravi', pin: ravi.pin })
    const charged = await app.call('phoneOrders.charge', charge(600_00))
    expect(charged.detail.order).toMatchObject({ amountSen: 600_00, createdBy: 'Mei Ling (approved by Ravi)' })
    const grants = auditRows().filter((row) => row.action === 'approval.granted')
    expect(grants.map((row) => (JSON.parse(row.details) as { amountSen?: number }).amountSen)).toEqual([600_00, 600_00])

    // A RM 1.00 partial refund approved does not void the whole payment.
    const orderId = charged.detail.order.id
    expect(await refused('refunds.request', { orderId, kind: 'PARTIAL', amountSen: 1_00 })).toMatchObject({ code: 'FORBIDDEN' })
    await app.call('approvals.grant', { call: 'refunds.request', subjectId: orderId, login: 'ravi', pin: ravi.pin })
    expect(await refused('refunds.request', { orderId, kind: 'VOID', amountSen: 600_00 })).toMatchObject({ code: 'FORBIDDEN' })
    expect((await app.call('orders.get', { id: orderId })).refunds).toMatchObject({ refunds: [], refundedSen: 0, remainingSen: 600_00 })
  })

  it('is asked for only after main refused the operator the action: nothing else to approve, and no PIN checked', async () => {
    app = await startTrainingBackend({ staff: true, signedIn: 'clerk', relock: false })
    const checks = vi.spyOn(pinModule, 'verifyPin')
    expect(await refused('approvals.grant', { call: 'cards.remove', subjectId: 5, login: 'ravi', pin: ravi.pin })).toMatchObject({ code: 'APPROVAL_REFUSED' })
    // Refused card 5: card 6 is not waiting for an approval.
    expect(await refused('cards.remove', { cardId: 5 })).toMatchObject({ code: 'FORBIDDEN' })
    expect(await refused('approvals.grant', { call: 'cards.remove', subjectId: 6, login: 'ravi', pin: ravi.pin })).toMatchObject({ code: 'APPROVAL_REFUSED' })
    expect(checks).not.toHaveBeenCalled()
    checks.mockRestore()
  })

  it('is forgotten when the desk locks', async () => {
    app = await startTrainingBackend({ staff: true, signedIn: 'clerk', relock: false })
    expect(await refused('cards.remove', { cardId: 77 })).toMatchObject({ code: 'FORBIDDEN' })
    await app.call('approvals.grant', { call: 'cards.remove', subjectId: 77, login: 'ravi', pin: ravi.pin })
    await app.call('session.lock')
    await signIn(mei)
    expect(await refused('cards.remove', { cardId: 77 })).toMatchObject({ code: 'FORBIDDEN' })
  })
})

describe('Admins', () => {
  it('can neither deactivate nor demote the last active Admin; a deactivated operator cannot sign in and keeps their name in the history', async () => {
    app = await startTrainingBackend({ staff: true })
    const self = (await app.call('session.status')).operator
    if (!self) throw new Error('not signed in')
    expect(await refused('operators.update', { id: self.id, name: self.name, role: 'supervisor', active: true })).toMatchObject({ code: 'LAST_ADMIN', field: 'role' })
    expect(await refused('operators.update', { id: self.id, name: self.name, role: 'admin', active: false })).toMatchObject({ code: 'LAST_ADMIN', field: 'active' })

    const { operators } = await app.call('operators.list')
    const meiRow = operators.find((operator) => operator.login === 'mei')
    const raviRow = operators.find((operator) => operator.login === 'ravi')
    if (!meiRow || !raviRow) throw new Error('no staff')
    await app.call('customers.save', { name: 'Before', email: 'before@example.my', phone: '' })
    await signIn(mei)
    await app.call('customers.save', { name: 'By Mei', email: 'bymei@example.my', phone: '' })
    await signIn(admin)
    expect(await app.call('operators.update', { id: meiRow.id, name: meiRow.name, role: 'clerk', active: false })).toMatchObject({ active: false })
    expect(await refused('session.signIn', { login: 'mei', pin: mei.pin })).toMatchObject({ code: 'OPERATOR_INACTIVE' })
    expect(
      auditRows()
        .filter((row) => row.action === 'customer.create')
        .map((row) => row.actor),
    ).toEqual(['aisyah', 'Mei Ling'])

    // With a second Admin, the first may step down.
    await app.call('operators.update', { id: raviRow.id, name: raviRow.name, role: 'admin', active: true })
    expect(await app.call('operators.update', { id: self.id, name: self.name, role: 'clerk', active: true })).toMatchObject({ role: 'clerk' })
    // The change applies at once: the signed-in operator is a Clerk now.
    expect(await refused('operators.list', undefined)).toMatchObject({ code: 'FORBIDDEN', needs: { role: 'admin' } })
    expect(
      auditRows()
        .filter((row) => row.action === 'operator.update')
        .map((row) => JSON.parse(row.details) as { changes: string[] }),
    ).toEqual([
      expect.objectContaining({ changes: ['deactivated'] }),
      expect.objectContaining({ changes: ['role: Supervisor → Admin'] }),
      expect.objectContaining({ changes: ['role: Admin → Clerk'] }),
    ])
  })

  it('ends the session of an operator deactivated while signed in at their next call', async () => {
    app = await startTrainingBackend({ staff: true, signedIn: 'clerk' })
    const desk = new Database(deskFile(app.dataDir))
    desk.prepare("update operators set active = 0 where login = 'mei'").run()
    desk.close()
    expect(await refused('orders.search', { limit: 10 })).toMatchObject({ code: 'SIGNED_OUT' })
    expect((await app.call('session.status')).operator).toBeNull()
  })
})

describe('the audit log screen', () => {
  it('pages newest first by id, filters by who, what and when, and exports the filtered log as a private CSV', async () => {
    app = await startTrainingBackend()
    for (let i = 0; i < 7; i += 1) await app.call('customers.save', { name: `Customer ${String(i)}`, email: `c${String(i)}@example.my`, phone: '' })
    const first = await app.call('audit.list', { action: 'customer', limit: 3 })
    expect(first.rows.map((row) => row.action)).toEqual(['customer.create', 'customer.create', 'customer.create'])
    expect(first.nextBeforeId).toBe(first.rows.at(-1)?.id)
    const ids: number[] = first.rows.map((row) => row.id)
    let beforeId = first.nextBeforeId
    while (beforeId !== null) {
      const page = await app.call('audit.list', { action: 'customer', limit: 3, beforeId })
      ids.push(...page.rows.map((row) => row.id))
      beforeId = page.nextBeforeId
    }
    expect(ids).toHaveLength(7)
    expect([...ids].sort((a, b) => b - a)).toEqual(ids)
    expect((await app.call('audit.list', { actor: 'nobody', limit: 10 })).rows).toEqual([])
    expect((await app.call('audit.list', { to: '2000-01-01T00:00:00Z', limit: 10 })).rows).toEqual([])
    expect((await app.call('audit.list', { from: '2000-01-01T00:00:00+08:00', limit: 100 })).rows.length).toBe(8)
    expect(await refused('audit.list', { from: '2030-01-01T00:00:00Z', to: '2020-01-01T00:00:00Z', limit: 10 })).toMatchObject({ code: 'INVALID_INPUT', field: 'to' })

    const exported = await app.call('audit.exportCsv', { action: 'customer' })
    expect(exported.rows).toBe(7)
    const file = exported.file ?? ''
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n')
    expect(lines[0]).toBe('id,at,actor,approved_by,action,invoice_number,order_id,details')
    expect(lines).toHaveLength(8)
    expect(lines[1]).toContain(',aisyah,,customer.create,,,')
  })

  it('stays append-only', async () => {
    app = await startTrainingBackend()
    await app.stop()
    const db = new Database(historyFile(app.dataDir, 'training'))
    try {
      expect(() => db.prepare("update audit_log set actor = 'someone else'").run()).toThrow(/append-only/)
      expect(() => db.prepare('delete from audit_log').run()).toThrow(/append-only/)
    } finally {
      db.close()
    }
    const sources = ['src-main/store/audit.ts', 'src-main/services/audit-log.ts'].map((path) => readFileSync(path, 'utf8'))
    for (const source of sources) expect(source).not.toMatch(/\b(update|delete from)\s+audit_log\b/i)
  })
})
