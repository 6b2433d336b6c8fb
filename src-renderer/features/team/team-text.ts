/**
 * Settings → Team database as staff read it: the status line, who runs the tracker, the probe's advice,
 * the import's progress, the banner's rule, and the form's draft with the field each error belongs to.
 * Worded in the desk's language from the catalogues (`team.*`); pure otherwise, so it can be tested.
 */
import type { CallError, TeamConnection, TeamImportProgress, TeamProbe, TeamView } from '../../../src-preload/contract'
import { currentLanguage, t } from '../../i18n/i18n'
import { formatsFor } from '../../i18n/formats'

/** The form as typed: every field a string (the port too, so a half-typed one stays as it is). */
export interface TeamDraft {
  host: string
  port: string
  database: string
  user: string
  /** Write-only: typed to set or replace the kept one, never filled from main. */
  password: string
  tls: TeamConnection['tls']
  caFile: string
  /** Only to join a team. */
  teamKey: string
}

export type TeamDraftField = keyof TeamDraft

/** PostgreSQL's own port: a new form starts with it. */
export const DEFAULT_PORT = 5432

/** The team key's shape, as the Admin who created the team wrote it down (8 groups of 5). */
export const TEAM_KEY_PLACEHOLDER = 'XXXXX-XXXXX-XXXXX-XXXXX-XXXXX-XXXXX-XXXXX-XXXXX'

/** The form's fields by the dotted path main names in CallError.field (the calls' input shapes). */
export const TEAM_FIELD_PATHS: Record<TeamDraftField, string> = {
  host: 'connection.host',
  port: 'connection.port',
  database: 'connection.database',
  user: 'connection.user',
  tls: 'connection.tls',
  caFile: 'connection.caFile',
  password: 'password',
  teamKey: 'teamKey',
}

const KNOWN_PATHS = new Set(Object.values(TEAM_FIELD_PATHS))

/** The draft of a form, from what main says is kept (an empty form with the usual port when nothing is). */
export function draftFrom(view: Pick<TeamView, 'connection'> | null): TeamDraft {
  const connection = view?.connection ?? null
  return {
    host: connection?.host ?? '',
    port: String(connection?.port ?? DEFAULT_PORT),
    database: connection?.database ?? '',
    user: connection?.user ?? '',
    password: '',
    tls: connection?.tls ?? 'verify',
    caFile: connection?.caFile ?? '',
    teamKey: '',
  }
}

/** The connection the calls take. A port that is not a number becomes NaN (draftProblem refuses it first). */
export function toConnection(draft: TeamDraft): TeamConnection {
  const port = draft.port.trim()
  const caFile = draft.caFile.trim()
  return {
    host: draft.host,
    port: /^\d+$/.test(port) ? Number(port) : Number.NaN,
    database: draft.database,
    user: draft.user,
    tls: draft.tls,
    caFile: caFile === '' ? null : caFile,
  }
}

export type TeamFormAction = 'probe' | 'create' | 'join'

/**
 * What the form can tell before asking main: a port that is not a whole number (main's schema would
 * only say "expected number"), and the password and team key Create and Join need. Main checks the
 * rest, and these again.
 */
export function draftProblem(draft: TeamDraft, action: TeamFormAction, passwordSet: boolean): CallError | null {
  const refuse = (field: TeamDraftField, message: string): CallError => ({ code: 'INVALID_INPUT', message, field: TEAM_FIELD_PATHS[field] })
  const port = draft.port.trim()
  if (port === '') return refuse('port', t('team.problem.portEmpty'))
  if (!/^\d+$/.test(port)) return refuse('port', t('team.problem.portNumber'))
  if (action !== 'probe' && draft.password === '') {
    return refuse('password', passwordSet ? t('team.problem.passwordAgain') : t('team.problem.passwordEmpty'))
  }
  if (action === 'join' && draft.teamKey.trim() === '') return refuse('teamKey', t('team.problem.teamKeyEmpty'))
  return null
}

/** The message to show under a field, when the error is about that field. */
export function fieldError(error: CallError | null, field: TeamDraftField): string | null {
  return error?.field === TEAM_FIELD_PATHS[field] ? error.message : null
}

/** The message to show above the buttons: any error that no field of the form shows (so none is lost). */
export function formError(error: CallError | null): string | null {
  if (!error) return null
  return error.field !== undefined && KNOWN_PATHS.has(error.field) ? null : error.message
}

/** "host", or "[::1]" for an IPv6 address, as it reads before ":port". */
function hostPart(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
}

/** "shop@db.example.my:5432/orders". */
export function connectionText(connection: Pick<TeamConnection, 'user' | 'host' | 'port' | 'database'>): string {
  return `${connection.user}@${hostPart(connection.host)}:${String(connection.port)}/${connection.database}`
}

export type TeamTone = 'desk' | 'ok' | 'bad' | 'waiting'

