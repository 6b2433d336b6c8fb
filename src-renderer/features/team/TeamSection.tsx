import '../../ui/checks.css'
import '../../ui/pill.css'
import './TeamSection.css'
import { useEffect, useId, useRef, useState } from 'react'
import { Trans } from 'react-i18next'
import type { TeamConnection, TeamImportProgress, TeamProbe, TeamView } from '../../../src-preload/contract'
import { useShellStore } from '../../app/shell-store'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { Field } from '../../ui/Field'
import { useT } from '../../i18n/i18n'
import { saidText } from '../../i18n/said-text'
import { CreateTeamDialog } from './CreateTeamDialog'
import {
  canResumeImport,
  clockLine,
  draftFrom,
  draftProblem,
  fieldError,
  formError,
  importCountText,
  importPercent,
  leaderLine,
  probeAdvice,
  TEAM_KEY_PLACEHOLDER,
  teamStatusLine,
  toConnection,
  type TeamDraft,
  type TeamFormAction,
  type TeamTone,
} from './team-text'
import { TeamKeyDialog } from './TeamKeyDialog'
import { useTeamStore } from './team-store'

const TONE_PILLS: Record<TeamTone, string> = { desk: 'pill--muted', ok: 'pill--ok', bad: 'pill--bad', waiting: 'pill--muted' }

function TeamFacts({ view }: { view: TeamView }) {
  const t = useT()
  const status = teamStatusLine(view)
  // In Training this desk takes no part in the team's election (main knows no leader then): say so, not "no desk runs it".
  const training = useShellStore((state) => state.info?.environment === 'training')
  const leader = view.mode === 'team' && training ? t('team.leader.training') : leaderLine(view)
  const clock = clockLine(view)
  return (
    <dl className="facts team-facts">
      <dt>{t('team.facts.history')}</dt>
      <dd data-testid="team-status" className={status.tone === 'bad' ? 'field__error' : undefined}>
        {status.text}
      </dd>
      {leader ? (
        <>
          <dt>{t('team.facts.leader')}</dt>
          <dd data-testid="team-leader">{leader}</dd>
        </>
      ) : null}
      <dt>{t('team.facts.desk')}</dt>
      <dd>{view.deskName}</dd>
      {clock ? (
        <>
          <dt>{t('team.facts.clock')}</dt>
          <dd data-testid="team-clock">{clock}</dd>
        </>
      ) : null}
      {view.schemaVersion !== null ? (
        <>
          <dt>{t('team.facts.schema')}</dt>
          <dd>{view.schemaVersion}</dd>
        </>
      ) : null}
    </dl>
  )
}

/** How far the copy of this desk's history into the team is, and "Resume import" when it ended short. */
function ImportProgress({ progress }: { progress: TeamImportProgress }) {
  const t = useT()
  const busy = useTeamStore((state) => state.busy)
  const importHistory = useTeamStore((state) => state.importHistory)
  const id = useId()
  const percent = importPercent(progress)
  const bad = progress.state === 'failed'
  return (
    <div className="team-import" data-testid="team-import">
      <h3 className="team-import__title" id={`${id}-title`}>
        {t('team.import.title')}
      </h3>
      <div className="team-import__bar">
        <progress max={100} value={percent} aria-labelledby={`${id}-title`} aria-valuetext={importCountText(progress)} />
        <span className="small" data-testid="team-import-count">
          {importCountText(progress)}
        </span>
      </div>
      <p className={bad ? 'field__error' : 'small'} role="status" data-testid="team-import-state">
        {t(`team.import.state.${progress.state}`)}
        {progress.message ? <span className="team-import__message"> {progress.say ? saidText(progress.say, progress.message) : progress.message}</span> : null}
      </p>
      {canResumeImport(progress) ? (
        <button type="button" className="button button--secondary" disabled={busy !== null} onClick={() => void importHistory()}>
          {busy === 'import' ? t('team.import.resuming') : t('team.import.resume')}
        </button>
      ) : null}
    </div>
  )
}

/**
 * What Test connection found, once: what is there and what to do, in the form's words; main's own when
 * it could not connect, or the team there is newer than this app.
 */
function ProbeAnswer({ probe, mode }: { probe: TeamProbe; mode: TeamView['mode'] }) {
  const t = useT()
  const advice = probeAdvice(probe, mode)
  const answers = probe.schemaVersion === null ? t('team.probe.answers') : t('team.probe.answersVersion', { version: probe.schemaVersion })
  const text = !probe.ok && probe.found === 'team' ? null : mode === 'team' && probe.found === 'team' ? answers : advice.text
  return (
    <div className={`check check--${probe.ok ? advice.tone : 'bad'} team-probe`} role="status" data-testid="team-probe">
      {text ? <Trans i18nKey="team.probe.connected" values={{ text }} components={{ b: <strong /> }} /> : saidText(probe.say, probe.message)}
    </div>
  )
}

