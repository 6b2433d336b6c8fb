import './FirstActions.css'
import type { ReactNode } from 'react'
import { LinkIcon, OrdersIcon, PhoneIcon } from '../../ui/icons'
import { useT } from '../../i18n/i18n'
import { FIRST_ACTIONS, startFirstAction, type FirstAction } from './first-action-list'

const ICONS: Record<FirstAction, ReactNode> = {
  'payment-link': <LinkIcon size={22} />,
  'phone-order': <PhoneIcon size={22} />,
  'find-order': <OrdersIcon size={22} />,
}

/**
 * The first things to do, each a button with what it is for: the welcome's second step and a Clerk's
 * quiet Home. `idPrefix` keeps the descriptions' ids apart where it shows.
 */
export function FirstActions({ idPrefix }: { idPrefix: string }) {
  const t = useT()
  return (
    <ul className="first-actions">
      {FIRST_ACTIONS.map((action) => (
        <li key={action} className="first-actions__item">
          <span className="first-actions__icon" aria-hidden="true">
            {ICONS[action]}
          </span>
          <button type="button" className="button first-actions__button" aria-describedby={`${idPrefix}-${action}`} onClick={() => startFirstAction(action)}>
            {t(`welcome.actions.${action}.label`)}
          </button>
          <p className="muted small" id={`${idPrefix}-${action}`}>
            {t(`welcome.actions.${action}.text`)}
          </p>
        </li>
      ))}
    </ul>
  )
}
