import './HomeScreen.css'
import { Suspense, useEffect } from 'react'
import type { TFunction } from 'i18next'
import type { AttentionItem, PeriodFigures, Takings } from '../../../src-preload/contract'
import { homeIsComplete } from '../../app/lazy-screens'
import { useShellStore } from '../../app/shell-store'
import { countdownText } from '../../ui/countdown'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { useCountdown } from '../../ui/use-countdown'
import { openOrder } from '../customers/open-order'
import { atLeast } from '../session/roles'
import { useSessionStore } from '../session/session-store'
import { followOrderChanges, useHomeStore, type HomePeriod } from './home-store'
import { TakingsChart } from './TakingsChart'
import { lazyNamed } from '../../ui/lazy'
import { useFormats, useT } from '../../i18n/i18n'
import type { Formats } from '../../i18n/formats'
import { saidText } from '../../i18n/said-text'

const PERIODS: readonly HomePeriod[] = ['today', 'week', 'month']

/** A Clerk's first things to do on a quiet Home (the welcome's), fetched when they show, with the Orders screen's code (see there why). */
const FirstActions = lazyNamed(() => import('../orders/OrdersScreen'), 'FirstActions')

/** The period cards' test ids stay in English whatever the language on screen. */
const PERIOD_TEST_IDS: Readonly<Record<HomePeriod, string>> = { today: 'home-period-today', week: 'home-period-this-week', month: 'home-period-this-month' }

/**
 * The first screen after sign-in: what came in today, this week and this month (Supervisors and
 * Admins), and what needs a person now (everyone). Figures and lists follow `orders.changed` by
 * themselves; nothing else on the screen reloads.
 */
export function HomeScreen() {
  const t = useT()
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

  // Home is complete (the daily screens' code may come) once its chart is drawn, uPlot's chunk being
  // the last of its code; for a Clerk, who sees no takings, once its attention lists show.
  useEffect(() => {
    if (!seesMoney && attention) homeIsComplete()
  }, [seesMoney, attention])

  const shown = figures?.[period]
  const lists: AttentionSection[] | null = attention
    ? [
        { id: 'unknown', title: t('home.attention.unknown'), list: attention.outcomeUnknown },
        { id: 'review', title: t('home.attention.review'), list: attention.needsReview },
        { id: 'expiring', title: t('home.attention.expiring'), list: attention.linksExpiring },
        { id: 'refunds', title: t('home.attention.refunds'), list: attention.refundsWaiting },
        { id: 'notifications', title: t('home.attention.notifications'), list: attention.notificationsFailed },
      ]
    : null
  const quiet = lists !== null && waitingIn(lists) === 0
  return (
    <div className="home-screen">
      <ScreenHeader title={t('home.title')}>{seesMoney ? t('home.leadMoney') : t('home.leadClerk')}</ScreenHeader>
      {seesMoney ? (
        <section className="home-figures" aria-label={t('home.takings')}>
          {figuresError ? (
            <div className="alert alert--error" role="alert">
              {figuresError.message}
            </div>
          ) : null}
          <div className="home-periods">
            {PERIODS.map((p) => (
              <PeriodCard key={p} period={p} figures={figures?.[p] ?? null} />
            ))}
          </div>
          <div className="card home-chart">
            <div className="home-chart__head">
              <h2>{period === 'today' ? t('home.chart.byHour') : t('home.chart.byDay')}</h2>
              <div className="segmented" role="group" aria-label={t('home.chart.periods')}>
                {PERIODS.map((p) => (
                  <button key={p} type="button" className="segmented__option" aria-pressed={p === period} onClick={() => useHomeStore.getState().setPeriod(p)}>
                    {t(`home.period.${p}`)}
                  </button>
                ))}
              </div>
            </div>
            {shown ? (
              <TakingsChart chart={shown.chart} label={t(period === 'today' ? 'home.chart.labelByHour' : 'home.chart.labelByDay', { period: t(`home.period.${period}`) })} onDrawn={homeIsComplete} />
            ) : (
              <p className="muted">{t('home.loading')}</p>
            )}
          </div>
          <p className="home-report-link">
            <button type="button" className="button button--secondary" onClick={() => navigate('report')}>
              {t('home.reportButton')}
            </button>
          </p>
        </section>
      ) : null}
      <section className="card home-attention" aria-labelledby="home-attention-title">
        <h2 id="home-attention-title">{t('home.attention.title')}</h2>
        {attentionError ? (
          <div className="alert alert--error" role="alert">
            {attentionError.message}
          </div>
        ) : null}
        {lists ? <NeedsAttention since={attentionAt} lists={lists} /> : <p className="muted">{t('home.loading')}</p>}
      </section>
      {/* A Clerk's quiet Home, without takings: the first things to do, as the welcome gives an Admin (loaded then: not part of everyone's first screen). */}
      {!seesMoney && role !== null && quiet ? (
        <Suspense fallback={null}>
          <section className="card home-start" aria-labelledby="home-start-title" data-testid="home-first-actions">
            <h2 id="home-start-title">{t('welcome.start.heading')}</h2>
            <FirstActions idPrefix="home-action" />
          </section>
        </Suspense>
      ) : null}
    </div>
  )
}

