import './TrackerBar.css'
import { useEffect } from 'react'
import type { CallError } from '../../../src-preload/contract'
import { useShellStore } from '../../app/shell-store'
import { t as translate, useT } from '../../i18n/i18n'
import { useCountdown } from '../../ui/use-countdown'
import { refreshProgressText, refreshSummary, sameRefresh, trackerLine } from './tracker-text'
import { subscribeTrackerEvents, useTrackerStore } from './tracker-store'

/** The bar's line when the tracker's state could not be read (the team database's refusal is long, and the banner says it). */
function trackerUnknownText(error: CallError): string {
  return error.code === 'TEAM_DATABASE_UNREACHABLE' ? translate('tracker.unknownTeam') : translate('tracker.unknown', { message: error.message })
}

/** A refresh that has sent no news for this long is asked about (an event may have been missed). */
const QUIET_MS = 5000

/**
 * One slim bar above the orders' filters: what the status tracker is doing (following, offline, off),
 * and "Refresh all pending" with its progress, its cancel and what it came to. Waits count down here
 * from the milliseconds main sent.
 */
export function TrackerBar() {
  const t = useT()
  const status = useTrackerStore((state) => state.status)
  const loadError = useTrackerStore((state) => state.loadError)
  const actionError = useTrackerStore((state) => state.actionError)
  const busy = useTrackerStore((state) => state.busy)
  const dismissed = useTrackerStore((state) => state.dismissed)
  const followedRefresh = useTrackerStore((state) => state.followedRefresh)
  const refreshAll = useTrackerStore((state) => state.refreshAll)
  const cancelRefresh = useTrackerStore((state) => state.cancelRefresh)
  const dismissSummary = useTrackerStore((state) => state.dismissSummary)
  const navigate = useShellStore((state) => state.navigate)
  const environment = useShellStore((state) => state.info?.environment)
  const history = useShellStore((state) => state.history)

  const nextCheckInMs = useCountdown(status?.nextCheckInMs ?? null, status)
  const retryInMs = useCountdown(status?.retryInMs ?? null, status)
  const nextDueInMs = useCountdown(status?.refresh?.nextDueInMs ?? null, status)
  const refresh = status?.refresh ?? null
  const running = refresh?.running === true

  useEffect(() => subscribeTrackerEvents(), [])
  // Each environment has its own tracker (and its own last refresh), and so has a history moved to or from a team database.
  useEffect(() => {
    const shown = useTrackerStore.getState()
    if (shown.environment !== environment || shown.history !== history) useTrackerStore.setState({ environment, history, followedRefresh: false, dismissed: null })
    void useTrackerStore.getState().load()
  }, [environment, history])
  // While a refresh runs its events drive the bar; if they stop coming, ask.
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => {
      if (Date.now() - useTrackerStore.getState().lastEventAt > QUIET_MS) void useTrackerStore.getState().load()
    }, QUIET_MS)
    return () => clearInterval(timer)
  }, [running])

  if (!status) {
    return (
      <section className="tracker-bar tracker-bar--unknown" aria-label={t('tracker.label')}>
        <div className="tracker-bar__line">
          <span className="tracker-bar__dot" aria-hidden="true" />
          <span data-testid="tracker-line">{loadError ? trackerUnknownText(loadError) : t('tracker.loading')}</span>
        </div>
      </section>
    )
  }

  const line = trackerLine(status, { nextCheckInMs, retryInMs })
  const summary = followedRefresh && refresh !== null && !refresh.running && !sameRefresh(refresh, dismissed) ? refreshSummary({ ...refresh, nextDueInMs }) : null

  return (
    <section className={`tracker-bar tracker-bar--${line.tone}`} aria-label={t('tracker.label')}>
      <div className="tracker-bar__line">
        <span className="tracker-bar__dot" aria-hidden="true" />
        <span className="tracker-bar__text">
          <span data-testid="tracker-line">{line.text}</span>
          {line.tone === 'off' ? (
            <>
              {' '}
              <span className="muted">{t('tracker.offHint')}</span>{' '}
              <button type="button" className="link-button" onClick={() => navigate('settings')}>
                {t('tracker.turnOn')}
              </button>
            </>
          ) : null}
          {line.detail ? <span className="tracker-bar__detail muted small">{line.detail}</span> : null}
        </span>
        {running ? (
          <span className="tracker-bar__progress">
            <progress max={Math.max(1, refresh.total)} value={refresh.done} aria-label={t('tracker.progressLabel')} />
            <span className="small" data-testid="refresh-progress">
              {refreshProgressText(refresh)}
            </span>
            <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => void cancelRefresh()}>
              {t('tracker.cancel')}
            </button>
          </span>
        ) : (
          <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => void refreshAll()}>
            {busy ? t('tracker.starting') : t('tracker.refreshAll')}
          </button>
        )}
      </div>
      {summary ? (
        <div className="tracker-bar__summary small" data-testid="refresh-summary">
          <span role="status">{summary.result}</span>
          {summary.notDue ? <span>{summary.notDue}</span> : null}
          <button type="button" className="link-button" onClick={dismissSummary}>
            {t('tracker.dismiss')}
          </button>
        </div>
      ) : null}
      {actionError ? (
        <div className="field__error" role="alert">
          {actionError.message}
        </div>
      ) : null}
    </section>
  )
}
