/**
 * A non-card channel as a value of main's messages: the e-wallets' and pay-later's names are brands,
 * the same in every language; FPX online banking is worded by id, so that a Malay desk's timeline
 * says "perbankan dalam talian FPX" (found by QA).
 */
import { CHANNEL_NAMES, type GenericChannel } from '../channels'
import { say, type SaidValue } from './say'

export function channelSaid(channel: GenericChannel): SaidValue {
  return channel === 'INTERNET_BANKING_FPX' ? say('said.timeline.fpxChannel') : CHANNEL_NAMES[channel]
}
