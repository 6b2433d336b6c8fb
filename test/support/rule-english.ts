import type { Said } from '../../src-preload/contract'
import { englishOf } from '../../src-common/said/english'

/** A rule's problem in main's English wording, or null when there is none (the forms word the same id in the desk's language). */
export const english = (issue: Said | null): string | null => (issue ? englishOf(issue) : null)
