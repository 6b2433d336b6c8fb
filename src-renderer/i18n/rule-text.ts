/**
 * A shared rule's judgement (src-common's `…Issue`, the same ids main refuses with) in the desk's
 * language; null when the rule found nothing wrong. The forms judge what is typed with it. Apart from
 * said-text.ts because the rules' English (englishOf) brings main's whole English catalogue, which
 * only the screens with forms need.
 */
import type { Said } from '../../src-preload/contract'
import { englishOf } from '../../src-common/said/english'
import { saidText } from './said-text'

export function issueText(issue: Said | null): string | null {
  return issue ? saidText(issue, englishOf(issue)) : null
}
