/** Payment-link requests as the form sends them, for the tests that create links. */
import type { LinkRequest } from '../../src-preload/contract'

export const customer = {
  name: 'Siti Aminah',
  email: 'siti@example.my',
  phone: '012-345 6789',
  address: '12 Jalan Ampang',
  city: 'Kuala Lumpur',
  state: 'WP Kuala Lumpur',
  zipCode: '50450',
  country: 'MY',
}

export function cardLink(overrides: Partial<LinkRequest> = {}): LinkRequest {
  return {
    kind: 'card',
    channel: '',
    bankCode: '',
    invoiceNumber: 'INV-000001',
    amountSen: 128_50,
    descriptor: 'KEDAI ALI',
    autoRedirect: true,
    callbackUrl: 'https://shop.example.my/paid',
    failedUrl: 'https://shop.example.my/failed',
    expiryMinutes: 60,
    customer,
    lineItems: [],
    ...overrides,
  }
}

export function genericLink(channel: string, overrides: Partial<LinkRequest> = {}): LinkRequest {
  return cardLink({ kind: 'generic', channel, callbackUrl: '', failedUrl: '', descriptor: '', ...overrides })
}
