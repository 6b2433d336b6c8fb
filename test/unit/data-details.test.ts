/**
 * The data details of issue 19 that are pure rules: the statement descriptor's characters, e-mail
 * addresses kept as typed (an accented domain refused with its ASCII form), one card format, and
 * statuses in words (also for timeline rows written before).
 */
import { describe, expect, it } from 'vitest'
import { brandLabel, cardText, maskedCardText } from '../../src-common/card-text'
import { DESCRIPTOR_MAX, descriptorIssue } from '../../src-common/descriptor'
import { checkLinkRequest, emailIssue } from '../../src-common/link-rules'
import { english } from '../support/rule-english'
import { readableSummary, statusLabel, statusWord } from '../../src-common/status-words'
import { EnvironmentSettings } from '../../src-preload/contract'
import { DEFAULT_ENVIRONMENT_SETTINGS } from '../../src-main/settings/environment-settings'
import { checkCustomer } from '../../src-renderer/features/customers/customer-rules'
import { checkCharge } from '../../src-renderer/features/phone-order/charge-form'
import { STATUS_LABELS } from '../../src-renderer/format/labels'

const ALLOWED = 'use letters A–Z, digits, spaces and . , - & / *'

describe('the statement descriptor', () => {
  it('takes the characters card statements print, up to 22', () => {
    for (const text of ['', 'KEDAI ALI', 'Batik & Co.', 'SHOP*ORDER 42', 'Ali-Baba Sdn, KL/PJ', 'A'.repeat(DESCRIPTOR_MAX), `  ${'A'.repeat(DESCRIPTOR_MAX)}  `]) {
      expect(english(descriptorIssue(text)), text).toBeNull()
    }
    expect(english(descriptorIssue('A'.repeat(DESCRIPTOR_MAX + 1)))).toBe('Use at most 22 characters')
  })

  it('refuses an emoji, an accented letter, a quote or an invisible character, naming it', () => {
    expect(english(descriptorIssue('Kedai 🎉'))).toBe(`Card statements cannot print “🎉”: ${ALLOWED}`)
    expect(english(descriptorIssue('Café Siti'))).toBe(`Card statements cannot print “é”: ${ALLOWED}`)
    expect(english(descriptorIssue("Ali's Kitchen"))).toBe(`Card statements cannot print “'”: ${ALLOWED}`)
    expect(english(descriptorIssue('Kedai\tAli'))).toBe(`Card statements cannot print a tab or another kind of space: ${ALLOWED}`)
    expect(english(descriptorIssue('Kedai\u200bAli'))).toBe(`Card statements cannot print an invisible character (U+200B): ${ALLOWED}`)
    expect(english(descriptorIssue('👨‍👩‍👧 Family mart'))).toContain('“👨”')
  })

  it('is the same rule in the link form, the phone order form and the settings (main parses them with it)', () => {
    const problem = `Card statements cannot print “🛍”: ${ALLOWED}`
    const link = checkLinkRequest(
      {
        kind: 'card',
        channel: '',
        bankCode: '',
        invoiceNumber: 'INV-000001',
        amountSen: 100,
        descriptor: 'Kedai 🛍',
        autoRedirect: true,
        callbackUrl: 'https://shop.example.my/paid',
        failedUrl: '',
        expiryMinutes: 60,
        customer: { name: 'Siti', email: 'siti@example.my', phone: '', address: '', city: '', state: '', zipCode: '', country: 'MY' },
        lineItems: [],
      },
      { production: false },
    )
    expect(link.errors).toEqual({ descriptor: problem })
    const charge = checkCharge({ cardId: null, invoiceNumber: 'INV-000001', amount: '10', descriptor: 'Kedai 🛍', note: '' }, { chargeLimitSen: 5_000_00, cards: [] })
    expect(charge.descriptor).toBe(problem)
    const settings = EnvironmentSettings.safeParse({ ...DEFAULT_ENVIRONMENT_SETTINGS, links: { ...DEFAULT_ENVIRONMENT_SETTINGS.links, descriptor: 'Kedai 🛍' } })
    expect(settings.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['links.descriptor', problem]])
    expect(EnvironmentSettings.parse({ ...DEFAULT_ENVIRONMENT_SETTINGS, links: { ...DEFAULT_ENVIRONMENT_SETTINGS.links, descriptor: ' Batik & Co. ' } }).links.descriptor).toBe('Batik & Co.')
  })
})