function PeriodCard({ period, figures }: { period: HomePeriod; figures: PeriodFigures | null }) {
  const t = useT()
  const formats = useFormats()
  const id = PERIOD_TEST_IDS[period]
  return (
    <section className="card home-period" aria-labelledby={id} data-testid={id}>
      <h2 id={id}>{t(`home.period.${period}`)}</h2>
      {figures ? (
        <>
          <dl className="home-period__figures">
            <Figure label={t('home.figures.paid')} testId={`${id}-paid`} value={formats.money(figures.current.paidSen)} note={paymentsText(t, formats, figures.current.paidCount)} />
            <Figure
              label={t('home.figures.refunded')}
              testId={`${id}-refunded`}
              value={formats.money(figures.current.refundedSen + figures.current.voidedSen)}
              note={refundsText(t, formats, figures.current)}
            />
            <Figure label={t('home.figures.net')} testId={`${id}-net`} value={formats.money(figures.current.netSen)} strong />
          </dl>
          <p className="home-period__previous small" data-testid={`${id}-previous`}>
            {t('home.figures.previous', {
              period: t(`home.previousPeriod.${period}`),
              paid: formats.money(figures.previous.paidSen),
              payments: paymentsText(t, formats, figures.previous.paidCount),
              refunded: formats.money(figures.previous.refundedSen + figures.previous.voidedSen),
              net: formats.money(figures.previous.netSen),
            })}
          </p>
        </>
      ) : (
        <p className="muted">{t('home.loading')}</p>
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

function paymentsText(t: TFunction, formats: Formats, count: number): string {
  return t('home.figures.payments', { count, n: formats.number(count) })
}

function refundsText(t: TFunction, formats: Formats, takings: Takings): string {
  const refunds = t('home.figures.refunds', { count: takings.refundCount, n: formats.number(takings.refundCount) })
  if (takings.voidCount === 0) return refunds
  return t('home.figures.refundsAndVoids', { refunds, voids: t('home.figures.voids', { count: takings.voidCount, n: formats.number(takings.voidCount) }) })
}

interface AttentionSection {
  id: string
  title: string
  list: { total: number; items: AttentionItem[] }
}

const waitingIn = (lists: AttentionSection[]): number => lists.reduce((total, section) => total + section.list.total, 0)

function NeedsAttention({ lists, since }: { lists: AttentionSection[]; since: number }) {
  const t = useT()
  const formats = useFormats()
  if (waitingIn(lists) === 0)
    return (
      <p className="home-attention__clear" role="status">
        {t('home.attention.clear')}
      </p>
    )
  return (
    <div className="home-attention__lists">
      {lists
        .filter((section) => section.list.total > 0)
        .map((section) => (
          <section key={section.id} className="home-attention__section" aria-labelledby={`attention-${section.id}`} data-testid={`attention-${section.id}`}>
            <h3 id={`attention-${section.id}`}>
              {section.title} <span className="home-attention__count">{formats.number(section.list.total)}</span>
            </h3>
            <ul>
              {section.list.items.map((item) => (
                <li key={item.key}>
                  <AttentionRow item={item} since={since} />
                </li>
              ))}
            </ul>
            {section.list.total > section.list.items.length ? <p className="small muted">{t('home.attention.more', { n: formats.number(section.list.total - section.list.items.length) })}</p> : null}
          </section>
        ))}
    </div>
  )
}

/** What the line says beside its invoice: main's words in the desk's language, or data (a name) as it is. */
const detailText = (item: AttentionItem): string => (item.detailSay ? saidText(item.detailSay, item.detail) : item.detail)

function AttentionRow({ item, since }: { item: AttentionItem; since: number }) {
  const t = useT()
  const formats = useFormats()
  const left = useCountdown(item.checkDueInMs, since)
  const body = (
    <>
      <span className="home-attention__invoice">{item.invoiceNumber ?? t('home.attention.noOrder')}</span>
      {item.amountSen !== null ? <span className="home-attention__amount">{formats.money(item.amountSen)}</span> : null}
      <span className="home-attention__detail">{detailText(item)}</span>
      <span className="home-attention__when small muted">
        {left !== null ? (left > 0 ? t('home.attention.checkIn', { time: countdownText(left) }) : t('home.attention.checkDue')) : formats.fullTime(item.at)}
      </span>
    </>
  )
  if (item.orderId === null) return <div className="home-attention__row">{body}</div>
  const orderId = item.orderId
  return (
    <button
      type="button"
      className="home-attention__row home-attention__row--link"
      onClick={() => openOrder(orderId)}
      aria-label={t('home.attention.open', { invoice: item.invoiceNumber ?? '', detail: detailText(item) })}
    >
      {body}
    </button>
  )
}
