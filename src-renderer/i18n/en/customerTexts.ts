/**
 * What the customer reads, worded in the customer's language rather than the desk's
 * (customer-words.ts): the payment link's e-mail and WhatsApp message.
 */
export const customerTexts = {
  draft: {
    greeting: 'Hello,',
    greetingNamed: 'Hello {{name}},',
    pleasePay: 'Please pay {{amount}} for invoice {{invoice}} at this address:',
    usableUntil: 'The link can be used until {{time}}.',
    thanks: 'Thank you.',
    subject: 'Payment for {{invoice}}',
  },
  /** The language setting on a customer and on a payment link's customer. */
  language: {
    label: 'Customer’s language',
    hint: 'The e-mail and WhatsApp message, the receipt, and the gateway’s page for FPX, e-wallets and buy-now-pay-later are in this language. Its card payment page is in the gateway’s own.',
    asDesk: 'Not chosen: this desk’s ({{language}})',
    asSaved: 'The customer’s saved choice, or this desk’s ({{language}})',
  },
}
