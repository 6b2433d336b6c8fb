/**
 * Card scheme (gateway-facts.md 1): checks Client-Id, Request-Id, Request-Timestamp and Signature
 * of a request (POST with Digest, GET without) and signs responses.
 */
import { cardRequestStringToSign, cardResponseStringToSign, digest, formatTimestamp, hmacSignature, parseTimestamp, verifySignature } from '../gateway/signing'
import type { Credentials } from './credentials'
import { cardInvalidParameter, cardUnauthorized } from './errors'
import { header, type SimRequest, type SimResponse } from './http'

export type CardAuthResult = { ok: true; requestId: string } | { ok: false; response: SimResponse; requestId: string | null }

const REQUEST_ID = /^[\x21-\x7e]{1,128}$/

export function verifyCardRequest(req: SimRequest, credentials: Credentials, now: number): CardAuthResult {
  const clientId = header(req, 'Client-Id')
  const requestId = header(req, 'Request-Id')
  const timestamp = header(req, 'Request-Timestamp')
  const signature = header(req, 'Signature')
  const echo = requestId !== undefined && REQUEST_ID.test(requestId) ? requestId : null
  const fail = (response: SimResponse): CardAuthResult => ({ ok: false, response, requestId: echo })

  if (!clientId) return fail(cardInvalidParameter('Client-Id'))
  if (!requestId) return fail(cardInvalidParameter('Request-Id'))
  if (!REQUEST_ID.test(requestId)) return fail(cardInvalidParameter('Request-Id', 'Must Be At Most 128 Visible Characters'))
  if (!timestamp) return fail(cardInvalidParameter('Request-Timestamp'))
  const time = parseTimestamp(timestamp)
  if (!time) return fail(cardInvalidParameter('Request-Timestamp', 'Must Be YYYY-MM-DDTHH:mm:ssZ'))
  if (!signature) return fail(cardInvalidParameter('Signature'))
  if (clientId !== credentials.clientId) return fail(cardUnauthorized('Client-Id Is Not Recognised'))
  if (Math.abs(now - time.getTime()) > credentials.timestampToleranceMs) {
    return fail(cardUnauthorized('Request-Timestamp Is Too Far From The Server Time'))
  }
  const stringToSign = cardRequestStringToSign({
    clientId,
    requestId,
    requestTimestamp: timestamp,
    requestTarget: req.path,
    digest: req.method === 'GET' ? undefined : digest(req.body),
  })
  if (!verifySignature(credentials.secretKey, stringToSign, signature)) return fail(cardUnauthorized('Invalid Signature'))
  return { ok: true, requestId }
}

export interface ResponseSigning {
  clientId: string
  secretKey: string
  /** Echo of the request's Request-Id; null when the request carried none usable. */
  requestId: string | null
  /** The answer to a GET is signed without a Digest line (gateway-facts.md §7); to a POST, with one. */
  method: string
  path: string
  now: number
  /** The "wrong response signature" fault: sign, then spoil the signature. */
  spoil?: boolean
}

export function signCardResponse(response: SimResponse, signing: ResponseSigning): SimResponse {
  const responseTimestamp = formatTimestamp(new Date(signing.now))
  const requestId = signing.requestId ?? ''
  const stringToSign = cardResponseStringToSign({
    clientId: signing.clientId,
    requestId,
    responseTimestamp,
    requestTarget: signing.path,
    digest: signing.method === 'GET' ? undefined : digest(response.body),
  })
  const good = hmacSignature(signing.secretKey, stringToSign)
  const signature = signing.spoil ? hmacSignature(`${signing.secretKey}-spoilt`, stringToSign) : good
  return {
    ...response,
    headers: {
      ...response.headers,
      'Client-Id': signing.clientId,
      'Request-Id': requestId,
      'Response-Timestamp': responseTimestamp,
      Signature: signature,
    },
  }
}
