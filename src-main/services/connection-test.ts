/**
 * "Test connection": one cheap signed call per scheme that tells an authentication failure from a
 * network failure. The card scheme asks the status of an invoice that cannot exist (a "not found"
 * answer proves the signature was accepted); the generic scheme asks for the FPX bank list.
 */
import type { ConnectionCheck } from '../../src-preload/contract'
import type { GatewayError } from '../gateway/errors'
import type { GatewayClient, GatewayResult } from '../gateway/client'

function check(scheme: ConnectionCheck['scheme'], result: GatewayResult<unknown>, notFoundIsOk: boolean): ConnectionCheck {
  const httpStatus = result.exchange.httpStatus
  if (result.ok) return { scheme, result: 'ok', message: 'Signed call accepted.', httpStatus }
  const error: GatewayError = result.error
  switch (error.code) {
    case 'NOT_FOUND':
      if (notFoundIsOk) return { scheme, result: 'ok', message: 'Signed call accepted (the test invoice is unknown, as it should be).', httpStatus }
      return { scheme, result: 'unexpected', message: error.message, httpStatus }
    case 'AUTH':
      return {
        scheme,
        result: 'auth_failed',
        message: `Check the Client ID and keys${error.gatewayMessage ? ` (the gateway said: ${error.gatewayMessage})` : ''}.`,
        httpStatus,
      }
    case 'NETWORK':
      return { scheme, result: 'unreachable', message: error.message, httpStatus }
    case 'TIMEOUT':
      return { scheme, result: 'timeout', message: error.message, httpStatus }
    default:
      return { scheme, result: 'unexpected', message: error.message, httpStatus }
  }
}

export async function testConnection(client: GatewayClient): Promise<ConnectionCheck[]> {
  const [card, generic] = await Promise.all([client.checkStatus(`CONNECTION-TEST-${client.newRequestId()}`), client.bankList()])
  return [check('card', card, true), check('generic', generic, false)]
}

export function notConfigured(missing: string): ConnectionCheck[] {
  const message = `Not configured. ${missing}`
  return [
    { scheme: 'card', result: 'not_configured', message, httpStatus: null },
    { scheme: 'generic', result: 'not_configured', message, httpStatus: null },
  ]
}
