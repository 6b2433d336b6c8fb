/** The PIN and login rules staff read before they type (main checks them too and has the last word), in the desk's language. */
import { loginProblem } from '../../../src-common/login'
import { easyPin } from '../../../src-common/pin-rule'
import { t } from '../../i18n/i18n'

export function pinRule(): string {
  return t('pin.rule')
}

export function pinProblem(pin: string): string | null {
  if (pin.length === 0) return t('pin.empty')
  if (/^\d+$/.test(pin)) return pin.length < 6 ? t('pin.shortDigits') : easyPin(pin) ? t('pin.easy') : null
  return pin.length >= 8 ? null : t('pin.shortText')
}

export function loginText(login: string): string | null {
  const problem = loginProblem(login)
  return problem === null ? null : t(problem === 'short' ? 'login.short' : 'login.characters')
}

export function repeatProblem(pin: string, again: string): string | null {
  return pin === again ? null : t('pin.differ')
}

/** Where main's error belongs on a form that has these fields; null for above the buttons. */
export function fieldOf<F extends string>(field: string | undefined, fields: readonly F[]): F | null {
  if (!field) return null
  const head = field.split('.')[0] ?? field
  return (fields as readonly string[]).includes(head) ? (head as F) : null
}
