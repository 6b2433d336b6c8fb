/**
 * "Test connection": one cheap signed call per scheme that tells an authentication failure from a
 * network failure. The card scheme asks the status of an invoice that cannot exist (a "not found"
 * answer proves the signature was accepted); the generic scheme asks for the FPX bank list.
 */
import type { ConnectionCheck } from '../../src-preload/contract'
import { englishOf } from '../../src-common/said/english'
import { say, type Said } from '../../src-common/said/say'
import type { GatewayError } from '../gateway/errors'
import type { GatewayClient, GatewayResult } from '../gateway/client'

/** A check's line: its detail worded by its id, main's English beside it. */
function line(scheme: ConnectionCheck['scheme'], result: ConnectionCheck['result'], said: Said, httpStatus: number | null): ConnectionCheck {
  return { scheme, result, message: englishOf(said), say: said, httpStatus }
}

function check(scheme: ConnectionCheck['scheme'], result: GatewayResult<unknown>, notFoundIsOk: boolean): ConnectionCheck {
  const httpStatus = result.exchange.httpStatus
  if (result.ok) return line(scheme, 'ok', say('said.checks.signedAccepted'), httpStatus)
  const error: GatewayError = result.error
  switch (error.code) {
    case 'NOT_FOUND':
      if (notFoundIsOk) return line(scheme, 'ok', say('said.checks.signedAcceptedUnknown'), httpStatus)
      return line(scheme, 'unexpected', error.say, httpStatus)
    case 'AUTH':
      return line(scheme, 'auth_failed', error.gatewayMessage ? say('said.checks.checkKeysGatewaySaid', { gatewayMessage: error.gatewayMessage }) : say('said.checks.checkKeys'), httpStatus)
    case 'NETWORK':
      return line(scheme, 'unreachable', error.say, httpStatus)
    case 'TIMEOUT':
      return line(scheme, 'timeout', error.say, httpStatus)
    default:
      return line(scheme, 'unexpected', error.say, httpStatus)
  }
}

export async function testConnection(client: GatewayClient): Promise<ConnectionCheck[]> {
  const [card, generic] = await Promise.all([client.checkStatus(`CONNECTION-TEST-${client.newRequestId()}`), client.bankList()])
  return [check('card', card, true), check('generic', generic, false)]
}

export function notConfigured(missing: Said): ConnectionCheck[] {
  const said = say('said.checks.notConfigured', { missing })
  return [line('card', 'not_configured', said, null), line('generic', 'not_configured', said, null)]
}
