import './TimelineSummary.css'
import type { TimelineEntry } from '../../src-preload/contract'
import { saidText } from '../i18n/said-text'
import { formatFullTime } from '../format/time'
import { useT } from '../i18n/i18n'
import { actorText } from '../format/actor'

/** One entry's line: what happened, when, and who did it. The orders screen adds the requests below it. */
export function TimelineEntryHead({ entry }: { entry: TimelineEntry }) {
  const t = useT()
  return (
    <>
      <div className="timeline__head">
        <span className="timeline__summary">{entry.say ? saidText(entry.say, entry.summary) : entry.summary}</span>
        <time className="muted small" dateTime={entry.at}>
          {formatFullTime(entry.at)}
        </time>
      </div>
      {entry.actor ? <div className="muted small">{t('ui.timeline.by', { actor: actorText(entry.actor) })}</div> : null}
    </>
  )
}

/** What happened to an order, oldest first, one line each (the orders screen shows the requests too). */
export function TimelineSummary({ entries, label }: { entries: TimelineEntry[]; label?: string }) {
  const t = useT()
  if (entries.length === 0) return <p className="muted small">{t('ui.timeline.nothing')}</p>
  return (
    <ol className="timeline timeline--summary" aria-label={label ?? t('ui.timeline.label')}>
      {entries.map((entry) => (
        <li key={entry.id} className={`timeline__entry timeline__entry--${entry.type}`}>
          <TimelineEntryHead entry={entry} />
        </li>
      ))}
    </ol>
  )
}
