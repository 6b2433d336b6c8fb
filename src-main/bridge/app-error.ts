/**
 * An error a service means the user to see: a stable code, what it says to staff as a message id with
 * its values (`say`, worded by the renderer in the desk's language; src-common/said), and the input
 * field it is about when there is one. `message` is the English wording of `say`, for the log, the
 * CLI and `CallError.message`. Anything else thrown by a service is a bug and reaches the renderer
 * only as INTERNAL.
 */
import { englishOf, type Said } from '../../src-common/said/say'

/**
 * A text of a shared rule in src-common (link-rules, descriptor, shop-name) that has no id yet: it
 * travels as English only (no `say`), and the renderer shows it as it is.
 */
export interface EnglishOnly {
  english: string
}

export function englishOnly(english: string): EnglishOnly {
  return { english }
}

export class AppError extends Error {
  /** Absent only for an EnglishOnly text. */
  readonly say: Said | undefined

  constructor(
    readonly code: string,
    said: Said | EnglishOnly,
    readonly field?: string,
  ) {
    super('english' in said ? said.english : englishOf(said))
    this.say = 'english' in said ? undefined : said
    this.name = 'AppError'
  }
}
