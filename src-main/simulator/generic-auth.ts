/**
 * Generic ("v3") scheme (gateway-facts.md 2): Client-Id, Request-Timestamp, the unlabelled
 * signature and the API key in Basic credentials. Any failure of authentication is 401. Answers are
 * signed too (gateway-facts.md §7): the same four lines with the response's timestamp.
 */
import { digest, formatTimestamp, genericResponseStringToSign, genericStringToSign, GENERIC_API_VERSION, hmacSignature, parseTimestamp, verifySignature } from '../gateway/signing'
import type { Credentials } from './credentials'
import { genericError } from './errors'
import { header, type SimRequest, type SimResponse } from './http'

export type GenericAuthResult = { ok: true } | { ok: false; response: SimResponse }

const unauthorized = (message: string): GenericAuthResult => ({ ok: false, response: genericError(401, 'invalid_signature', message) })

/** Both spellings of the credentials are accepted, because sources disagree on the trailing colon. */
function apiKeyMatches(authorization: string | undefined, apiKey: string): boolean {
  if (!authorization?.startsWith('Basic ')) return false
  const decoded = Buffer.from(authorization.slice('Basic '.length).trim(), 'base64').toString('utf8')
  return decoded === apiKey || decoded === `${apiKey}:`
}

/**
 * POSTs must be signed. GETs may come unsigned (DOKU's own collection leaves them so); a GET that
 * does carry a signature must carry a right one, over the digest of its empty body.
 */
export function verifyGenericRequest(req: SimRequest, credentials: Credentials, now: number): GenericAuthResult {
  const apiVersion = header(req, 'API-Version')
  if (!apiVersion) return { ok: false, response: genericError(400, 'invalid_request', 'API-Version header is required') }
  if (apiVersion !== GENERIC_API_VERSION) {
    return { ok: false, response: genericError(400, 'invalid_request', `API-Version ${apiVersion} is not supported; use ${GENERIC_API_VERSION}`) }
  }
  if (!apiKeyMatches(header(req, 'Authorization'), credentials.apiKey)) return unauthorized('invalid API key in Authorization')
  const clientId = header(req, 'Client-Id')
  if (!clientId) return unauthorized('Client-Id header is required')
  if (clientId !== credentials.clientId) return unauthorized('Client-Id is not recognised')
  const signature = header(req, 'Signature')
  if (!signature && req.method === 'GET') return { ok: true }
  const timestamp = header(req, 'Request-Timestamp')
  if (!timestamp) return unauthorized('Request-Timestamp header is required')
  const time = parseTimestamp(timestamp)
  if (!time) return unauthorized('Request-Timestamp must be YYYY-MM-DDTHH:mm:ssZ')
  if (Math.abs(now - time.getTime()) > credentials.timestampToleranceMs) return unauthorized('Request-Timestamp is too far from the server time')
  if (!signature) return unauthorized('Signature header is required')
  const stringToSign = genericStringToSign({ clientId, requestTimestamp: timestamp, requestTarget: req.path, digest: digest(req.body) })
  return verifySignature(credentials.secretKey, stringToSign, signature) ? { ok: true } : unauthorized('invalid signature')
}

export interface GenericResponseSigning {
  clientId: string
  secretKey: string
  path: string
  now: number
  /** The "wrong response signature" fault: sign, then spoil the signature. */
  spoil?: boolean
}

/** Adds `Client-Id`, `Response-Timestamp` and `Signature` to a generic answer. */
export function signGenericResponse(response: SimResponse, signing: GenericResponseSigning): SimResponse {
  const responseTimestamp = formatTimestamp(new Date(signing.now))
  const stringToSign = genericResponseStringToSign({
    clientId: signing.clientId,
    responseTimestamp,
    requestTarget: signing.path,
    digest: digest(response.body),
  })
  const signature = hmacSignature(signing.spoil ? `${signing.secretKey}-spoilt` : signing.secretKey, stringToSign)
  return {
    ...response,
    headers: { ...response.headers, 'Client-Id': signing.clientId, 'Response-Timestamp': responseTimestamp, Signature: signature },
  }
}
