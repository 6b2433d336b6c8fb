import './TimelineSummary.css'
import type { TimelineEntry } from '../../src-preload/contract'
import { formatFullTime } from '../format/time'

/** One entry's line: what happened, when, and who did it. The orders screen adds the requests below it. */
export function TimelineEntryHead({ entry }: { entry: TimelineEntry }) {
  return (
    <>
      <div className="timeline__head">
        <span className="timeline__summary">{entry.summary}</span>
        <time className="muted small" dateTime={entry.at}>
          {formatFullTime(entry.at)}
        </time>
      </div>
      {entry.actor ? <div className="muted small">by {entry.actor}</div> : null}
    </>
  )
}

/** What happened to an order, oldest first, one line each (the orders screen shows the requests too). */
export function TimelineSummary({ entries, label = 'What happened' }: { entries: TimelineEntry[]; label?: string }) {
  if (entries.length === 0) return <p className="muted small">Nothing has been recorded for this order yet.</p>
  return (
    <ol className="timeline timeline--summary" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id} className={`timeline__entry timeline__entry--${entry.type}`}>
          <TimelineEntryHead entry={entry} />
        </li>
      ))}
    </ol>
  )
}
