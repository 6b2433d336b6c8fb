import './ScreenHeader.css'
import type { ReactNode } from 'react'

export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="screen-header">
      <h1>{title}</h1>
      {children ? <p className="screen-header__lead">{children}</p> : null}
    </header>
  )
}
