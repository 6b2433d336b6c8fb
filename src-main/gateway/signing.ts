/**
 * The gateway's two signing schemes as pure functions (gateway-facts.md 1 and 2). The app's gateway
 * client and the training simulator both use these, so a mismatch between them cannot hide.
 *
 * Every digest is taken over the exact bytes that travel on the wire. Re-serialising parsed JSON can
 * reorder keys or change number formatting and would sign a different body than the one sent.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/** Bytes as sent; a string is taken as its UTF-8 encoding. */
export type BodyBytes = Uint8Array | string

export const SIGNATURE_PREFIX = 'HMACSHA256='

/** Base64 of the binary SHA-256 of the exact body bytes. */
export function digest(body: BodyBytes): string {
  return createHash('sha256').update(body).digest('base64')
}

/**
 * The Request-Target line carries the path only. A host or a query string there makes the
 * signature disagree with the gateway's, so building one is refused rather than silently signed.
 */
function assertPathOnly(requestTarget: string): void {
  if (!requestTarget.startsWith('/') || requestTarget.startsWith('//') || /[?#\s]/.test(requestTarget)) {
    throw new Error('Request-Target must be a path only: no host, no query string, no fragment')
  }
}

/** The path of a URL (or of a path that may carry a query), as the Request-Target line wants it. */
export function requestTargetOf(urlOrPath: string): string {
  const path = urlOrPath.startsWith('/') ? urlOrPath : new URL(urlOrPath).pathname
  const end = path.search(/[?#]/)
  return end === -1 ? path : path.slice(0, end)
}

export interface CardRequestParts {
  clientId: string
  requestId: string
  requestTimestamp: string
  requestTarget: string
  /** Present for a POST (base64 SHA-256 of the body); absent for a GET, which has no Digest line. */
  digest?: string | undefined
}

/** Card scheme, request side: five lines for a POST, four for a GET; no trailing newline. */
export function cardRequestStringToSign(parts: CardRequestParts): string {
  assertPathOnly(parts.requestTarget)
  const lines = [`Client-Id:${parts.clientId}`, `Request-Id:${parts.requestId}`, `Request-Timestamp:${parts.requestTimestamp}`, `Request-Target:${parts.requestTarget}`]
  if (parts.digest !== undefined) lines.push(`Digest:${parts.digest}`)
  return lines.join('\n')
}

export interface CardResponseParts {
  clientId: string
  requestId: string
  responseTimestamp: string
  /** The path the client called. */
  requestTarget: string
  /** Digest of the raw response body; absent only when the response has no body. */
  digest?: string | undefined
}

/** Card scheme, response side: the request string with `Response-Timestamp:` in place of `Request-Timestamp:`. */
export function cardResponseStringToSign(parts: CardResponseParts): string {
  assertPathOnly(parts.requestTarget)
  const lines = [`Client-Id:${parts.clientId}`, `Request-Id:${parts.requestId}`, `Response-Timestamp:${parts.responseTimestamp}`, `Request-Target:${parts.requestTarget}`]
  if (parts.digest !== undefined) lines.push(`Digest:${parts.digest}`)
  return lines.join('\n')
}

export interface GenericParts {
  clientId: string
  requestTimestamp: string
  requestTarget: string
  /** Base64 SHA-256 of the body. */
  digest: string
}

/** Generic ("v3") scheme: four unlabelled lines, no Request-Id. */
export function genericStringToSign(parts: GenericParts): string {
  assertPathOnly(parts.requestTarget)
  return [parts.clientId, parts.requestTimestamp, parts.requestTarget, parts.digest].join('\n')
}

export interface GenericResponseParts {
  clientId: string
  /** The answer's `Response-Timestamp` header, `YYYY-MM-DDTHH:mm:ssZ`. */
  responseTimestamp: string
  /** The path the client called (as sent, without the query). */
  requestTarget: string
  /** Base64 SHA-256 of the raw response body. */
  digest: string
}

/**
 * The string a generic ("v3") answer is signed over: the request's four unlabelled lines with the
 * response timestamp in place of the request timestamp, and the digest of the response body:
 *
 *     <Client-Id>\n<Response-Timestamp>\n<path called>\n<base64 SHA-256 of the response body>
 *
 * `Signature` = `HMACSHA256=` + base64 HMAC-SHA256 of it with the secret key (as for requests).
 * Not published: the training gateway signs this way, and the app records (and, when set to, blocks
 * on) a mismatch; see docs/gateway-client.md.
 */
export function genericResponseStringToSign(parts: GenericResponseParts): string {
  return genericStringToSign({ clientId: parts.clientId, requestTimestamp: parts.responseTimestamp, requestTarget: parts.requestTarget, digest: parts.digest })
}

/** `HMACSHA256=` + base64 HMAC-SHA256, keyed with the secret key as UTF-8 text. */
export function hmacSignature(secretKey: string, stringToSign: string): string {
  return SIGNATURE_PREFIX + createHmac('sha256', secretKey).update(stringToSign, 'utf8').digest('base64')
}

/** Compares in constant time so that a forger learns nothing from how long a rejection takes. */
export function verifySignature(secretKey: string, stringToSign: string, signature: string): boolean {
  const expected = Buffer.from(hmacSignature(secretKey, stringToSign), 'utf8')
  const given = Buffer.from(signature, 'utf8')
  if (given.length !== expected.length) {
    // Still spend a comparison so that length alone is the only thing a mismatch reveals.
    timingSafeEqual(expected, expected)
    return false
  }
  return timingSafeEqual(expected, given)
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/

/** `YYYY-MM-DDTHH:mm:ssZ` in UTC, without milliseconds. */
export function formatTimestamp(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new Error('formatTimestamp: invalid date')
  return `${date.toISOString().slice(0, 19)}Z`
}

/** Parses exactly `YYYY-MM-DDTHH:mm:ssZ`; anything else (milliseconds, offsets, impossible dates) is null. */
export function parseTimestamp(text: string): Date | null {
  const match = TIMESTAMP.exec(text)
  if (!match) return null
  const date = new Date(text)
  if (Number.isNaN(date.getTime()) || formatTimestamp(date) !== text) return null
  return date
}

export interface SignedCardRequest {
  clientId: string
  requestId: string
  secretKey: string
  /** Request-Timestamp text; build it with formatTimestamp. */
  requestTimestamp: string
  requestTarget: string
  /** The exact body bytes for a POST; omit for a GET. */
  body?: BodyBytes | undefined
}

/** The four card-scheme headers for one request (plus nothing else: Content-Type is the caller's). */
export function cardRequestHeaders(request: SignedCardRequest): Record<string, string> {
  const stringToSign = cardRequestStringToSign({
    clientId: request.clientId,
    requestId: request.requestId,
    requestTimestamp: request.requestTimestamp,
    requestTarget: request.requestTarget,
    digest: request.body === undefined ? undefined : digest(request.body),
  })
  return {
    'Client-Id': request.clientId,
    'Request-Id': request.requestId,
    'Request-Timestamp': request.requestTimestamp,
    Signature: hmacSignature(request.secretKey, stringToSign),
  }
}

export interface SignedGenericRequest {
  clientId: string
  secretKey: string
  apiKey: string
  requestTimestamp: string
  requestTarget: string
  body: BodyBytes
  apiVersion?: string
  /** Sources disagree on whether the API key is followed by `:` before base64; this is a setting. */
  apiKeyTrailingColon?: boolean
}

export const GENERIC_API_VERSION = 'arabica.2025-12-01'

/** Basic credentials of the generic scheme. */
export function basicAuthorization(apiKey: string, trailingColon = false): string {
  return `Basic ${Buffer.from(trailingColon ? `${apiKey}:` : apiKey, 'utf8').toString('base64')}`
}

/** Headers of a signed generic ("v3") request. */
export function genericRequestHeaders(request: SignedGenericRequest): Record<string, string> {
  const stringToSign = genericStringToSign({
    clientId: request.clientId,
    requestTimestamp: request.requestTimestamp,
    requestTarget: request.requestTarget,
    digest: digest(request.body),
  })
  return {
    'Client-Id': request.clientId,
    'Request-Timestamp': request.requestTimestamp,
    Signature: hmacSignature(request.secretKey, stringToSign),
    Authorization: basicAuthorization(request.apiKey, request.apiKeyTrailingColon ?? false),
    'API-Version': request.apiVersion ?? GENERIC_API_VERSION,
  }
}
