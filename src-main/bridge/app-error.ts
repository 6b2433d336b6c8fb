/**
 * An error a service means the user to see: a stable code, what it says to staff as a message id with
 * its values (`say`, worded by the renderer in the desk's language; src-common/said), and the input
 * field it is about when there is one. `message` is the English wording of `say`, for the log, the
 * CLI and `CallError.message`. Anything else thrown by a service is a bug and reaches the renderer
 * only as INTERNAL.
 */
import { type Said } from '../../src-common/said/say'
import { englishOf } from '../../src-common/said/english'

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly say: Said,
    readonly field?: string,
  ) {
    super(englishOf(say))
    this.name = 'AppError'
  }
}
