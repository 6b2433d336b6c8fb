/**
 * The one place where the gateway's status words become the app's. The raw word is always kept beside
 * the normalised one; a word we do not know is kept as UNKNOWN with its raw text, never a crash.
 */
export const NORMALISED_STATUSES = ['SUCCESS', 'PENDING', 'FAILED', 'EXPIRED', 'REFUNDED', 'VOIDED', 'TIMEOUT', 'REDIRECT', 'UNKNOWN'] as const
export type NormalisedStatus = (typeof NORMALISED_STATUSES)[number]

export interface GatewayStatus {
  status: NormalisedStatus
  /** Exactly what the gateway sent. */
  raw: string
}

const SYNONYMS: Readonly<Record<string, NormalisedStatus>> = {
  // The charge response spells it so (gateway-interface.md 2.5).
  SUCCES: 'SUCCESS',
  SUCCESS: 'SUCCESS',
  PENDING: 'PENDING',
  FAILED: 'FAILED',
  EXPIRED: 'EXPIRED',
  REFUNDED: 'REFUNDED',
  VOIDED: 'VOIDED',
  TIMEOUT: 'TIMEOUT',
  REDIRECT: 'REDIRECT',
}

export function normaliseStatus(raw: string): GatewayStatus {
  return { status: SYNONYMS[raw.trim().toUpperCase()] ?? 'UNKNOWN', raw }
}

/**
 * What a status means for the order (gateway-facts.md 4): final, over (FAILED: make a new payment),
 * or not yet known (check again later). An unknown word is treated as not yet known.
 */
export type StatusMeaning = 'final' | 'failed' | 'check_later'

export function meaningOf(status: NormalisedStatus): StatusMeaning {
  switch (status) {
    case 'SUCCESS':
    case 'EXPIRED':
    case 'REFUNDED':
    case 'VOIDED':
      return 'final'
    case 'FAILED':
      return 'failed'
    case 'PENDING':
    case 'REDIRECT':
    case 'TIMEOUT':
    case 'UNKNOWN':
      return 'check_later'
  }
}
