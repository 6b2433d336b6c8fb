import './HomeScreen.css'
import { useEffect } from 'react'
import type { AttentionItem, PeriodFigures, Takings } from '../../../src-preload/contract'
import { formatRm } from '../../../src-common/money-text'
import { useShellStore } from '../../app/shell-store'
import { malaysiaTime } from '../audit/audit-text'
import { countdownText } from '../../ui/countdown'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { useCountdown } from '../../ui/use-countdown'
import { openOrder } from '../customers/open-order'
import { atLeast } from '../session/roles'
import { useSessionStore } from '../session/session-store'
import { followOrderChanges, useHomeStore, type HomePeriod } from './home-store'
import { TakingsChart } from './TakingsChart'

const PERIODS: readonly { id: HomePeriod; title: string; previous: string }[] = [
  { id: 'today', title: 'Today', previous: 'Yesterday' },
  { id: 'week', title: 'This week', previous: 'Last week' },
  { id: 'month', title: 'This month', previous: 'Last month' },
]

/**
 * The first screen after sign-in: what came in today, this week and this month (Supervisors and
 * Admins), and what needs a person now (everyone). Figures and lists follow `orders.changed` by
 * themselves; nothing else on the screen reloads.
 */
export function HomeScreen() {
  const role = useSessionStore((state) => state.view?.operator?.role ?? null)
  const history = useShellStore((state) => state.history)
  const seesMoney = atLeast(role, 'supervisor')
  const figures = useHomeStore((state) => state.figures)
  const figuresError = useHomeStore((state) => state.figuresError)
  const attention = useHomeStore((state) => state.attention)
  const attentionError = useHomeStore((state) => state.attentionError)
  const attentionAt = useHomeStore((state) => state.attentionAt)
  const period = useHomeStore((state) => state.period)
  const navigate = useShellStore((state) => state.navigate)

  useEffect(() => {
    useHomeStore.getState().reset()
    void useHomeStore.getState().load(seesMoney)
    return followOrderChanges(seesMoney)
  }, [seesMoney, history])

  const shown = figures?.[period]
  return (
    <div className="home-screen">
      <ScreenHeader title="Home">
        {seesMoney ? 'Takings from this desk’s history, in Malaysia time, before the gateway’s fees (it does not report them).' : 'What needs a person now.'}
      </ScreenHeader>
      {seesMoney ? (
        <section className="home-figures" aria-label="Takings">
          {figuresError ? (
            <div className="alert alert--error" role="alert">
              {figuresError.message}
            </div>
          ) : null}
          <div className="home-periods">
            {PERIODS.map((p) => (
              <PeriodCard key={p.id} title={p.title} previousTitle={p.previous} figures={figures?.[p.id] ?? null} />
            ))}
          </div>
          <div className="card home-chart">
            <div className="home-chart__head">
              <h2>Takings by {period === 'today' ? 'hour' : 'day'}</h2>
              <div className="segmented" role="group" aria-label="Chart period">
                {PERIODS.map((p) => (
                  <button key={p.id} type="button" className="segmented__option" aria-pressed={p.id === period} onClick={() => useHomeStore.getState().setPeriod(p.id)}>
                    {p.title}
                  </button>
                ))}
              </div>
            </div>
            {shown ? <TakingsChart chart={shown.chart} label={`Takings by ${period === 'today' ? 'hour' : 'day'}, ${PERIODS.find((p) => p.id === period)?.title ?? ''}, by channel`} /> : <p className="muted">Loading…</p>}
          </div>
          <p className="home-report-link">
            <button type="button" className="button button--secondary" onClick={() => navigate('report')}>
              End-of-day report
            </button>
          </p>
        </section>
      ) : null}
      <section className="card home-attention" aria-labelledby="home-attention-title">
        <h2 id="home-attention-title">Needs attention</h2>
        {attentionError ? (
          <div className="alert alert--error" role="alert">
            {attentionError.message}
          </div>
        ) : null}
        {attention ? (
          <NeedsAttention
            since={attentionAt}
            lists={[
              { id: 'unknown', title: 'Outcome unknown', empty: 'No payment with an unknown outcome.', list: attention.outcomeUnknown },
              { id: 'review', title: 'Needs review', empty: 'No gateway answer waits for a decision.', list: attention.needsReview },
              { id: 'expiring', title: 'Links expiring within the hour', empty: 'No waiting link expires within the hour.', list: attention.linksExpiring },
              { id: 'refunds', title: 'Refunds waiting', empty: 'No refund waits for the gateway.', list: attention.refundsWaiting },
              { id: 'notifications', title: 'Notifications not acted on', empty: 'Every notification was acted on.', list: attention.notificationsFailed },
            ]}
          />
        ) : (
          <p className="muted">Loading…</p>
        )}
      </section>
    </div>
  )
}

