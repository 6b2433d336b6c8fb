/**
 * A team is one merchant account: each of its environments is bound to one gateway Client-Id, the
 * first a desk of the team had (kept in that environment's history settings). Found by review: two
 * desks on two accounts shared one history, and one account's "no such transaction" for a charge made
 * under the other settled it as not charged and unlocked its card (charged twice). A desk whose
 * Client-Id is not the team's may not join, set it, or call the gateway from the team's history.
 */
import type { GatewayEnvironment } from '../../src-preload/contract'
import { AppError } from '../bridge/app-error'
import { say } from '../../src-common/said/say'
import type { SqlDatabase } from '../store/database'

const KEY = 'gateway_client_id'

/**
 * The environment's bound Client-Id after binding `clientId` if none was bound yet (an empty one binds
 * nothing); `settings` is the history's settings table, schema-qualified where needed.
 */
export function bindClientId(db: SqlDatabase, settings: string, clientId: string, at: Date): string | null {
  if (clientId !== '') {
    db.prepare(`insert into ${settings} (key, value, updated_at) values (?, ?, ?) on conflict (key) do nothing`).run(KEY, clientId, at.toISOString())
  }
  return (db.prepare(`select value from ${settings} where key = ?`).pluck().get(KEY) as string | undefined) ?? null
}

/** Binds `clientId` where nothing is bound yet; refuses one that is not the bound one. */
export function requireTeamAccount(db: SqlDatabase, settings: string, environment: GatewayEnvironment, clientId: string, at: Date): void {
  const bound = bindClientId(db, settings, clientId, at)
  if (bound !== null && clientId !== '' && bound !== clientId) {
    throw new AppError('NOT_TEAM_ACCOUNT', say('said.team.otherAccount', { environment: say(`said.team.environment.${environment}`), clientId, teamClientId: bound }), 'clientId')
  }
}
