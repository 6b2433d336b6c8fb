/**
 * What the screens show each role: a mirror of the contract's PERMISSIONS for the calls a screen
 * offers (the renderer may import only the contract's types, so the table is repeated here; a unit
 * test checks it against PERMISSIONS). Main enforces; this only hides, disables and explains. Pure.
 */
import type { ApprovableCall, CallError, CallName, Role } from '../../../src-preload/contract'
import { t } from '../../i18n/i18n'

/** The role's name in the desk's language. */
export function roleLabel(role: Role): string {
  return t(`roles.${role}`)
}

const RANK: Record<Role, number> = { clerk: 1, supervisor: 2, admin: 3 }

/** Whether `role` may do what `needed` may (Clerk < Supervisor < Admin). */
export function atLeast(role: Role | null | undefined, needed: Role): boolean {
  return role ? RANK[role] >= RANK[needed] : false
}

export interface Need {
  role: Role
  /** A Supervisor may approve it on the spot for a Clerk. */
  approvable: boolean
}

/** The calls a screen offers that a Clerk may not make alone (or an Admin's only), as the contract declares them. */
export const SCREEN_NEEDS = {
  'refunds.request': { role: 'supervisor', approvable: true },
  'refunds.register': { role: 'supervisor', approvable: true },
  'phoneOrders.override': { role: 'supervisor', approvable: true },
  'orders.cancelLink': { role: 'supervisor', approvable: true },
  'orders.resolveReview': { role: 'supervisor', approvable: true },
  'cards.remove': { role: 'supervisor', approvable: true },
  'home.figures': { role: 'supervisor', approvable: false },
  'report.get': { role: 'supervisor', approvable: false },
  'report.exportCsv': { role: 'supervisor', approvable: false },
  'report.savePdf': { role: 'supervisor', approvable: false },
  'audit.list': { role: 'supervisor', approvable: false },
  'audit.exportCsv': { role: 'supervisor', approvable: false },
  'settings.update': { role: 'admin', approvable: false },
  'environment.switch': { role: 'admin', approvable: false },
  'credentials.get': { role: 'admin', approvable: false },
  'credentials.update': { role: 'admin', approvable: false },
  'gateway.testConnection': { role: 'admin', approvable: false },
  'operators.list': { role: 'admin', approvable: false },
  'operators.create': { role: 'admin', approvable: false },
} as const satisfies Partial<Record<CallName, Need>>

/** "Charge again" past the duplicate guard: the charge itself is a Clerk's, this flag raises it. */
export const CHARGE_AGAIN_NEED: Need = { role: 'supervisor', approvable: true }

export type ScreenCall = keyof typeof SCREEN_NEEDS

export function may(role: Role | null | undefined, call: ScreenCall): boolean {
  return atLeast(role, SCREEN_NEEDS[call].role)
}

/**
 * The note beside an action the operator may not do alone, or null when they may:
 * "Needs a Supervisor" and, for a Clerk, how to get it on the spot.
 */
export function needNote(role: Role | null | undefined, need: Need): string | null {
  if (atLeast(role, need.role)) return null
  return need.approvable && role === 'clerk' ? t(`approval.needsApprovable.${need.role}`) : t(`approval.needs.${need.role}`)
}

/** A refusal a Supervisor may lift on the spot (FORBIDDEN that main says is approvable). */
export function approvalOffered(error: CallError | null | undefined): boolean {
  return error?.code === 'FORBIDDEN' && error.needs?.approvable === true
}

/** The screens and their role: Orders, links and phone orders for all; the audit log from Supervisor; operators for Admins. */
export const SCREEN_ROLES = {
  home: 'clerk',
  orders: 'clerk',
  'payment-link': 'clerk',
  'phone-order': 'clerk',
  report: 'supervisor',
  audit: 'supervisor',
  operators: 'admin',
  settings: 'clerk',
} as const satisfies Record<string, Role>

export type ScreenName = keyof typeof SCREEN_ROLES

/** The screens the role sees in the navigation, in their order. */
export function visibleScreens<S extends ScreenName>(role: Role, all: readonly S[]): S[] {
  return all.filter((screen) => atLeast(role, SCREEN_ROLES[screen]))
}

/** Which subject an approval is bound to, from the refused call's input (order, card). */
export function approvalSubject(call: ApprovableCall, input: Record<string, unknown>): number | null {
  const key = SUBJECT_FIELD[call]
  const value = input[key]
  return typeof value === 'number' ? value : null
}

export const SUBJECT_FIELD: Record<ApprovableCall, string> = {
  'refunds.request': 'orderId',
  'refunds.register': 'orderId',
  'phoneOrders.override': 'orderId',
  'phoneOrders.charge': 'cardId',
  'orders.cancelLink': 'id',
  'orders.resolveReview': 'id',
  'cards.remove': 'cardId',
}
