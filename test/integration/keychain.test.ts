/**
 * The keychain the credential tests rely on: a real Secret Service (gnome-keyring) reached through
 * keytar, inside the throw-away session of scripts/with-keyring.mjs.
 */
import keytar from 'keytar'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'

describe('the throw-away keychain', () => {
  it("is the one from scripts/with-keyring.mjs, never the user's own", () => {
    expect(process.env['MBO_THROWAWAY_KEYRING'], 'run the tests with `npm run test:unit`, which starts a throw-away keyring').toBe('1')
  })

  it('stores, replaces, reads and removes a secret through keytar', async () => {
    const service = `mbo-keychain-test-${randomUUID()}`
    await keytar.setPassword(service, 'training', 'first-value')
    await keytar.setPassword(service, 'training', 'second-value')
    expect(await keytar.getPassword(service, 'training')).toBe('second-value')
    expect(await keytar.findCredentials(service)).toEqual([{ account: 'training', password: 'second-value' }])
    expect(await keytar.deletePassword(service, 'training')).toBe(true)
    expect(await keytar.getPassword(service, 'training')).toBeNull()
  })
})
