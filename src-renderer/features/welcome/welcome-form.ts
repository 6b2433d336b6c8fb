/**
 * The first-run welcome's form: the shop's name and the return addresses, checked as staff type and
 * put into the environment's settings (main checks them again with the settings' schema). Pure.
 */
import { shopNameIssue } from '../../../src-common/shop-name'
import { issueText } from '../../i18n/rule-text'
import { t } from '../../i18n/i18n'
import type { WelcomeDetails } from './welcome-details'

export { detailsOf, withDetails, type WelcomeDetails } from './welcome-details'

/** Each field's problem (by the settings' path, as main names it), before anything is sent. */
export function checkDetails(details: WelcomeDetails): Partial<Record<'shop.name' | 'links.callbackUrl' | 'links.failedUrl', string>> {
  const errors: Partial<Record<'shop.name' | 'links.callbackUrl' | 'links.failedUrl', string>> = {}
  const name = details.shopName.trim()
  const nameProblem = name === '' ? t('welcome.details.nameEmpty') : issueText(shopNameIssue(name))
  if (nameProblem) errors['shop.name'] = nameProblem
  for (const [path, value] of [
    ['links.callbackUrl', details.callbackUrl],
    ['links.failedUrl', details.failedUrl],
  ] as const) {
    const problem = urlProblem(value)
    if (problem) errors[path] = problem
  }
  return errors
}

/** An address the settings take: empty, or http(s) with a host. The rest (https in Production, the length) is main's to say. */
function urlProblem(text: string): string | null {
  const value = text.trim()
  if (value === '') return null
  try {
    const url = new URL(value)
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '') return null
  } catch {
    // Not an address at all: said below.
  }
  return t('welcome.details.wholeAddress')
}
