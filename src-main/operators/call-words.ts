/**
 * Each contract call in the words staff use (src-common/said, `calls`), for refusals ("Only a
 * Supervisor (or an Admin) may refund a payment.") and for the roles table of docs/operators.md. A
 * call without words does not compile.
 */
import { callNames, PERMISSIONS, type Access, type CallName, type Role } from '../../src-preload/contract'
import { said } from '../../src-common/said/en'
import { say, type Said, type SaidId } from '../../src-common/said/say'
import { englishOf } from '../../src-common/said/english'

type Domain<K> = K extends `${infer D}.${string}` ? D : never
type Action<K, D extends string> = K extends `${D}.${infer A}` ? A : never
/** The catalogue's `calls` has a text for every call of the contract: a call without words does not compile. */
type EveryCall = { readonly [D in Domain<CallName>]: { readonly [A in Action<CallName, D>]: string } }
const wordedCalls: EveryCall = said.calls

/** A call in words (said.calls.*), for a refusal's `{{what}}`. */
export function callSaid(name: CallName): Said {
  const [domain, action] = name.split('.') as [string, string]
  return say(`said.calls.${domain}.${action}` as SaidId)
}

/** Each call in English, for the roles table of docs/operators.md. */
export const CALL_WORDS = Object.fromEntries(
  callNames.map((name) => {
    const [domain, action] = name.split('.') as [keyof EveryCall, string]
    return [name, (wordedCalls[domain] as Record<string, string>)[action] ?? name]
  }),
) as { readonly [K in CallName]: string }

/** What a raising flag makes of a call, in words. */
export const RAISED_SAID: { readonly [K in CallName]?: Said } = {
  'phoneOrders.charge': say('said.calls.raised.chargeAgain'),
}

/** What an amount above a limit makes of a call, in words. */
export const RAISED_ABOVE_SAID: { readonly [K in CallName]?: (limit: string | null) => Said } = {
  'phoneOrders.charge': (limit) => (limit ? say('said.calls.raised.chargeAboveLimit', { limit }) : say('said.calls.raised.chargeAboveSettings')),
}

export const ROLE_NAMES: { readonly [R in Role]: string } = { clerk: 'Clerk', supervisor: 'Supervisor', admin: 'Admin' }

const RANK: { readonly [R in Role]: number } = { clerk: 1, supervisor: 2, admin: 3 }

/** Clerk < Supervisor < Admin. */
export function roleAtLeast(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed]
}

/** "Only a Supervisor (or an Admin) may refund or void a payment." (and that a Supervisor can approve it here, when one can). */
export function refusalSaid(role: Role, what: Said, approvable: boolean): Said {
  if (role === 'admin') return say('said.forbidden.admin', { what })
  if (role === 'supervisor') return say(approvable ? 'said.forbidden.supervisorApprovable' : 'said.forbidden.supervisor', { what })
  return say('said.forbidden.clerk', { what })
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
    if (raised) lines.push(row(`${RAISED_SAID[name] ? englishOf(RAISED_SAID[name]) : CALL_WORDS[name]} (\`${raised.field}\`)`, raised.access))
    const above = permission.raisedAbove
    if (above) lines.push(row(`${RAISED_ABOVE_SAID[name] ? englishOf(RAISED_ABOVE_SAID[name](null)) : CALL_WORDS[name]} (\`${above.field}\` above \`${above.limit}\`)`, above.access))
  }
  return lines.join('\n')
}
