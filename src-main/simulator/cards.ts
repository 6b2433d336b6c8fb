/**
 * The sandbox test cards of gateway-facts.md 6 and what each one does on the hosted page and in a
 * charge. Any other number is refused by the form: the training gateway only knows these.
 */
export type ThreeDsFlow = 'frictionless' | 'challenge' | 'none'
export type CardBrand = 'MASTERCARD' | 'VISA'
/** What the status check's `card_payment.card_type` says (the brand is in `brand`). */
export type CardType = 'CREDIT' | 'DEBIT'

/** What a test card does, without its number: what the simulator keeps of a card once it was entered. */
export interface CardProfile {
  brand: CardBrand
  type: CardType
  issuer: string
  responseCode: string
  responseMessage: string
  approved: boolean
  threeDs: ThreeDsFlow
}

export interface TestCard extends CardProfile {
  number: string
}

const MASTERCARD_ISSUER = 'Maybank'
const VISA_ISSUER = 'CIMB Bank'

function pair(mastercard: string, visa: string, rest: Pick<TestCard, 'responseCode' | 'responseMessage' | 'approved' | 'threeDs'>): TestCard[] {
  return [
    { number: mastercard, brand: 'MASTERCARD', type: 'CREDIT', issuer: MASTERCARD_ISSUER, ...rest },
    { number: visa, brand: 'VISA', type: 'CREDIT', issuer: VISA_ISSUER, ...rest },
  ]
}

const APPROVED = { responseCode: '00', responseMessage: 'Approved', approved: true } as const

export const TEST_CARDS: readonly TestCard[] = [
  ...pair('5120910000000012', '4509198934905316', { ...APPROVED, threeDs: 'frictionless' }),
  ...pair('5120910000000020', '4509198934905324', { ...APPROVED, threeDs: 'challenge' }),
  ...pair('5120910000000038', '4509198934905332', { ...APPROVED, threeDs: 'none' }),
  ...pair('5120910000000046', '4509198934905340', { responseCode: '05', responseMessage: 'Do Not Honour', approved: false, threeDs: 'none' }),
  ...pair('5120910000000053', '4509198934900002', { responseCode: '51', responseMessage: 'Insufficient Funds', approved: false, threeDs: 'none' }),
  ...pair('5120910000000129', '4509198934900010', { responseCode: '62', responseMessage: 'Restricted Card', approved: false, threeDs: 'none' }),
]

/** The CVV every sandbox card expects. */
export const TEST_CVV = '100'
/** The one-time password the training 3-D Secure challenge accepts (shown on the challenge page). */
export const TEST_OTP = '123456'

/** Declines the simulator gives for reasons other than the card itself. */
export const DECLINES = {
  cvv: { responseCode: 'N7', responseMessage: 'Decline For CVV2 Failure' },
  authentication: { responseCode: '05', responseMessage: '3-D Secure Authentication Failed' },
  unknownToken: { responseCode: '14', responseMessage: 'Invalid Card Token' },
  inactiveToken: { responseCode: '54', responseMessage: 'Card Token Is Inactive' },
} as const

export function findTestCard(number: string): TestCard | undefined {
  const digits = number.replace(/[\s-]/g, '')
  return TEST_CARDS.find((card) => card.number === digits)
}

/** First six and last four, as gateways show a card. */
export function maskCard(number: string): string {
  return `${number.slice(0, 6)}******${number.slice(-4)}`
}

/**
 * A card as the simulator keeps it once entered or tokenised: the masked number and what the test
 * card does (its profile), never the full number, so that neither the books on disk nor the control
 * API's views hold one.
 */
export interface CardUsed extends CardProfile {
  masked: string
}

export function cardUsed(card: TestCard): CardUsed {
  const { number, ...profile } = card
  return { masked: maskCard(number), ...profile }
}

export const ACQUIRER = { id: 'MAYBANK', name: 'Maybank', mid: '000100012345' } as const
