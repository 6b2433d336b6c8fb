/** The shared components' words (src-renderer/ui/), and the status, kind and channel words (format/labels.ts, card.ts), and money beside the order's (format/money.ts). */
export const ui = {
  cancel: 'Cancel',
  renderError: {
    screen: 'Something went wrong on this screen',
    text: 'Nothing was sent to the gateway because of this. You can try again or switch to another screen.',
    retry: 'Try again',
  },
  saved: 'Saved',
  copy: {
    copy: 'Copy',
    copied: 'Copied',
    copiedAnnounce: 'Copied to the clipboard',
    fieldFailed: 'Could not copy: select the address and press Ctrl+C.',
    buttonFailed: 'Could not copy to the clipboard.',
  },
  dateField: {
    placeholder: 'dd/mm/yyyy',
    calendar: 'Calendar: {{label}}',
    fromProblem: 'The "from" date is not a day of the calendar: write it day/month/year, for example 31/12/2026.',
    toProblem: 'The "to" date is not a day of the calendar: write it day/month/year, for example 31/12/2026.',
  },
  qr: {
    label: 'QR code of the payment link',
    tooLong: 'This address is too long for a QR code.',
  },
  statusCheck: {
    label: 'Check status',
    checking: 'Checking…',
    labelIn: '{{label}} in {{time}}',
    waitHint: 'The gateway asks for 60 seconds after the payment before a status check.',
    gatewayStatus: 'Gateway status: {{raw}}',
  },
  markCancelled: {
    button: 'Mark cancelled',
    title: 'Mark {{invoice}} cancelled?',
    marking: 'Marking…',
    what: 'The gateway has no cancel call: the link stays open at the gateway. This marks the order cancelled here so staff know not to expect the payment.',
    after: 'If the customer pays anyway, a status check will still show it.',
    reason: 'Reason (optional)',
    reasonExample: 'e.g. The customer paid by bank transfer instead',
  },
  timeline: {
    by: 'by {{actor}}',
    label: 'What happened',
    nothing: 'Nothing has been recorded for this order yet.',
  },
  status: {
    PENDING: 'Pending',
    PAID: 'Paid',
    FAILED: 'Failed',
    EXPIRED: 'Expired',
    CANCELLED: 'Cancelled',
    REFUNDED: 'Refunded',
    VOIDED: 'Voided',
    OUTCOME_UNKNOWN: 'Outcome unknown',
    UNKNOWN: 'Unrecognised',
  },
  kind: {
    card_link: 'Card link',
    generic_link: 'Payment link',
    phone_order: 'Phone order',
  },
  channel: { CARD: 'Card' },
  cardSource: {
    hosted_page: 'from a card payment page',
    charge: 'from a charge',
    manual: 'added by hand',
  },
  /** Money the gateway speaks of beside the order's (format/money.ts). */
  money: {
    noAmount: 'no amount',
    amountIn: 'an amount in {{currency}}',
    paid: '{{paid}} paid',
    paidOf: '{{paid}} paid (of {{amount}})',
    paidLess: '{{paid}} paid, {{difference}} less (a discount or promotion)',
    paidMore: '{{paid}} paid, {{difference}} more than the order',
  },
} as const
