import '../../ui/chip.css'
import '../../ui/pill.css'
import './ListenerPanel.css'
import { useEffect } from 'react'
import type { ListenerStatus, ReceivedNotification } from '../../../src-preload/contract'
import { useShellStore } from '../../app/shell-store'
import { formatFullTime } from '../../format/time'
import { CopyField } from '../../ui/CopyField'
import { openOrder } from '../customers/open-order'
import { useSessionStore } from '../session/session-store'
import { readErrorMessage } from '../team/team-text'
import { useTeamStore } from '../team/team-store'
import { isLocalAddress, LISTENER_STATE_LABELS, listenerState } from './listener-text'
import { subscribeListenerEvents, useSettingsStore } from './settings-store'

const STATE_PILLS = { running: 'pill--ok', off: 'pill--muted', failed: 'pill--bad', stopped: 'pill--muted' } as const

function Counts({ counts }: { counts: ListenerStatus['counts'] }) {
  const refused = counts.badSignature + counts.tooLarge
  return (
    <dl className="listener-counts">
      <div>
        <dt>Accepted</dt>
        <dd>{counts.accepted}</dd>
      </div>
      <div>
        <dt>Repeated</dt>
        <dd>{counts.repeated}</dd>
      </div>
      <div>
        <dt>Refused</dt>
        <dd>
          {refused}
          <span className="muted small">
            {' '}
            (bad signature {counts.badSignature} · too large {counts.tooLarge})
          </span>
        </dd>
      </div>
      <div>
        <dt title="Kept, but they name no order in this environment (yet): linked when the order appears">No order here</dt>
        <dd>{counts.unmatched}</dd>
      </div>
    </dl>
  )
}

function RecentNotifications({ recent }: { recent: ReceivedNotification[] }) {
  if (recent.length === 0) return <p className="muted small">No notifications have arrived yet.</p>
  return (
    <div className="data-table__wrap">
      <table className="data-table" aria-label="Last notifications">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Invoice</th>
            <th scope="col">Type · status</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {recent.map((item) => (
            <tr key={item.id}>
              <td className="nowrap">
                <time dateTime={item.receivedAt}>{formatFullTime(item.receivedAt)}</time>
              </td>
              <td className="nowrap">
                {item.orderId !== null ? (
                  <button type="button" className="link-button mono" title="Open in Orders" onClick={() => item.orderId !== null && openOrder(item.orderId)}>
                    {item.invoiceNumber ?? `Order ${String(item.orderId)}`}
                  </button>
                ) : (
                  <span className="mono">{item.invoiceNumber ?? '—'}</span>
                )}
              </td>
              <td className="mono small nowrap">
                {item.transactionType ?? '—'} · {item.transactionStatus ?? '—'}
              </td>
              <td>
                {item.failed ? <span className="chip chip--failed">Failed</span> : null} {item.result}
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
  useEffect(() => {
    if (signedIn && useSettingsStore.getState().listenerError?.code === 'SIGNED_OUT') void useSettingsStore.getState().loadListener()
  }, [signedIn])

  const state = status ? listenerState(status) : null
  return (
    <section className="card listener-panel" aria-labelledby="listener-heading">
      <div className="card__head">
        <h2 id="listener-heading">Notification listener</h2>
        {state ? (
          <span className={`pill ${STATE_PILLS[state]}`} data-testid="listener-state">
            {LISTENER_STATE_LABELS[state]}
          </span>
        ) : null}
      </div>
      {error ? (
        <div className="alert alert--error" role="alert">
          The listener&apos;s state could not be read: {readErrorMessage(error)}
        </div>
      ) : null}
      {!status ? (
        error ? null : <p className="muted">Loading…</p>
      ) : (
        <>
          {state === 'off' ? (
            <p className="muted">
              Off: the app learns of payments and refunds by asking the gateway (the status tracker). Turn on “Receive the gateway&apos;s notifications” above and
              save, and the gateway tells the app as soon as something happens.
            </p>
          ) : null}
          {status.error ? (
            <div className="alert alert--error" role="alert">
              <strong>The listener is not running.</strong> {status.error}
            </div>
          ) : state === 'stopped' ? (
            <p className="muted">Not running at the moment.</p>
          ) : null}
          {status.registerUrl ? (
            <>
              <CopyField label="Notification URL to register at the gateway" value={status.registerUrl} />
              {!isLocalAddress(status.registerUrl) ? null : environment === 'training' ? (
                <p className="muted small">
                  A local address: fine for Training, whose gateway runs on this computer. Sandbox and Production need the public address of your reverse proxy.
                </p>
              ) : (
                <div className="alert alert--warning" role="note">
                  This address only works on this computer or this network: the gateway cannot reach it. Set the public address of your reverse proxy above.
                </div>
              )}
            </>
          ) : null}
          {status.localUrl ? (
            <p className="small">
              Listening on this computer at <code data-testid="listener-local-url">{status.localUrl}</code>
            </p>
          ) : null}
          {state !== 'off' ? (
            <p className="muted small">
              The gateway calls the registered address from the internet, so it must be able to reach it: put a reverse proxy with HTTPS in front of this computer
              that passes requests for the same path on to the local address. Every notification is checked by its signature before it is used.
            </p>
          ) : null}
          <h3 className="listener-panel__subhead">Since the app started</h3>
          <Counts counts={status.counts} />
          <h3 className="listener-panel__subhead">Last notifications</h3>
          <RecentNotifications recent={status.recent} />
        </>
      )}
    </section>
  )
}