/** The team database's details, and the actions: test, create or join (this desk on its own), or leave. */
function TeamForm({ view }: { view: TeamView }) {
  const t = useT()
  const busy = useTeamStore((state) => state.busy)
  const error = useTeamStore((state) => state.error)
  const probeResult = useTeamStore((state) => state.probeResult)
  const probe = useTeamStore((state) => state.probe)
  const create = useTeamStore((state) => state.create)
  const join = useTeamStore((state) => state.join)
  const leave = useTeamStore((state) => state.leave)
  const refuse = useTeamStore((state) => state.refuse)
  const forgetActions = useTeamStore((state) => state.forgetActions)
  const forgetProbe = useTeamStore((state) => state.forgetProbe)
  const [draft, setDraft] = useState<TeamDraft>(() => draftFrom(view))
  const [asking, setAsking] = useState<'create' | 'leave' | null>(null)
  const form = useRef<HTMLFormElement>(null)
  const inTeam = view.mode === 'team'

  // The refused field: put the cursor in it (the error under it is announced). After a dialog, once
  // it has closed (it gives the focus back to the button that opened it first).
  useEffect(() => {
    if (error?.field && asking === null) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [error, asking])

  // What was said of the details before they changed no longer holds (found by QA: "There is no team
  // in this database." stood under other details, beside Create's confirmation).
  const change = (values: Partial<TeamDraft>): void => {
    setDraft((current) => ({ ...current, ...values }))
    const { probeResult: tested, error: refused } = useTeamStore.getState()
    if (tested || refused) forgetActions()
  }

  // An answer or a refusal below the buttons may be below the window (1024×700): bring it into view.
  const answer = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (probeResult || (error && !error.field)) answer.current?.scrollIntoView({ block: 'nearest' })
  }, [probeResult, error])

  /** The connection to send, or null after showing what is wrong with the draft. */
  const checked = (action: TeamFormAction): TeamConnection | null => {
    const problem = draftProblem(draft, action, view.passwordSet)
    if (problem) {
      refuse(problem)
      return null
    }
    return toConnection(draft)
  }

  const testConnection = (): void => {
    // In a team the details are the team's, and the password the one kept.
    if (inTeam && view.connection) return void probe(view.connection, '')
    const connection = checked('probe')
    if (connection) void probe(connection, draft.password)
  }

  const errorFor = (field: keyof TeamDraft): string | null => fieldError(error, field)
  const problemText = formError(error)
  const idle = busy === null

  return (
    <>
      <form
        ref={form}
        className="form team-form"
        aria-label={t('team.form.label')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (idle) testConnection()
        }}
      >
        <fieldset disabled={inTeam}>
          <legend>{t('team.form.legend')}</legend>
          {inTeam ? <p className="muted small">{t('team.form.inTeam')}</p> : null}
          <div className="field-row">
            <Field label={t('team.form.host')} error={errorFor('host')}>
              {(props) => <input {...props} value={draft.host} onChange={(e) => change({ host: e.target.value })} placeholder={t('team.form.hostExample')} autoComplete="off" spellCheck={false} />}
            </Field>
            <Field label={t('team.form.port')} error={errorFor('port')}>
              {(props) => <input {...props} type="number" min={1} max={65535} value={draft.port} onChange={(e) => change({ port: e.target.value })} />}
            </Field>
          </div>
          <div className="field-row">
            <Field label={t('team.form.database')} error={errorFor('database')}>
              {(props) => <input {...props} value={draft.database} onChange={(e) => change({ database: e.target.value })} autoComplete="off" spellCheck={false} />}
            </Field>
            <Field label={t('team.form.user')} error={errorFor('user')}>
              {(props) => <input {...props} value={draft.user} onChange={(e) => change({ user: e.target.value })} autoComplete="off" spellCheck={false} />}
            </Field>
          </div>
          <Field
            label={t('team.form.password')}
            error={errorFor('password')}
            hint={
              <>
                <span className={`pill ${view.passwordSet ? 'pill--ok' : 'pill--muted'}`}>{view.passwordSet ? t('team.form.set') : t('team.form.notSet')}</span>{' '}
                {inTeam ? t('team.form.passwordKept') : t('team.form.passwordKeptOutside')}
              </>
            }
          >
            {(props) => (
              <input
                {...props}
                type="password"
                value={draft.password}
                onChange={(e) => change({ password: e.target.value })}
                placeholder={inTeam ? undefined : view.passwordSet ? t('team.form.typeToReplace') : t('team.form.typeToSet')}
                autoComplete="off"
              />
            )}
          </Field>
          <Field label={t('team.form.tls')} error={errorFor('tls')} hint={t('team.form.tlsHint')}>
            {(props) => (
              <select {...props} value={draft.tls} onChange={(e) => change({ tls: e.target.value === 'off' ? 'off' : 'verify' })}>
                <option value="verify">{t('team.form.tlsVerify')}</option>
                <option value="off">{t('team.form.tlsOff')}</option>
              </select>
            )}
          </Field>
          <Field label={t('team.form.caFile')} error={errorFor('caFile')} hint={t('team.form.caFileHint')}>
            {(props) => (
              <input
                {...props}
                className="mono"
                value={draft.caFile}
                onChange={(e) => change({ caFile: e.target.value })}
                // Not in a team's kept details: there it would read as the file in use.
                placeholder={inTeam ? t('team.form.caFileNone') : t('team.form.caFileExample')}
                spellCheck={false}
              />
            )}
          </Field>
          {inTeam ? null : (
            <Field label={t('team.form.teamKey')} error={errorFor('teamKey')} hint={t('team.form.teamKeyHint')}>
              {(props) => (
                <input
                  {...props}
                  className="mono"
                  value={draft.teamKey}
                  onChange={(e) => change({ teamKey: e.target.value })}
                  placeholder={TEAM_KEY_PLACEHOLDER}
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </Field>
          )}
        </fieldset>

        {problemText ? (
          <div className="alert alert--error" role="alert" data-testid="team-error">
            {problemText}
          </div>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="button button--secondary" disabled={!idle}>
            {busy === 'probe' ? t('team.form.testing') : t('team.form.test')}
          </button>
          {inTeam ? (
            <button type="button" className="button button--danger" disabled={!idle} onClick={() => setAsking('leave')}>
              {busy === 'leave' ? t('team.form.leaving') : t('team.form.leave')}
            </button>
          ) : (
            <>
              <button
                type="button"
                className="button"
                disabled={!idle}
                onClick={() => {
                  // A test of these very details found a team there, or tables of something else:
                  // say so now, not after the confirmation (main refuses it too).
                  if (probeResult && (probeResult.found === 'team' || probeResult.found === 'other')) {
                    forgetProbe()
                    return refuse({ code: 'TEAM_CREATE_REFUSED', message: t(probeResult.found === 'team' ? 'team.form.createOnTeam' : 'team.form.createOnOther') })
                  }
                  if (checked('create')) setAsking('create')
                }}
              >
                {busy === 'create' ? t('team.form.creating') : t('team.form.create')}
              </button>
              <button
                type="button"
                className="button"
                disabled={!idle}
                onClick={() => {
                  const connection = checked('join')
                  if (connection) void join(connection, draft.password, draft.teamKey)
                }}
              >
                {busy === 'join' ? t('team.form.joining') : t('team.form.join')}
              </button>
            </>
          )}
        </div>
        <div ref={answer}>{probeResult ? <ProbeAnswer probe={probeResult} mode={view.mode} /> : null}</div>
      </form>

      {/* Beside the form, not in it: a dialog's own form must not be nested in this one. */}
      {inTeam ? null : (
        <CreateTeamDialog
          open={asking === 'create'}
          connection={toConnection(draft)}
          busy={busy === 'create'}
          onCancel={() => setAsking(null)}
          onConfirm={(importHistory) => {
            void create(toConnection(draft), draft.password, importHistory).then(() => setAsking(null))
          }}
        />
      )}
      <ConfirmDialog
        open={asking === 'leave'}
        title={t('team.leave.title')}
        confirmLabel={t('team.leave.confirm')}
        tone="danger"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null)
          void leave()
        }}
      >
        <p>{t('team.leave.history')}</p>
        <p>{t('team.leave.teamOrders')}</p>
      </ConfirmDialog>
    </>
  )
}

