/**
 * The handlers of Settings → Team database (team.* calls): the back end composes them in; TeamMode
 * does the work, these add what follows for the desk (moving its histories and operators) and the audit.
 */
import type { Handlers } from '../bridge/dispatch'
import type { EventBus } from '../bridge/event-bus'
import { AppError } from '../bridge/app-error'
import { say } from '../../src-common/said/say'
import type { Logger } from '../log'
import type { NewAuditEntry } from '../store/history-types'
import { formatTeamKey } from './team-key'
import type { TeamMode } from './team-mode'

type TeamCall = 'team.get' | 'team.probe' | 'team.create' | 'team.join' | 'team.importHistory' | 'team.leave'

export interface TeamCallsOptions {
  team: TeamMode
  events: EventBus
  log: Logger
  now: () => Date
  actor: () => string
  /** Appends to the active environment's audit log (after a move: the new home's). */
  audit: (entry: NewAuditEntry) => void
  /** The operators and the active history move to where the settings now say; `keepSession` when the operators are the same people with the same ids. */
  moveHistories: (options: { keepSession: boolean }) => Promise<void>
  /**
   * Runs a create, join or leave, from before anything of it is done to its move: refused while a
   * staff call waits for the gateway's answer in the history that would move (environment-change-guard.ts).
   */
  changeHistories: <T>(run: () => Promise<T>) => Promise<T>
}

export function teamCalls(options: TeamCallsOptions): Pick<Handlers, TeamCall> {
  const { team, now } = options
  const audit = (actor: string, action: string, details: Record<string, unknown>): void => {
    try {
      options.audit({ actor, action, orderId: null, details, at: now().toISOString() })
    } catch (error) {
      options.log.warn('team.audit_failed', { action, error: error instanceof Error ? error.message : String(error) })
    }
  }
  const changed = async (): Promise<void> => {
    options.events.emit('team.changed', await team.view())
  }
  const notInTeam = (): void => {
    if (team.holds('sandbox')) throw new AppError('ALREADY_IN_TEAM', say('said.team.alreadyInTeam'))
  }

  return {
    'team.get': () => team.view(),

    'team.probe': ({ connection, password }) => team.probe(connection, password),

    'team.create': async ({ connection, password, importHistory }) => {
      notInTeam()
      const actor = options.actor()
      const key = await options.changeHistories(async () => {
        const created = await team.create(connection, password, importHistory)
        // This desk's operators were copied with their ids: whoever is signed in stays signed in.
        await options.moveHistories({ keepSession: true })
        return created
      })
      audit(actor, 'team.create', { host: connection.host, port: connection.port, database: connection.database, user: connection.user, tls: connection.tls, importHistory })
      if (importHistory) await team.startImport()
      await changed()
      return { team: await team.view(), teamKey: formatTeamKey(key) }
    },

    'team.join': async ({ connection, password, teamKey }) => {
      notInTeam()
      const actor = options.actor()
      await options.changeHistories(async () => {
        await team.join(connection, password, teamKey)
        // The team's operators are other records: everyone signs in again, with their team login.
        await options.moveHistories({ keepSession: false })
      })
      audit(actor, 'team.join', { host: connection.host, port: connection.port, database: connection.database, user: connection.user, tls: connection.tls })
      await changed()
      return team.view()
    },

    'team.importHistory': async () => {
      if (!team.holds('sandbox')) throw new AppError('NOT_IN_TEAM', say('said.team.notInTeam'))
      await team.startImport()
      return team.view()
    },

    'team.leave': async () => {
      if (!team.holds('sandbox')) return team.view()
      const actor = options.actor()
      await options.changeHistories(async () => {
        audit(actor, 'team.leave', {})
        await team.leave()
        await options.moveHistories({ keepSession: false })
      })
      await changed()
      return team.view()
    },
  }
}
