import './ResultFacts.css'
import type { ReactNode } from 'react'

/** The label–value lines under a result (a charge's, a refund's). */
export function ResultFacts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="result-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