function PeriodCard({ title, previousTitle, figures }: { title: string; previousTitle: string; figures: PeriodFigures | null }) {
  const id = `home-period-${title.toLowerCase().replace(/\s+/g, '-')}`
  return (
    <section className="card home-period" aria-labelledby={id} data-testid={id}>
      <h2 id={id}>{title}</h2>
      {figures ? (
        <>
          <dl className="home-period__figures">
            <Figure label="Paid" testId={`${id}-paid`} value={formatRm(figures.current.paidSen)} note={paymentsText(figures.current.paidCount)} />
            <Figure label="Refunded and voided" testId={`${id}-refunded`} value={formatRm(figures.current.refundedSen + figures.current.voidedSen)} note={refundsText(figures.current)} />
            <Figure label="Net" testId={`${id}-net`} value={formatRm(figures.current.netSen)} strong />
          </dl>
          <p className="home-period__previous small" data-testid={`${id}-previous`}>
            {previousTitle}: {formatRm(figures.previous.paidSen)} paid ({paymentsText(figures.previous.paidCount)}), {formatRm(figures.previous.refundedSen + figures.previous.voidedSen)} refunded and voided, net {formatRm(figures.previous.netSen)}
          </p>
        </>
      ) : (
        <p className="muted">Loading…</p>
      )}
    </section>
  )
}

function Figure({ label, value, note, strong, testId }: { label: string; value: string; note?: string; strong?: boolean; testId: string }) {
  return (
    <div className={`home-figure${strong ? ' home-figure--strong' : ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        {value}
        {note ? <span className="home-figure__note">{note}</span> : null}
      </dd>
    </div>
  )
}

function paymentsText(count: number): string {
  return `${count.toLocaleString('en-MY')} ${count === 1 ? 'payment' : 'payments'}`
}

function refundsText(t: Takings): string {
  const parts = [`${String(t.refundCount)} ${t.refundCount === 1 ? 'refund' : 'refunds'}`]
  if (t.voidCount > 0) parts.push(`${String(t.voidCount)} ${t.voidCount === 1 ? 'void' : 'voids'}`)
  return parts.join(', ')
}

interface AttentionSection {
  id: string
  title: string
  empty: string
  list: { total: number; items: AttentionItem[] }
}

function NeedsAttention({ lists, since }: { lists: AttentionSection[]; since: number }) {
  const waiting = lists.reduce((total, section) => total + section.list.total, 0)
  if (waiting === 0) return <p className="home-attention__clear" role="status">Nothing needs attention now.</p>
  return (
    <div className="home-attention__lists">
      {lists
        .filter((section) => section.list.total > 0)
        .map((section) => (
          <section key={section.id} className="home-attention__section" aria-labelledby={`attention-${section.id}`} data-testid={`attention-${section.id}`}>
            <h3 id={`attention-${section.id}`}>
              {section.title} <span className="home-attention__count">{section.list.total}</span>
            </h3>
            <ul>
              {section.list.items.map((item) => (
                <li key={item.key}>
                  <AttentionRow item={item} since={since} />
                </li>
              ))}
            </ul>
            {section.list.total > section.list.items.length ? <p className="small muted">and {section.list.total - section.list.items.length} more (Orders finds them all)</p> : null}
          </section>
        ))}
    </div>
  )
}

function AttentionRow({ item, since }: { item: AttentionItem; since: number }) {
  const left = useCountdown(item.checkDueInMs, since)
  const body = (
    <>
      <span className="home-attention__invoice">{item.invoiceNumber ?? 'No order named'}</span>
      {item.amountSen !== null ? <span className="home-attention__amount">{formatRm(item.amountSen)}</span> : null}
      <span className="home-attention__detail">{item.detail}</span>
      <span className="home-attention__when small muted">
        {left !== null ? (left > 0 ? `Check in ${countdownText(left)}` : 'Check due now') : (item.at ? malaysiaTime(item.at) : '—')}
      </span>
    </>
  )
  if (item.orderId === null) return <div className="home-attention__row">{body}</div>
  const orderId = item.orderId
  return (
    <button type="button" className="home-attention__row home-attention__row--link" onClick={() => openOrder(orderId)} aria-label={`Open order ${item.invoiceNumber ?? ''}: ${item.detail}`}>
      {body}
    </button>
  )
}
