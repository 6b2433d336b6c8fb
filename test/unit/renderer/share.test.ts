import { describe, expect, it } from 'vitest'
import { emailDraft, emailSubject, shareLines, whatsAppChat } from '../../../src-renderer/features/payment-link/share'
import { switchLanguage } from '../../../src-renderer/i18n/i18n'
import { formatsFor } from '../../../src-renderer/i18n/formats'

const order = {
  invoiceNumber: 'INV-000042',
  amountSen: 12850,
  customerName: 'Siti Nurhaliza binti Tarudin',
  customerEmail: 'siti@example.my',
  customerPhone: '+60123456789',
  linkUrl: 'https://pay.example.my/p/abc123?x=1&y=2',
  linkExpiresAt: '2030-06-12T06:30:00.000Z',
}

describe('the message that carries a payment link', () => {
  it('greets by first name and says amount, invoice, address and expiry', () => {
    const lines = shareLines(order, null)
    expect(lines[0]).toBe('Hello Siti,')
    expect(lines).toContain('Please pay RM 128.50 for invoice INV-000042 at this address:')
    expect(lines).toContain('https://pay.example.my/p/abc123?x=1&y=2')
    // 06:30 UTC is 14:30 in Malaysia, whatever this computer's time zone.
    expect(lines).toContain('The link can be used until 12 Jun 2030, 14:30.')
  })

  it("is in the customer's language, whatever the desk's", async () => {
    const lines = shareLines(order, 'ms')
    expect(lines[0]).toBe('Hai Siti,')
    expect(lines).toContain('Sila bayar RM 128.50 untuk invois INV-000042 melalui pautan ini:')
    expect(lines).toContain(
      `Pautan ini boleh digunakan sehingga ${formatsFor('ms')
        .dateTime(order.linkExpiresAt)
        .replace(/\u00a0/g, ' ')}.`,
    )
    expect(lines.at(-1)).toBe('Terima kasih.')
    expect(emailSubject(order, 'ms')).toBe('Bayaran untuk INV-000042')
    // A customer with no language chosen gets the desk's; an English customer stays English at a Malay desk.
    await switchLanguage('ms')
    try {
      expect(shareLines(order, null)[0]).toBe('Hai Siti,')
      expect(shareLines(order, 'en')[0]).toBe('Hello Siti,')
      // Why a draft cannot be made is said to staff, in the desk's language.
      expect(emailDraft({ ...order, customerEmail: null }, 'en')).toEqual({ ok: false, reason: 'Pesanan ini tiada alamat e-mel.' })
    } finally {
      await switchLanguage('en')
    }
  })

  it('leaves the expiry out when the gateway gave none, and greets plainly without a name', () => {
    const lines = shareLines({ ...order, customerName: '  ', linkExpiresAt: null }, null)
    expect(lines[0]).toBe('Hello,')
    expect(lines.join('\n')).not.toContain('can be used until')
  })
})

describe('the e-mail draft', () => {
  it('is a mailto: to the customer with the subject and body percent-encoded (no + for spaces, CRLF lines)', () => {
    const draft = emailDraft(order, null)
    expect(draft.ok).toBe(true)
    if (!draft.ok) return
    expect(draft.url.startsWith('mailto:siti@example.my?subject=Payment%20for%20INV-000042&body=')).toBe(true)
    expect(draft.url).not.toContain('+')
    const url = new URL(draft.url)
    expect(url.protocol).toBe('mailto:')
    const body = decodeURIComponent(draft.url.split('&body=')[1] ?? '')
    expect(body).toBe(shareLines(order, null).join('\r\n'))
    // The link's own query survives inside the body.
    expect(body).toContain('?x=1&y=2')
    expect(emailSubject(order, null)).toBe('Payment for INV-000042')
  })

  it('keeps an address with unusual characters in one piece', () => {
    const draft = emailDraft({ ...order, customerEmail: 'a+b&c@example.my' }, null)
    expect(draft.ok && draft.url.startsWith('mailto:a%2Bb%26c@example.my?subject=')).toBe(true)
  })

  it('is refused without an e-mail address or a link', () => {
    expect(emailDraft({ ...order, customerEmail: null }, null)).toEqual({ ok: false, reason: 'This order has no e-mail address.' })
    expect(emailDraft({ ...order, linkUrl: null }, null).ok).toBe(false)
  })
})

describe('the WhatsApp chat', () => {
  it('goes to wa.me with the E.164 digits and the message', () => {
    const chat = whatsAppChat(order, null)
    expect(chat.ok).toBe(true)
    if (!chat.ok) return
    expect(chat.url.startsWith('https://wa.me/60123456789?text=')).toBe(true)
    expect(decodeURIComponent(chat.url.split('?text=')[1] ?? '')).toBe(shareLines(order, null).join('\n'))
  })

  it('normalises a number written the Malaysian way', () => {
    const chat = whatsAppChat({ ...order, customerPhone: '012-345 6789' }, null)
    expect(chat.ok && chat.url.startsWith('https://wa.me/60123456789?')).toBe(true)
  })

  it('says why it cannot be sent without a usable phone number', () => {
    expect(whatsAppChat({ ...order, customerPhone: null }, null)).toEqual({ ok: false, reason: 'No phone number was given for this customer.' })
    expect(whatsAppChat({ ...order, customerPhone: '' }, null).ok).toBe(false)
    const bad = whatsAppChat({ ...order, customerPhone: '12' }, null)
    expect(bad).toEqual({ ok: false, reason: '12 is not a phone number WhatsApp can reach.' })
  })
})
