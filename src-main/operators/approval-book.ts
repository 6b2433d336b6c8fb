/**
 * A Supervisor's approvals, each of one refused call with its very input: the charge of that amount on
 * that card, that kind of refund of that amount, that decision. The Supervisor approves what the
 * Clerk's screen shows after main refused it, so main remembers each refused input and binds the
 * approval to it; the same call with another input (a higher amount, a void for a partial refund)
 * finds no approval. One action only, and only for the operator it was given to.
 */
import type { ApprovableCall } from '../../src-preload/contract'

export interface Approval {
  approver: string
  forOperatorId: number
  expiresAtMs: number
}

/** What an approval is for, beside its subject, as the audit log records it. */
export type ApprovedFacts = Record<string, string | number | boolean>

/** A call main refused an operator: what an approval of it is for. */
export interface Refusal {
  readonly operatorId: number
  readonly input: string
  readonly facts: ApprovedFacts
}

/** Refused calls remembered at most: a Clerk refused over and over cannot grow the book. */
const REFUSALS_KEPT = 50

/** The input's fields that say what was approved beside the subject (money and decisions; not free text). */
const FACT_FIELDS = ['amountSen', 'kind', 'decision', 'confirmDuplicate', 'requestId'] as const

/** The same text for the same input whatever its keys' order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined)
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

function factsOf(input: unknown): ApprovedFacts {
  const facts: ApprovedFacts = {}
  if (input === null || typeof input !== 'object') return facts
  const record = input as Record<string, unknown>
  for (const name of FACT_FIELDS) {
    const value = record[name]
    if (typeof value === 'string' || typeof value === 'number' || value === true) facts[name] = value
  }
  return facts
}

const keyOf = (call: ApprovableCall, subject: number): string => `${call}#${String(subject)}`

export class ApprovalBook {
  private readonly refusals = new Map<string, Refusal>()
  private readonly approvals = new Map<string, Approval & { input: string }>()

  /** Main refused `call` on `subject` with this (parsed) input to this operator: what an approval would be for. */
  noteRefused(call: ApprovableCall, subject: unknown, operatorId: number, input: unknown): void {
    if (typeof subject !== 'number') return
    const key = keyOf(call, subject)
    this.refusals.delete(key)
    this.refusals.set(key, { operatorId, input: canonical(input), facts: factsOf(input) })
    for (const oldest of this.refusals.keys()) {
      if (this.refusals.size <= REFUSALS_KEPT) break
      this.refusals.delete(oldest)
    }
  }

  /** What the operator was last refused on this subject, or null when nothing waits for an approval. */
  refusedFor(call: ApprovableCall, subject: number, operatorId: number): Refusal | null {
    const refusal = this.refusals.get(keyOf(call, subject))
    return refusal && refusal.operatorId === operatorId ? refusal : null
  }

  /**
   * Approves `refusal` (from refusedFor, read before the approver's PIN was checked): that input and
   * no other, even if the operator was refused another meanwhile, which stays waiting.
   */
  grant(call: ApprovableCall, subject: number, refusal: Refusal, approval: Approval): void {
    const key = keyOf(call, subject)
    if (this.refusals.get(key) === refusal) this.refusals.delete(key)
    this.approvals.set(key, { ...approval, input: refusal.input })
  }

  /** The approval of exactly this call and input for this operator, used up; null when there is none. */
  take(call: ApprovableCall, subject: unknown, input: unknown, operatorId: number, nowMs: number): Approval | null {
    if (typeof subject !== 'number') return null
    const key = keyOf(call, subject)
    const approval = this.approvals.get(key)
    if (!approval) return null
    // One action only: gone once looked at, used or not.
    this.approvals.delete(key)
    if (approval.forOperatorId !== operatorId || approval.expiresAtMs <= nowMs || approval.input !== canonical(input)) return null
    return approval
  }

  clear(): void {
    this.refusals.clear()
    this.approvals.clear()
  }
}