describe('an e-mail address', () => {
  it('in ASCII is taken as typed', () => {
    expect(english(emailIssue('siti@example.my'))).toBeNull()
    expect(english(emailIssue('siti.aminah+shop@xn--kedi-7na.my'))).toBeNull()
  })

  it('with an accented (IDN) domain is refused with the reason and the ASCII form to type, never converted', () => {
    expect(english(emailIssue('siti@kedái.my'))).toBe("The gateway takes e-mail domains in ASCII only: type the address's ASCII form, siti@xn--kedi-7na.my")
    expect(english(emailIssue('siti@bücher.example'))).toBe("The gateway takes e-mail domains in ASCII only: type the address's ASCII form, siti@xn--bcher-kva.example")
    expect(checkCustomer({ name: 'Siti', email: 'siti@kedái.my', phone: '' }).email).toContain('siti@xn--kedi-7na.my')
  })

  it('with accented letters before the @ is refused (no ASCII form exists)', () => {
    expect(english(emailIssue('sïti@example.my'))).toBe('The gateway takes no accented letters or symbols before the @: use the address in plain ASCII')
  })
})

describe('a card, written one way everywhere', () => {
  it('names the brand in words', () => {
    expect(brandLabel('MASTERCARD')).toBe('Mastercard')
    expect(brandLabel('visa')).toBe('Visa')
    expect(brandLabel('AMEX')).toBe('American Express')
    expect(brandLabel('Something Else')).toBe('Something Else')
    expect(brandLabel(null)).toBe('Card')
  })

  it('groups the masked number by four with dots for the hidden digits', () => {
    expect(maskedCardText('512091******0038')).toBe('5120 91•• •••• 0038')
    expect(cardText({ brand: 'MASTERCARD', masked: '512091******0038' })).toBe('Mastercard 5120 91•• •••• 0038')
    expect(cardText({ brand: 'VISA', masked: null, last4: '5332' })).toBe('Visa •••• 5332')
    expect(cardText({ brand: null, masked: '450919xxxxxx5332' })).toBe('Card 4509 19•• •••• 5332')
    expect(cardText({ brand: 'VISA' })).toBe('Visa')
    expect(cardText({})).toBeNull()
  })
})

describe('statuses in words', () => {
  it('are the chips’ words, in main and in the renderer alike', () => {
    expect(STATUS_LABELS.OUTCOME_UNKNOWN).toBe('Outcome unknown')
    expect(statusLabel('OUTCOME_UNKNOWN')).toBe('Outcome unknown')
    expect(statusWord('OUTCOME_UNKNOWN')).toBe('outcome unknown')
    expect(statusWord('PAID')).toBe('paid')
    expect(statusLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW')
  })

  it('turn the ids of timeline rows written before into words, leaving the gateway’s own word', () => {
    expect(readableSummary('Status check: OUTCOME_UNKNOWN → PAID (gateway says SUCCESS)')).toBe('Status check: Outcome unknown → Paid (gateway says SUCCESS)')
    expect(readableSummary('Notification: gateway says SUCCESS; the order stays REFUNDED')).toBe('Notification: gateway says SUCCESS; the order stays refunded')
    expect(readableSummary('Status check: still PENDING (gateway says PENDING)')).toBe('Status check: still pending (gateway says PENDING)')
    expect(readableSummary('PAID → VOIDED: the payment was voided')).toBe('Paid → Voided: the payment was voided')
    expect(readableSummary('Notification received; the order is outcome_unknown here, so nothing is asked')).toBe('Notification received; the order is outcome unknown here, so nothing is asked')
    expect(readableSummary('INV-1: noted (outcome_unknown)')).toBe('INV-1: noted (outcome unknown)')
    expect(readableSummary('Phone order: MOTO charge of 512091******0038 (called at 10:15)')).toBe('Phone order: MOTO charge of 5120 91•• •••• 0038 (called at 10:15)')
    expect(readableSummary('Card 512091******0038 saved for Siti Aminah')).toBe('Card 5120 91•• •••• 0038 saved for Siti Aminah')
    const inWords = 'Status check: Pending → Paid (gateway says SUCCESS); RM 4.00 paid of RM 4.50 (a discount at the gateway)'
    expect(readableSummary(inWords)).toBe(inWords)
    expect(readableSummary('Automatic status checks stopped: the link expired and the gateway still says PENDING.')).toBe(
      'Automatic status checks stopped: the link expired and the gateway still says PENDING.',
    )
  })
})
