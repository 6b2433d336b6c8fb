import '../../ui/chip.css'
import '../../ui/pill.css'
import './ListenerPanel.css'
import { useEffect } from 'react'
import { Trans } from 'react-i18next'
import type { ListenerStatus, ReceivedNotification } from '../../../src-preload/contract'
import { useShellStore } from '../../app/shell-store'
import { useFormats, useT } from '../../i18n/i18n'
import { saidText } from '../../i18n/said-text'
import { CopyField } from '../../ui/CopyField'
import { openOrder } from '../customers/open-order'
import { useSessionStore } from '../session/session-store'
import { readErrorMessage } from '../team/team-text'
import { useTeamStore } from '../team/team-store'
import { isLocalAddress, listenerState } from './listener-text'
import { subscribeListenerEvents, useSettingsStore } from './settings-store'
import '../../i18n/en-on-demand'

const STATE_PILLS = { running: 'pill--ok', off: 'pill--muted', failed: 'pill--bad', stopped: 'pill--muted' } as const

function Counts({ counts }: { counts: ListenerStatus['counts'] }) {
  const t = useT()
  const { number } = useFormats()
  const refused = counts.badSignature + counts.tooLarge
  return (
    <dl className="listener-counts">
      <div>
        <dt>{t('settings.listener.counts.accepted')}</dt>
        <dd>{number(counts.accepted)}</dd>
      </div>
      <div>
        <dt>{t('settings.listener.counts.repeated')}</dt>
        <dd>{number(counts.repeated)}</dd>
      </div>
      <div>
        <dt>{t('settings.listener.counts.refused')}</dt>
        <dd>
          {number(refused)}
          <span className="muted small"> {t('settings.listener.counts.refusedDetail', { badSignature: number(counts.badSignature), tooLarge: number(counts.tooLarge) })}</span>
        </dd>
      </div>
      <div>
        <dt title={t('settings.listener.counts.unmatchedTitle')}>{t('settings.listener.counts.unmatched')}</dt>
        <dd>{number(counts.unmatched)}</dd>
      </div>
    </dl>
  )
}

function RecentNotifications({ recent }: { recent: ReceivedNotification[] }) {
  const t = useT()
  const { fullTime } = useFormats()
  if (recent.length === 0) return <p className="muted small">{t('settings.listener.none')}</p>
  return (
    <div className="data-table__wrap">
      <table className="data-table" aria-label={t('settings.listener.last')}>
        <thead>
          <tr>
            <th scope="col">{t('settings.listener.columns.time')}</th>
            <th scope="col">{t('settings.listener.columns.invoice')}</th>
            <th scope="col">{t('settings.listener.columns.typeStatus')}</th>
            <th scope="col">{t('settings.listener.columns.result')}</th>
          </tr>
        </thead>
        <tbody>
          {recent.map((item) => (
            <tr key={item.id}>
              <td className="nowrap">
                <time dateTime={item.receivedAt}>{fullTime(item.receivedAt)}</time>
              </td>
              <td className="nowrap">
                {item.orderId !== null ? (
                  <button type="button" className="link-button mono" title={t('settings.listener.openInOrders')} onClick={() => item.orderId !== null && openOrder(item.orderId)}>
                    {item.invoiceNumber ?? t('settings.listener.order', { id: item.orderId })}
                  </button>
                ) : (
                  <span className="mono">{item.invoiceNumber ?? '—'}</span>
                )}
              </td>
              <td className="mono small nowrap">
                {item.transactionType ?? '—'} · {item.transactionStatus ?? '—'}
              </td>
              <td>
                {item.failed ? <span className="chip chip--failed">{t('settings.listener.failed')}</span> : null} {item.resultSay ? saidText(item.resultSay, item.result) : item.result}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * Where the gateway's notifications arrive: whether the listener runs (and why not), the address to
 * register at the gateway, what came in since the app started and the last notifications.
 */
export function ListenerPanel() {
  const t = useT()
  const status = useSettingsStore((state) => state.listener)
  const error = useSettingsStore((state) => state.listenerError)
  // Saved settings may have restarted the listener elsewhere; another environment has its own.
  const view = useSettingsStore((state) => state.view)
  const environment = useShellStore((state) => state.info?.environment)
  // Read again when the team database comes back (or goes: then the listener may have stopped).
  const teamState = useTeamStore((state) => state.view?.state)

  useEffect(() => subscribeListenerEvents(), [])
  useEffect(() => {
    void useSettingsStore.getState().loadListener()
  }, [environment, view, teamState])
  // A read refused because nobody was signed in runs again once someone is.
  const signedIn = useSessionStore((state) => Boolean(state.view?.operator) && state.view?.locked === false)
  // Only an Admin has the settings above this panel: the others are told who can change them.
  const admin = useSessionStore((state) => state.view?.operator?.role === 'admin')
  useEffect(() => {
    if (signedIn && useSettingsStore.getState().listenerError?.code === 'SIGNED_OUT') void useSettingsStore.getState().loadListener()
  }, [signedIn])

  const state = status ? listenerState(status) : null
  return (
    <section className="card listener-panel" aria-labelledby="listener-heading">
      <div className="card__head">
        <h2 id="listener-heading">{t('settings.listener.heading')}</h2>
        {state ? (
          <span className={`pill ${STATE_PILLS[state]}`} data-testid="listener-state">
            {t(`settings.listener.state.${state}`)}
          </span>
        ) : null}
      </div>
      {error ? (
        <div className="alert alert--error" role="alert">
          {t('settings.listener.readFailed', { message: readErrorMessage(error) })}
        </div>
      ) : null}
      {!status ? (
        error ? null : (
          <p className="muted">{t('settings.loading')}</p>
        )
      ) : (
        <>
          {state === 'off' ? <p className="muted">{t(admin ? 'settings.listener.off' : 'settings.listener.offAskAdmin')}</p> : null}
          {status.fallback ? (
            <div className="alert alert--info" role="status" data-testid="listener-fallback">
              {saidText(status.fallback.say, status.fallback.message)}
            </div>
          ) : status.error ? (
            <div className="alert alert--error" role="alert">
              <Trans i18nKey="settings.listener.notRunning" values={{ error: status.errorSay ? saidText(status.errorSay, status.error) : status.error }} components={{ b: <strong /> }} />
            </div>
          ) : state === 'stopped' ? (
            <p className="muted">{t('settings.listener.stopped')}</p>
          ) : null}
          {status.registerUrl ? (
            <>
              <CopyField label={t('settings.listener.registerUrl')} value={status.registerUrl} />
              {!isLocalAddress(status.registerUrl) ? null : environment === 'training' ? (
                <p className="muted small">{t('settings.listener.localTraining')}</p>
              ) : (
                <div className="alert alert--warning" role="note">
                  {t(admin ? 'settings.listener.localWarning' : 'settings.listener.localWarningAskAdmin')}
                </div>
              )}
            </>
          ) : null}
          {status.localUrl ? (
            <p className="small">
              <Trans i18nKey="settings.listener.listening" values={{ url: status.localUrl }} components={{ code: <code data-testid="listener-local-url" /> }} />
            </p>
          ) : null}
          {/* Training's gateway runs on this computer: no reverse proxy to put in front of it. */}
          {state !== 'off' && environment !== 'training' ? <p className="muted small">{t('settings.listener.proxy')}</p> : null}
          <h3 className="listener-panel__subhead">{t('settings.listener.since')}</h3>
          <Counts counts={status.counts} />
          <h3 className="listener-panel__subhead">{t('settings.listener.last')}</h3>
          <RecentNotifications recent={status.recent} />
        </>
      )}
    </section>
  )
}
