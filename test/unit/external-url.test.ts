import { describe, expect, it } from 'vitest'
import { checkExternalUrl } from '../../src-main/security/external-url'

describe('checkExternalUrl', () => {
  it.each([
    ['https://www.doku.com/help', 'https://www.doku.com/help'],
    ['https://www.doku.com', 'https://www.doku.com/'],
    ['https://sandbox.doku.com/p-link/p/ABC123?lang=en#top', 'https://sandbox.doku.com/p-link/p/ABC123?lang=en#top'],
  ])('hands %s to the system browser', (raw, url) => {
    expect(checkExternalUrl(raw)).toEqual({ ok: true, url })
  })

  it.each(['mailto:siti@example.my', 'mailto:siti@example.my?subject=Payment%20link&body=https%3A%2F%2Fsandbox.doku.com%2Fp%2FABC', 'mailto:?subject=Payment%20link'])(
    'hands the e-mail draft %s to the mail program',
    (raw) => {
      expect(checkExternalUrl(raw)).toEqual({ ok: true, url: raw })
    },
  )

  it.each([
    ['http://127.0.0.1:4010/pay/ABC', 'http://127.0.0.1:4010/pay/ABC'],
    ['http://localhost:4010/pay/ABC', 'http://localhost:4010/pay/ABC'],
    ['http://LOCALHOST:4010/', 'http://localhost:4010/'],
    ['http://[::1]:4010/pay/ABC', 'http://[::1]:4010/pay/ABC'],
    ['http://[0:0:0:0:0:0:0:1]:4010/', 'http://[::1]:4010/'],
  ])("takes http on this machine's loopback (the training gateway): %s", (raw, url) => {
    expect(checkExternalUrl(raw)).toEqual({ ok: true, url })
  })

  it.each([
    ['http://example.com', 'only https addresses are opened, not http:'],
    ['http://localhost.example.com/', 'only https addresses are opened, not http:'],
    ['http://127.0.0.2:4010/', 'only https addresses are opened, not http:'],
    ['http://192.168.1.10/', 'only https addresses are opened, not http:'],
    ['file:///etc/passwd', 'only https addresses are opened, not file:'],
    ['file:///C:/Windows/System32/calc.exe', 'only https addresses are opened, not file:'],
    ['javascript:alert(1)', 'only https addresses are opened, not javascript:'],
    ['smb://host/share', 'only https addresses are opened, not smb:'],
    ['app://bundle/index.html', 'only https addresses are opened, not app:'],
    ['ftp://example.com/file', 'only https addresses are opened, not ftp:'],
    ['https://user:pw@example.com', 'the address carries a user name or password'],
    ['https://user@example.com', 'the address carries a user name or password'],
    ['http://user:pw@localhost:4010/', 'the address carries a user name or password'],
    ['not a url', 'not a valid address'],
    ['', 'not a valid address'],
    ['https://', 'not a valid address'],
    ['mailto:siti@example.my?attach=/etc/passwd', 'a mail draft may not carry attach'],
    ['mailto:siti@example.my?subject=Hi&Attachment=~/.ssh/id_rsa', 'a mail draft may not carry Attachment'],
  ])('refuses %j: %s', (raw, reason) => {
    expect(checkExternalUrl(raw)).toEqual({ ok: false, reason })
  })
})
