/** Error bodies exactly as gateway-facts.md 5 shows them. */
import { json, type SimResponse } from './http'

/** Card 400: the message names the field, e.g. `order.amount Must Not Be Blank`. */
export function cardInvalidParameter(field: string, problem = 'Must Not Be Blank'): SimResponse {
  return json(400, { error: { code: 'INVALID_PARAMETER', message: `${field} ${problem}`, type: 'Invalid Parameter' } })
}

export function cardUnauthorized(message: string): SimResponse {
  return json(401, { error: { code: 'INVALID_SIGNATURE', message, type: 'Invalid Signature' } })
}

export function cardNotFound(message: string): SimResponse {
  return json(404, { error: { code: 'NOT_FOUND', message, type: 'Not Found' } })
}

export function cardServerError(path: string, now: number): SimResponse {
  return json(500, { timestamp: new Date(now).toISOString(), status: '500', error: 'Internal Server Error', path })
}

export type GenericErrorCode = 'invalid_request' | 'invalid_signature' | 'payment_timeout' | 'idempotency_id_conflict' | 'not_found' | 'internal_error'

export function genericError(status: number, code: GenericErrorCode, message: string): SimResponse {
  return json(status, { error: { code, message } })
}

/** Paths and methods outside the interface, in the generic shape. */
export function notFoundPath(): SimResponse {
  return genericError(404, 'not_found', 'no such path')
}

export function methodNotAllowed(allowed: readonly string[]): SimResponse {
  const response = genericError(405, 'invalid_request', `method not allowed; use ${allowed.join(', ')}`)
  return { ...response, headers: { ...response.headers, Allow: allowed.join(', ') } }
}

export function payloadTooLarge(): SimResponse {
  return { ...genericError(413, 'invalid_request', 'request body is larger than 1 MiB'), headers: { 'Content-Type': 'application/json', Connection: 'close' } }
}
