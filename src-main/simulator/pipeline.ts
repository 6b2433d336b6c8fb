/**
 * How an API call is carried out, in order: authenticate, take any armed fault, replay or refuse a
 * reused idempotency key, parse, apply, remember, then let an "after" fault spoil the answer. The
 * card and generic schemes differ in authentication, key, error shapes, response signing and what a
 * reused key gets: the card scheme replays the first answer with 409, the generic scheme answers 409
 * `idempotency_id_conflict` whatever the body (gateway-facts.md §7).
 */
import { setTimeout as delay } from 'node:timers/promises'
import { signCardResponse, verifyCardRequest } from './card-auth'
import type { Operation, SimContext } from './context'
import { cardInvalidParameter, cardServerError, genericError } from './errors'
import type { Fault, OperationName } from './faults'
import { signGenericResponse, verifyGenericRequest } from './generic-auth'
import { header, parseJson, type SimRequest, type SimResponse } from './http'

/** What the server does with a call: answer it, never answer it, or reset the connection. */
export type Handled = SimResponse | { drop: 'hang' | 'reset' }

export const isDrop = (handled: Handled): handled is { drop: 'hang' | 'reset' } => 'drop' in handled

interface Scheme {
  authenticate(req: SimRequest, now: number): { ok: true; requestId: string | null } | { ok: false; response: SimResponse; requestId: string | null }
  /** The idempotency key of a POST, if it carries one. */
  key(req: SimRequest, requestId: string | null): string | null
  /** Whether the same key with the same body gets the first answer again (409) rather than a conflict. */
  replays: boolean
  conflict(): SimResponse
  notJson(): SimResponse
  serverError(req: SimRequest, now: number): SimResponse
  sign(response: SimResponse, req: SimRequest, requestId: string | null, now: number, spoil: boolean): SimResponse
}

function cardScheme(ctx: SimContext): Scheme {
  return {
    authenticate: (req, now) => verifyCardRequest(req, ctx.credentials, now),
    key: (req, requestId) => (requestId === null ? null : `card:${requestId}`),
    replays: true,
    conflict: () => cardInvalidParameter('Request-Id', 'Is Already Used For A Different Request'),
    notJson: () => cardInvalidParameter('Request Body', 'Must Be Valid JSON'),
    serverError: (req, now) => cardServerError(req.path, now),
    sign: (response, req, requestId, now, spoil) =>
      signCardResponse(response, {
        clientId: ctx.credentials.clientId,
        secretKey: ctx.credentials.secretKey,
        requestId,
        method: req.method,
        path: req.path,
        now,
        spoil,
      }),
  }
}

function genericScheme(ctx: SimContext): Scheme {
  return {
    authenticate: (req, now) => {
      const result = verifyGenericRequest(req, ctx.credentials, now)
      return result.ok ? { ok: true, requestId: null } : { ok: false, response: result.response, requestId: null }
    },
    key: (req) => {
      const key = header(req, 'Idempotency-Id') ?? header(req, 'Request-Id')
      return key ? `generic:${key}` : null
    },
    replays: false,
    conflict: () => genericError(409, 'idempotency_id_conflict', 'Idempotency-Id was already used'),
    notJson: () => genericError(400, 'invalid_request', 'request body must be valid JSON'),
    serverError: () => genericError(500, 'internal_error', 'internal error'),
    sign: (response, req, _requestId, now, spoil) => signGenericResponse(response, { clientId: ctx.credentials.clientId, secretKey: ctx.credentials.secretKey, path: req.path, now, spoil }),
  }
}

/** A response whose JSON is cut short: what a proxy that drops the connection mid-body leaves behind. */
function malformed(response: SimResponse): SimResponse {
  const body = typeof response.body === 'string' ? response.body : response.body.toString('utf8')
  return { ...response, body: body.slice(0, Math.max(1, Math.floor(body.length / 2))) }
}

export interface ApiCall {
  ctx: SimContext
  scheme: 'card' | 'generic'
  operationName: OperationName
  operation: Operation
  req: SimRequest
  param: string
}

export async function runApiCall(call: ApiCall): Promise<Handled> {
  const { ctx, req } = call
  const scheme = call.scheme === 'card' ? cardScheme(ctx) : genericScheme(ctx)
  const auth = scheme.authenticate(req, ctx.clock.now())
  const requestId = auth.requestId
  if (!auth.ok) return scheme.sign(auth.response, req, requestId, ctx.clock.now(), false)

  const fault: Fault | null = ctx.faults.take(call.operationName)
  if (fault?.kind === 'latency') await delay(fault.ms)
  if (fault?.kind === 'hold') await ctx.faults.hold()
  if (fault?.phase === 'before') {
    if (fault.kind === 'hang' || fault.kind === 'reset') return { drop: fault.kind }
    if (fault.kind === 'error500') return scheme.sign(scheme.serverError(req, ctx.clock.now()), req, requestId, ctx.clock.now(), false)
  }

  const answer = (response: SimResponse): Handled => {
    const now = ctx.clock.now()
    if (fault?.phase === 'after' && (fault.kind === 'hang' || fault.kind === 'reset')) return { drop: fault.kind }
    if (fault?.phase === 'after' && fault.kind === 'error500') return scheme.sign(scheme.serverError(req, now), req, requestId, now, false)
    const body = fault?.kind === 'malformed_json' ? malformed(response) : response
    return scheme.sign(body, req, requestId, now, fault?.kind === 'bad_signature')
  }

  const key = req.method === 'POST' ? scheme.key(req, requestId) : null
  if (key !== null) {
    const previous = ctx.idempotency.lookup(key, req.path, req.body)
    if (previous.kind === 'replay' && scheme.replays) return answer(previous.response)
    if (previous.kind !== 'new') return answer(scheme.conflict())
  }

  let body: unknown = undefined
  if (req.method === 'POST') {
    const parsed = parseJson(req.body)
    if (!parsed.ok) return answer(scheme.notJson())
    body = parsed.value
  }
  const outcome = call.operation({ ctx, req, body, requestId, now: ctx.clock.now(), param: call.param })
  if (outcome.applied && key !== null) ctx.idempotency.remember(key, req.path, req.body, outcome.response)
  return answer(outcome.response)
}