/** The status line: this desk's own history, or the team database and whether it answers. */
export function teamStatusLine(view: Pick<TeamView, 'mode' | 'connection' | 'state' | 'problem'>): { tone: TeamTone; text: string } {
  if (view.mode === 'desk' || !view.connection) return { tone: 'desk', text: t('team.status.desk') }
  const where = connectionText(view.connection)
  if (view.state === 'connected') return { tone: 'ok', text: t('team.status.connected', { where }) }
  if (view.state === 'unreachable') {
    return { tone: 'bad', text: view.problem ? t('team.status.unreachableWhy', { where, problem: view.problem }) : t('team.status.unreachable', { where }) }
  }
  return { tone: 'waiting', text: t('team.status.connecting', { where }) }
}

/** Who runs the team's status tracker and notification listener; null outside team mode (this desk runs its own). */
export function leaderLine(view: Pick<TeamView, 'mode' | 'leader' | 'leaderDesk'>): string | null {
  if (view.mode !== 'team') return null
  if (view.leader) return t('team.leader.thisDesk')
  if (view.leaderDesk) return t('team.leader.otherDesk', { desk: view.leaderDesk })
  return t('team.leader.none')
}

/** A clock off by less than this is not worth a word (a reading's own error is up to half a round trip). */
const CLOCK_SAID_FROM_SECONDS = 2

/**
 * "5 minutes ahead of the team database's clock…" when this computer's clock is off the team
 * database's; null when it is not (or outside a team). Main keeps the database's time either way.
 */
export function clockLine(view: Pick<TeamView, 'mode' | 'clockAheadSeconds'>): string | null {
  const ahead = view.clockAheadSeconds
  if (view.mode !== 'team' || ahead === null || Math.abs(ahead) < CLOCK_SAID_FROM_SECONDS) return null
  const seconds = Math.abs(ahead)
  const by =
    seconds < 90
      ? t('team.clock.seconds', { count: seconds })
      : seconds < 90 * 60
        ? t('team.clock.minutes', { count: Math.round(seconds / 60) })
        : t('team.clock.hours', { count: Math.round(seconds / 3600) })
  return t(ahead > 0 ? 'team.clock.ahead' : 'team.clock.behind', { by })
}

/** What to do after "Test connection", by what was found there (outside team mode). */
export function probeAdvice(probe: Pick<TeamProbe, 'found' | 'schemaVersion'>, mode: TeamView['mode']): { tone: 'ok' | 'bad'; text: string | null } {
  if (probe.found === 'unreachable') return { tone: 'bad', text: null }
  if (mode === 'team') return { tone: probe.found === 'team' ? 'ok' : 'bad', text: null }
  switch (probe.found) {
    case 'empty':
      return { tone: 'ok', text: t('team.probe.empty') }
    case 'team':
      return { tone: 'ok', text: probe.schemaVersion === null ? t('team.probe.team') : t('team.probe.teamVersion', { version: probe.schemaVersion }) }
    case 'other':
      return { tone: 'bad', text: t('team.probe.other') }
  }
}

/** How far the copy of this desk's history is, in whole percent (100 only when it is all there). */
export function importPercent(progress: Pick<TeamImportProgress, 'copied' | 'total' | 'state'>): number {
  if (progress.total <= 0) return progress.state === 'done' ? 100 : 0
  const percent = Math.floor((Math.max(0, progress.copied) * 100) / progress.total)
  return Math.min(100, Math.max(0, percent))
}

/** "1,234 of 5,000 rows copied (24%)". */
export function importCountText(progress: Pick<TeamImportProgress, 'copied' | 'total' | 'state'>): string {
  const { number } = formatsFor(currentLanguage())
  return t('team.import.count', { count: progress.total, copied: number(progress.copied), total: number(progress.total), percent: importPercent(progress) })
}

/** "Resume import" is offered once a copy has ended short of the end. */
export function canResumeImport(progress: Pick<TeamImportProgress, 'state'> | null): boolean {
  return progress?.state === 'failed' || progress?.state === 'stopped'
}

/**
 * A read's refusal as a screen shows it ("The search failed: …"): main's words, except when the team
 * database cannot be reached. Those speak of writes and money ("nothing was saved and nothing was sent
 * to the gateway…"), which is not news to someone who only looked something up.
 */
export function readErrorMessage(error: Pick<CallError, 'code' | 'message'>): string {
  return error.code === 'TEAM_DATABASE_UNREACHABLE' ? t('team.readUnreachable') : error.message
}

/** The banner across the top of the app: only while the team database cannot be reached. */
export function teamBannerShown(view: Pick<TeamView, 'state'> | null): boolean {
  return view?.state === 'unreachable'
}

/** The key as it is written down: 8 groups of 5, dashes between. Anything else is shown as it came. */
export function formatTeamKey(key: string): string {
  const plain = key.toUpperCase().replace(/[^A-Z0-9]/g, '')
  if (plain.length !== 40) return key
  return plain.match(/.{5}/g)?.join('-') ?? key
}
