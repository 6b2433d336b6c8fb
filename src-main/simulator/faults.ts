/**
 * Faults on purpose, per operation or for all of them, for the next N calls or until cleared:
 * latency, a call held until released, no answer, connection reset, 500 before or after the
 * operation is applied, malformed JSON, a wrong response signature.
 */
import { z } from 'zod'

export const OPERATIONS = ['payment_page', 'charge', 'status', 'refund', 'delete_token', 'v3_create_payment', 'v3_get_payment', 'v3_bank_list'] as const
export type OperationName = (typeof OPERATIONS)[number]

export const FAULT_KINDS = ['latency', 'hold', 'hang', 'reset', 'error500', 'malformed_json', 'bad_signature'] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

export const faultInput = z
  .strictObject({
    operation: z.enum([...OPERATIONS, '*']),
    kind: z.enum(FAULT_KINDS),
    /** Whether the operation is applied before the fault strikes (hang, reset, error500). */
    phase: z.enum(['before', 'after']).default('after'),
    /** For latency: real milliseconds to wait before handling. */
    ms: z.number().int().min(0).max(120_000).default(0),
    /** How many calls to affect; omitted means until cleared. */
    count: z.number().int().min(1).optional(),
  })
  .refine((fault) => fault.kind !== 'latency' || fault.ms > 0, { error: 'latency needs ms > 0', path: ['ms'] })

export type FaultInput = z.infer<typeof faultInput>

export interface Fault extends FaultInput {
  id: number
  /** Calls left; null means until cleared. */
  remaining: number | null
  hits: number
}

export class FaultBox {
  private faults: Fault[] = []
  private nextId = 1
  /** Calls a `hold` fault keeps waiting, each let go by release() or clear(). */
  private held: (() => void)[] = []

  add(input: FaultInput): Fault {
    const fault: Fault = { ...input, id: this.nextId++, remaining: input.count ?? null, hits: 0 }
    this.faults.push(fault)
    return fault
  }

  list(): readonly Fault[] {
    return this.faults
  }

  /** Clears every fault and lets every held call go on (none is left waiting for a release that will not come). */
  clear(): void {
    this.faults = []
    this.release()
  }

  /** Resolves when release() or clear() is called: a `hold` fault's call waits here, then is handled as usual. */
  hold(): Promise<void> {
    return new Promise((resolve) => this.held.push(resolve))
  }

  /** Lets every held call go on; how many there were. */
  release(): number {
    const held = this.held
    this.held = []
    for (const resume of held) resume()
    return held.length
  }

  /** Calls waiting for a release. */
  heldCount(): number {
    return this.held.length
  }

  /** The first armed fault for this operation, used up by one call. */
  take(operation: OperationName): Fault | null {
    const fault = this.faults.find((candidate) => candidate.operation === operation || candidate.operation === '*')
    if (!fault) return null
    fault.hits += 1
    if (fault.remaining !== null) {
      fault.remaining -= 1
      if (fault.remaining === 0) this.faults = this.faults.filter((candidate) => candidate !== fault)
    }
    return fault
  }
}
