/**
 * Each contract call in the words staff use, for refusals ("Only a Supervisor (or an Admin) may refund
 * a payment.") and for the roles table of docs/operators.md. A call without words does not compile.
 */
import { PERMISSIONS, type Access, type CallName, type Role } from '../../src-preload/contract'

export const CALL_WORDS: { readonly [K in CallName]: string } = {
  'app.info': 'see which version of the app runs',
  'app.setLanguage': 'change the language of this desk',
  'session.status': 'see who is signed in',
  'session.setup': 'create the first Admin on a new desk',
  'session.signIn': 'sign in',
  'session.signOut': 'sign out',
  'session.lock': 'lock the screen',
  'session.changePin': 'change their own PIN',
  'operators.list': 'see the operators of the desk',
  'operators.create': 'add an operator',
  'operators.update': 'change, deactivate or promote an operator',
  'operators.resetPin': "reset an operator's PIN",
  'approvals.grant': 'ask a Supervisor to approve an action on the spot',
  'audit.list': 'read the audit log',
  'audit.exportCsv': 'export the audit log',
  'team.get': 'see whether the desk is in a team and the team database can be reached',
  'team.probe': 'test the connection to a team database',
  'team.create': 'create a team database',
  'team.join': 'join a team',
  'team.importHistory': "copy the desk's history into the team",
  'team.leave': 'leave the team',
  'environment.switch': 'switch between Training, Sandbox and Production',
  'welcome.get': 'see whether the first-run welcome is still to show',
  'welcome.finish': 'finish or skip the first-run welcome',
  'settings.get': 'see the settings',
  'settings.update': 'change the settings',
  'credentials.get': 'see which gateway credentials are set',
  'credentials.update': 'change the gateway credentials',
  'credentials.removeSecret': 'remove a gateway secret',
  'gateway.testConnection': 'test the connection to the gateway',
  'orders.search': 'search orders',
  'orders.count': 'count the orders a search finds',
  'orders.get': 'open an order',
  'orders.attempt': "see an order's request and answer",
  'orders.exportCsv': 'export orders',
  'orders.cancelExport': 'cancel an export',
  'orders.checkStatus': 'check an order at the gateway',
  'orders.resolveReview': 'decide an order that needs review',
  'orders.cancelLink': 'cancel a payment link',
  'links.prepare': 'start a payment link',
  'links.banks': 'list the banks of a payment link',
  'links.create': 'create a payment link',
  'customers.search': 'search customers',
  'customers.get': 'open a customer',
  'customers.save': 'add or change a customer',
  'cards.add': 'save a card',
  'cards.remove': 'remove a saved card',
  'phoneOrders.prepare': 'start a phone order',
  'phoneOrders.check': 'check a phone order before charging it',
  'phoneOrders.charge': 'charge a phone order',
  'phoneOrders.override': 'lift the lock of a charge whose outcome is unknown',
  'phoneOrders.receipt': 'print a receipt',
  'refunds.request': 'refund or void a payment',
  'refunds.checkStatus': 'check a refund at the gateway',
  'refunds.register': 'register a refund made elsewhere',
  'tracker.status': 'see the status tracker',
  'tracker.refreshAll': 'refresh every pending order',
  'tracker.cancelRefresh': 'stop a refresh',
  'listener.status': 'see the notification listener',
  'home.figures': "see the takings on the home screen (today, this week, this month)",
  'home.attention': 'see what needs attention on the home screen',
  'report.get': 'read the end-of-day report',
  'report.exportCsv': 'export the end-of-day report as CSV',
  'report.savePdf': 'save the end-of-day report as PDF',
}

/** What a raising flag makes of a call, in words. */
export const RAISED_WORDS: { readonly [K in CallName]?: string } = {
  'phoneOrders.charge': 'charge a card again past the duplicate guard',
}

/** What an amount above a limit makes of a call, in words. */
export const RAISED_ABOVE_WORDS: { readonly [K in CallName]?: (limit: string | null) => string } = {
  'phoneOrders.charge': (limit) => `charge a phone order above a Clerk's limit${limit ? ` of ${limit}` : ' (Settings)'}`,
}

export const ROLE_NAMES: { readonly [R in Role]: string } = { clerk: 'Clerk', supervisor: 'Supervisor', admin: 'Admin' }

const RANK: { readonly [R in Role]: number } = { clerk: 1, supervisor: 2, admin: 3 }

/** Clerk < Supervisor < Admin. */
export function roleAtLeast(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed]
}

/** "Only a Supervisor (or an Admin) may refund or void a payment." */
export function refusalMessage(role: Role, what: string): string {
  if (role === 'admin') return `Only an Admin may ${what}.`
  if (role === 'supervisor') return `Only a Supervisor (or an Admin) may ${what}.`
  return `Sign in to ${what}.`
}

/** Who may: "anyone", "Clerk", "Supervisor", "Admin". */
export function accessName(access: Access): string {
  return access === 'anyone' ? 'anyone, signed in or not' : ROLE_NAMES[access]
}

/** One row per call, for docs/operators.md. */
export function rolesTable(): string {
  const lines = ['| What | Call | Clerk | Supervisor | Admin | Signed out |', '|---|---|---|---|---|---|']
  const mark = (access: Access, role: Role | null, approvable: boolean): string => {
    if (access === 'anyone') return 'yes'
    if (role === null) return 'no'
    if (roleAtLeast(role, access)) return 'yes'
    return approvable && role === 'clerk' ? 'with approval' : 'no'
  }
  for (const name of Object.keys(PERMISSIONS) as CallName[]) {
    const permission = PERMISSIONS[name]
    const approvable = permission.approvable === true
    const row = (what: string, access: Access): string =>
      `| ${what.charAt(0).toUpperCase()}${what.slice(1)} | \`${name}\` | ${(['clerk', 'supervisor', 'admin'] as const).map((role) => mark(access, role, approvable)).join(' | ')} | ${mark(access, null, false)} |`
    lines.push(row(CALL_WORDS[name], permission.access))
    const raised = permission.raisedBy
    if (raised) lines.push(row(`${RAISED_WORDS[name] ?? CALL_WORDS[name]} (\`${raised.field}\`)`, raised.access))
    const above = permission.raisedAbove
    if (above) lines.push(row(`${RAISED_ABOVE_WORDS[name]?.(null) ?? CALL_WORDS[name]} (\`${above.field}\` above \`${above.limit}\`)`, above.access))
  }
  return lines.join('\n')
}
