/**
 * The bridge between the untrusted renderer and the main process.
 *
 * Every renderer→main call is declared here once: its name, the zod schema its input must pass (main
 * parses it; the renderer is never trusted) and the zod schema of its output (main parses that too,
 * which strips any field the schema does not name, so nothing undeclared, such as a secret, can cross
 * by accident). Every main→renderer event is declared with its payload schema.
 *
 * The renderer imports only types from this file; the preload and main import the values.
 */
import { z } from 'zod'

export const Environment = z.enum(['training', 'sandbox', 'production'])
export type Environment = z.infer<typeof Environment>

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  environment: Environment,
  /** The folder that holds the local history, settings and logs. */
  dataDir: z.string(),
  /** What hosts the backend: the Electron app, or the browser test harness. */
  runtime: z.enum(['electron', 'harness', 'test']),
  electronVersion: z.string().nullable(),
  sqliteVersion: z.string(),
})
export type AppInfo = z.infer<typeof AppInfo>

const NoInput = z.undefined()

interface CallSpec<I extends z.ZodType, O extends z.ZodType> {
  readonly input: I
  readonly output: O
}

function call<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): CallSpec<I, O> {
  return { input, output }
}

/** renderer → main. Names are `domain.action`; the renderer sees them as `api.domain.action()`. */
export const calls = {
  'app.info': call(NoInput, AppInfo),
} as const

/** main → renderer. */
export const events = {
  'environment.changed': z.object({ environment: Environment }),
} as const

export type CallName = keyof typeof calls
export type EventName = keyof typeof events
/** What the renderer may pass (before parsing). */
export type CallInput<K extends CallName> = z.input<(typeof calls)[K]['input']>
/** What a main-process handler receives (after parsing). */
export type ParsedInput<K extends CallName> = z.output<(typeof calls)[K]['input']>
export type CallOutput<K extends CallName> = z.output<(typeof calls)[K]['output']>
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>

export const callNames = Object.keys(calls) as CallName[]
export const eventNames = Object.keys(events) as EventName[]

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.hasOwn(calls, name)
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name)
}

/**
 * Stable error codes. Services may add their own (e.g. a gateway's), so the field is a string, but
 * these are the ones the bridge itself produces.
 */
export const BridgeErrorCode = {
  /** The input did not pass the call's schema. `field` names the first offending field. */
  invalidInput: 'INVALID_INPUT',
  /** The call came from somewhere other than our own window or harness page. */
  forbidden: 'FORBIDDEN',
  /** No such call in the contract. */
  unknownCall: 'UNKNOWN_CALL',
  /** The call could not reach main at all. */
  unreachable: 'BRIDGE_UNREACHABLE',
  /** A bug in main. The details are in main's log, not in the message. */
  internal: 'INTERNAL',
} as const

export interface CallError {
  code: string
  message: string
  /** The input field the error is about, as a dotted path, when there is one. */
  field?: string
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: CallError }

export const callChannel = (name: CallName): string => `call:${name}`
export const eventChannel = (name: EventName): string => `event:${name}`

type CallFn<K extends CallName> = undefined extends CallInput<K>
  ? (input?: CallInput<K>) => Promise<Result<CallOutput<K>>>
  : (input: CallInput<K>) => Promise<Result<CallOutput<K>>>

type DomainOf<K> = K extends `${infer D}.${string}` ? D : never
type ActionOf<K, D extends string> = K extends `${D}.${infer A}` ? A : never

/** What the renderer sees as `window.api`: one function per call, grouped by domain, and `on`. */
export type Api = {
  readonly [D in DomainOf<CallName>]: {
    readonly [K in CallName as ActionOf<K, D>]: CallFn<K>
  }
} & {
  /** Subscribe to an event; returns the function that unsubscribes. */
  readonly on: <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void
}