/**
 * Settings → Team database (Admins): whether this desk keeps its own history or shares the team's on
 * the shop's PostgreSQL, the connection, and the copy of this desk's history into the team.
 */
export function TeamSection() {
  const t = useT()
  const view = useTeamStore((state) => state.view)
  const loadError = useTeamStore((state) => state.loadError)

  // Opened afresh: an old refusal or test answer is not news (a key not yet written down still is).
  useEffect(() => {
    useTeamStore.getState().forgetActions()
    void useTeamStore.getState().load()
  }, [])

  const status = view ? teamStatusLine(view) : null
  return (
    <section className="card team-section" aria-labelledby="team-heading">
      <div className="card__head">
        <h2 id="team-heading">{t('team.heading')}</h2>
        {status ? (
          <span className={`pill ${TONE_PILLS[status.tone]}`} data-testid="team-state">
            {t(`team.tone.${status.tone}`)}
          </span>
        ) : null}
      </div>
      <p className="muted small">{t('team.lead')}</p>
      {loadError ? (
        <div className="alert alert--error" role="alert">
          {t('team.loadFailed', { message: loadError.message })}
        </div>
      ) : null}
      {view ? (
        <>
          <TeamFacts view={view} />
          {view.import ? <ImportProgress progress={view.import} /> : null}
          {/* Keyed by mode: joining, creating or leaving starts a fresh draft (the password typed is forgotten). */}
          <TeamForm key={view.mode} view={view} />
        </>
      ) : loadError ? null : (
        <p className="muted">{t('team.loading')}</p>
      )}
      <TeamKeyDialog />
    </section>
  )
}
