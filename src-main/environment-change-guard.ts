/**
 * Never closes a history under a staff call that is waiting for its gateway's answer.
 *
 * A phone charge, a link's creation, a refund, a status check or a card's removal writes its attempt
 * to the active environment's history, waits for the gateway (at most its deadline, Settings →
 * Gateway calls), then records the answer in that same history (ServiceContext.bound). An environment
 * switch, and a team created, joined or left (the history moves between the desk's file and the
 * team's database), close that history. While such a call waits, the change is **refused**, with what
 * waits; it is not made to wait for it. Refused, nothing changed and staff are told why at once, in the
 * tab that asked, and try again in a few seconds; a change made to wait would hold that tab for as
 * long as the gateway's deadline with no word of why, while every staff call meanwhile would have to
 * be refused all the same (it could not be sent from a history about to close).
 *
 * While a change is under way, a new staff call of that kind, and another change, are refused before
 * anything is written or sent. The status tracker's own checks and the notification listener are not
 * counted here: the change stops them and waits for them, in order, before the swap (backend.ts
 * `activate`).
 */
import { say } from '../src-common/said/say'
import { AppError } from './bridge/app-error'

/** A staff call that waits for the gateway's answer, as a refusal names it (said.settings.waitingForGateway.*). */
export type WaitingCall = 'charge' | 'link' | 'refund' | 'check' | 'cardRemoval'

export class EnvironmentChangeGuard {
  /** The calls waiting, in the order they began (a refusal names the first). */
  private readonly waiting = new Map<number, WaitingCall>()
  private nextCall = 0
  private changing = false

  /** Runs a staff call that waits for the gateway; refused while the environment is being changed. */
  async call<T>(kind: WaitingCall, run: () => Promise<T>): Promise<T> {
    if (this.changing) throw changingRefusal()
    const id = this.nextCall++
    this.waiting.set(id, kind)
    try {
      return await run()
    } finally {
      this.waiting.delete(id)
    }
  }

  /** Runs a change of the active history (a switch, a team created, joined or left); refused while a staff call waits or another change runs. */
  async change<T>(run: () => Promise<T>): Promise<T> {
    const first = this.waiting.values().next()
    if (!first.done) throw new AppError('GATEWAY_ANSWER_AWAITED', say(`said.settings.waitingForGateway.${first.value}`))
    if (this.changing) throw changingRefusal()
    this.changing = true
    try {
      return await run()
    } finally {
      this.changing = false
    }
  }
}

/** What a call (or a second change) is told while the desk's history moves. */
export function changingRefusal(): AppError {
  return new AppError('ENVIRONMENT_CHANGING', say('said.settings.changing'))
}
