/**
 * The bridge's names and codes, without the contract's schemas: what the preload and browser mode's
 * `window.api` need to build one function per call (./build-api.ts). Kept apart from ./contract.ts so
 * that the page's bridge does not build every zod schema before the app can start (about 80 ms of a
 * cold load in browser mode); the contract checks at compile time that these lists are exactly its
 * calls and events.
 */

export const CALL_NAMES = [
  'app.info',
  'session.status',
  'session.setup',
  'session.signIn',
  'session.signOut',
  'session.lock',
  'session.changePin',
  'operators.list',
  'operators.create',
  'operators.update',
  'operators.resetPin',
  'approvals.grant',
  'audit.list',
  'audit.exportCsv',
  'team.get',
  'team.probe',
  'team.create',
  'team.join',
  'team.importHistory',
  'team.leave',
  'environment.switch',
  'app.setLanguage',
  'welcome.finish',
  'settings.get',
  'settings.update',
  'credentials.get',
  'credentials.update',
  'credentials.removeSecret',
  'gateway.testConnection',
  'orders.search',
  'orders.count',
  'orders.get',
  'orders.attempt',
  'orders.exportCsv',
  'orders.cancelExport',
  'orders.checkStatus',
  'orders.resolveReview',
  'orders.cancelLink',
  'links.prepare',
  'links.banks',
  'links.create',
  'customers.search',
  'customers.get',
  'customers.save',
  'cards.add',
  'cards.remove',
  'phoneOrders.prepare',
  'phoneOrders.check',
  'phoneOrders.charge',
  'phoneOrders.override',
  'phoneOrders.receipt',
  'refunds.request',
  'refunds.checkStatus',
  'refunds.register',
  'tracker.status',
  'tracker.refreshAll',
  'tracker.cancelRefresh',
  'listener.status',
  'home.figures',
  'home.attention',
  'report.get',
  'report.exportCsv',
  'report.savePdf',
] as const

export const EVENT_NAMES = ['environment.changed', 'app.shortcut', 'export.progress', 'export.finished', 'orders.changed', 'tracker.changed', 'listener.changed', 'team.changed'] as const

/**
 * Stable error codes. Services may add their own (e.g. a gateway's), so the field is a string, but
 * these are the ones the bridge itself produces.
 */
export const BridgeErrorCode = {
  /** The input did not pass the call's schema. `field` names the first offending field. */
  invalidInput: 'INVALID_INPUT',
  /** The call came from somewhere other than our own window or browser page, or the operator's role may not make it. */
  forbidden: 'FORBIDDEN',
  /** Nobody is signed in, or the screen is locked: sign in first. */
  signedOut: 'SIGNED_OUT',
  /** No such call in the contract. */
  unknownCall: 'UNKNOWN_CALL',
  /** The call could not reach main at all. */
  unreachable: 'BRIDGE_UNREACHABLE',
  /** A bug in main. The details are in main's log, not in the message. */
  internal: 'INTERNAL',
} as const

export type CallName = (typeof CALL_NAMES)[number]
export type EventName = (typeof EVENT_NAMES)[number]

const EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES)

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && EVENTS.has(name)
}

export const callChannel = (name: CallName): string => `call:${name}`
export const eventChannel = (name: EventName): string => `event:${name}`
