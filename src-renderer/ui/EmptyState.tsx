import './EmptyState.css'
import type { ReactNode } from 'react'

interface Props {
  icon: ReactNode
  title: string
  children: ReactNode
}

export function EmptyState({ icon, title, children }: Props) {
  return (
    <section className="empty-state" aria-label={title}>
      <div className="empty-state__icon" aria-hidden="true">
        {icon}
      </div>
      <h2 className="empty-state__title">{title}</h2>
      <div className="empty-state__body">{children}</div>
    </section>
  )
}
