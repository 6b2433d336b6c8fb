/**
 * Turns a raw call from the renderer into a Result: check the call exists, parse the input with the
 * contract's schema, run the handler, parse the output with the contract's schema (which drops any
 * field the contract does not declare), and turn every failure into `{ code, message }` data. Before
 * the handler runs, the back end's `authorise` hook checks who is signed in against the contract's
 * PERMISSIONS (docs/operators.md); dispatch itself knows nothing of sessions.
 * Used by the Electron IPC glue and by the browser test harness alike.
 */
import type { z } from 'zod'
import { BridgeErrorCode, callNames, calls, isCallName, type CallError, type CallName, type CallOutput, type ParsedInput, type Result } from '../../src-preload/contract'
import type { Logger } from '../log'
import { say, type Said } from '../../src-common/said/say'
import { englishOf } from '../../src-common/said/english'
import { AppError } from './app-error'
import { issueSaid } from './issue-said'

export type Handlers = {
  readonly [K in CallName]: (input: ParsedInput<K>) => Promise<CallOutput<K>> | CallOutput<K>
}

export type Dispatch = (name: unknown, input: unknown) => Promise<Result<unknown>>

/**
 * The back end's answer to "may this call run now?": a refusal (SIGNED_OUT, FORBIDDEN with what it
 * needs), or yes, with how to run the handler (inside the caller's scope: who acts, who approved).
 */
export type Authorisation = { ok: false; error: CallError } | { ok: true; run?: <T>(handler: () => T) => T }

export interface DispatchHooks {
  /** Asked with the parsed input after it passed the schema and before the handler runs. */
  authorise?: (name: CallName, input: unknown) => Authorisation
  /** Turns an error of the back end's own kind into the AppError staff see (e.g. the team database being unreachable); null leaves it. */
  translateError?: (error: unknown) => AppError | null
}

function failure(error: CallError): Result<never> {
  return { ok: false, error }
}

/** A refusal of the bridge itself, in main's catalogue's words. */
function bridgeError(code: string, said: Said): CallError {
  return { code, message: englishOf(said), say: said }
}

const INTERNAL = say('said.bridge.internal')

function describeIssue(issue: z.core.$ZodIssue): CallError {
  const field = issue.path.map(String).join('.')
  const said = issueSaid(issue)
  return {
    code: BridgeErrorCode.invalidInput,
    // The field travels beside the message: shown next to that field, a path prefix would be noise.
    message: said?.message ?? issue.message,
    ...(said ? { say: said.say } : {}),
    ...(field ? { field } : {}),
  }
}

/** Fails at start-up, not at the first click, if a call has no handler or a handler has no call. */
export function assertHandlersMatchContract(handlers: object): void {
  const declared = new Set<string>(callNames)
  const handled = new Set(Object.keys(handlers))
  const missing = [...declared].filter((name) => !handled.has(name))
  const extra = [...handled].filter((name) => !declared.has(name))
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(`Handlers do not match the contract. Without a handler: ${missing.join(', ') || 'none'}. Not in the contract: ${extra.join(', ') || 'none'}.`)
  }
}

export function createDispatch(handlers: Handlers, log: Logger, hooks: DispatchHooks = {}): Dispatch {
  assertHandlersMatchContract(handlers)
  return async (name, rawInput) => {
    if (!isCallName(name)) {
      return failure(bridgeError(BridgeErrorCode.unknownCall, say('said.bridge.unknownCall', { name: JSON.stringify(String(name)).slice(0, 80) })))
    }
    const spec = calls[name]
    const input = spec.input.safeParse(rawInput)
    if (!input.success) {
      const first = input.error.issues[0]
      return failure(first ? describeIssue(first) : bridgeError(BridgeErrorCode.invalidInput, say('said.input.invalid')))
    }
    let value: unknown
    try {
      const authorised = hooks.authorise ? hooks.authorise(name, input.data) : { ok: true as const }
      if (!authorised.ok) return failure(authorised.error)
      const handler = handlers[name] as (input: unknown) => unknown
      value = await (authorised.run ? authorised.run(() => handler(input.data)) : handler(input.data))
    } catch (thrown) {
      const error = hooks.translateError?.(thrown) ?? thrown
      if (error instanceof AppError) {
        return failure({ code: error.code, message: error.message, say: error.say, ...(error.field ? { field: error.field } : {}) })
      }
      log.error('call.failed', { call: name, error: error instanceof Error ? error.message : String(error) })
      return failure(bridgeError(BridgeErrorCode.internal, INTERNAL))
    }
    const output = spec.output.safeParse(value)
    if (!output.success) {
      // Only the paths go to the log: the values may be sensitive.
      log.error('call.output_invalid', { call: name, paths: output.error.issues.map((i) => i.path.join('.')) })
      return failure(bridgeError(BridgeErrorCode.internal, INTERNAL))
    }
    return { ok: true, value: output.data }
  }
}
