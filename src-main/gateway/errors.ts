/**
 * Every way a gateway call can fail, as data with a stable code. Each error says whether the operation
 * may have taken effect: for a call that moves money, anything that happened after the request left
 * this machine is an *unknown outcome*, never "failed". `say` is what staff read, as a message id with
 * its values (the gateway's own text and codes are values, kept as the gateway wrote them); `message`
 * is its English wording, for the log.
 */
import { say, type Said } from '../../src-common/said/say'
import { englishOf } from '../../src-common/said/english'

export const GATEWAY_ERROR_CODES = ['REJECTED', 'AUTH', 'NOT_FOUND', 'CONFLICT', 'SERVER', 'NETWORK', 'TIMEOUT', 'BAD_RESPONSE'] as const
export type GatewayErrorCode = (typeof GATEWAY_ERROR_CODES)[number]

export interface GatewayError {
  code: GatewayErrorCode
  /** Written for staff, in English: the wording of `say`. */
  message: string
  say: Said
  httpStatus: number | null
  /** The gateway's own code, e.g. INVALID_PARAMETER or invalid_signature. */
  gatewayCode: string | null
  gatewayMessage: string | null
  /** The request field the gateway named, e.g. `order.amount`. */
  field: string | null
  /** True when the operation may have taken effect at the gateway: settle it with a status check. */
  outcomeUnknown: boolean
}

interface ErrorBody {
  gatewayCode: string | null
  gatewayMessage: string | null
}

/** Reads the error body shapes of gateway-facts.md 5; an empty or non-JSON body gives nulls. */
export function readErrorBody(text: string): ErrorBody {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return { gatewayCode: null, gatewayMessage: null }
  }
  if (typeof body !== 'object' || body === null) return { gatewayCode: null, gatewayMessage: null }
  const error = (body as { error?: unknown }).error
  if (typeof error === 'object' && error !== null) {
    // Card 400 and the generic scheme: {"error":{"code":…,"message":…}}
    const { code, message } = error as { code?: unknown; message?: unknown }
    return { gatewayCode: typeof code === 'string' ? code : null, gatewayMessage: typeof message === 'string' ? message : null }
  }
  if (typeof error === 'string') {
    // Card 500: {"timestamp":…,"status":"500","error":"Internal Server Error","path":…}
    return { gatewayCode: null, gatewayMessage: error }
  }
  return { gatewayCode: null, gatewayMessage: null }
}

const FIELD_IN_MESSAGE = /^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*) (?:Must|must|Is|is|Should|should|Cannot|cannot|Not|not)\b/

/** The field a card-scheme message names, as in "order.amount Must Not Be Blank". */
export function fieldOf(message: string | null): string | null {
  if (!message) return null
  return FIELD_IN_MESSAGE.exec(message)?.[1] ?? null
}

function httpCode(status: number): GatewayErrorCode {
  if (status === 401 || status === 403) return 'AUTH'
  if (status === 404) return 'NOT_FOUND'
  if (status === 408) return 'TIMEOUT'
  if (status === 409) return 'CONFLICT'
  if (status >= 500) return 'SERVER'
  if (status >= 400) return 'REJECTED'
  return 'BAD_RESPONSE'
}

/** What went wrong, by code (said.gateway.problem.*), for the sentences below to carry. */
function problem(code: GatewayErrorCode): Said {
  return say(`said.gateway.problem.${code}`)
}

function staffSaid(code: GatewayErrorCode, outcomeUnknown: boolean, gatewayMessage: string | null): Said {
  if (outcomeUnknown) return say('said.gateway.mayHaveGoneThrough', { problem: problem(code) })
  return gatewayMessage ? say('said.gateway.saidSo', { problem: problem(code), gatewayMessage }) : say('said.gateway.failed', { problem: problem(code) })
}

/** The error with its English message worded from `say`. */
function worded(error: Omit<GatewayError, 'message'>): GatewayError {
  return { ...error, message: englishOf(error.say) }
}

/**
 * A non-2xx answer. For a money-moving call, 5xx (the gateway may have applied it before failing),
 * 408 and 409 (an earlier request with this Request-Id exists) leave the outcome unknown; a 4xx
 * refusal means nothing happened.
 */
export function httpError(status: number, bodyText: string, moneyMoving: boolean): GatewayError {
  const code = httpCode(status)
  const { gatewayCode, gatewayMessage } = readErrorBody(bodyText)
  const outcomeUnknown = moneyMoving && (code === 'SERVER' || code === 'TIMEOUT' || code === 'CONFLICT' || code === 'BAD_RESPONSE')
  return worded({
    code,
    say: staffSaid(code, outcomeUnknown, gatewayMessage),
    httpStatus: status,
    gatewayCode,
    gatewayMessage,
    field: fieldOf(gatewayMessage),
    outcomeUnknown,
  })
}

/** A 2xx answer whose body breaks the contract (not JSON, a missing field, a spoilt signature when that blocks). */
export function badResponse(status: number, detail: string, moneyMoving: boolean, bodyText = ''): GatewayError {
  // A 2xx whose body is an error ({"error":{"code","message"}}): the gateway's own words are kept.
  const { gatewayCode, gatewayMessage } = readErrorBody(bodyText)
  const said = [gatewayCode, gatewayMessage].filter(Boolean).join(': ')
  const id = said ? (moneyMoving ? 'said.gateway.badResponseSaidUnknown' : 'said.gateway.badResponseSaid') : moneyMoving ? 'said.gateway.badResponseUnknown' : 'said.gateway.badResponse'
  return worded({
    code: 'BAD_RESPONSE',
    say: say(id, { problem: problem('BAD_RESPONSE'), detail, ...(said ? { gatewayMessage: said } : {}) }),
    httpStatus: status,
    gatewayCode,
    gatewayMessage,
    field: fieldOf(gatewayMessage),
    outcomeUnknown: moneyMoving,
  })
}

/** Error codes (Node and undici) that prove the request never left this machine. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'ERR_INVALID_URL'])
/** ANSWER_DEADLINE is http.ts's deadline on the whole exchange: once sent, as unknown as a header timeout. */
const TIMEOUTS = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT', 'ANSWER_DEADLINE'])

function errorCodeOf(error: unknown): string | null {
  let current: unknown = error
  // undici wraps the socket error in `cause`.
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return null
}

/** A failure below HTTP: no connection, a reset, a timeout. Only a refused connection proves nothing was sent. */
export function transportError(error: unknown, moneyMoving: boolean): GatewayError {
  const systemCode = errorCodeOf(error)
  const code: GatewayErrorCode = systemCode !== null && TIMEOUTS.has(systemCode) ? 'TIMEOUT' : 'NETWORK'
  const sent = systemCode === null || !NOT_SENT.has(systemCode)
  const outcomeUnknown = moneyMoving && sent
  return worded({
    code,
    say: outcomeUnknown ? staffSaid(code, true, null) : say('said.gateway.systemCode', { problem: problem(code), systemCode: systemCode ?? say('said.gateway.noDetail') }),
    httpStatus: null,
    gatewayCode: systemCode,
    gatewayMessage: null,
    field: null,
    outcomeUnknown,
  })
}
