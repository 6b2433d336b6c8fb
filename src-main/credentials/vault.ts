/**
 * Gateway credentials per environment. The secrets (Secret Key, API Key) live only in the keychain and
 * leave this module only inside a gateway client built here; callers learn whether a secret is set,
 * never its value. The non-secret half (Client ID, the API key's Basic form) is in the app settings.
 */
import { randomBytes } from 'node:crypto'
import type { CredentialState, Environment, GatewayEnvironment } from '../../src-preload/contract'
import { AppError } from '../bridge/app-error'
import { say, type Said } from '../../src-common/said/say'
import { createGatewayClient, type GatewayClient, type GatewayClientOptions } from '../gateway/client'
import type { CredentialProfile } from '../settings/app-settings'
import { CardCipherError, createCardCipher, loadOrCreateDataKey, type CardCipher } from './card-cipher'
import type { Keychain } from './keychain'

/** A cipher that refuses: saved cards cannot be kept where the keychain cannot hold their key. */
function refusingCipher(message: string): CardCipher {
  const refuse = (): never => {
    throw new CardCipherError(message)
  }
  return { encrypt: refuse, decrypt: refuse, fingerprint: refuse }
}

export type SecretName = 'secretKey' | 'apiKey'

const account = (environment: GatewayEnvironment, secret: SecretName): string => `${environment}/${secret}`

/** Team mode's secrets: the team database's password and the team data key (team/team-key.ts). */
export type TeamSecretName = 'password' | 'key'

export class CredentialVault {
  constructor(private readonly keychain: Keychain) {}

  get status(): { available: boolean; message: string | null } {
    return this.keychain.available ? { available: true, message: null } : { available: false, message: this.keychain.message }
  }

  private store() {
    if (!this.keychain.available) throw new AppError('KEYCHAIN_UNAVAILABLE', this.keychain.say)
    return this.keychain.store
  }

  async state(environment: GatewayEnvironment, profile: CredentialProfile): Promise<CredentialState> {
    if (!this.keychain.available) return { ...profile, secretKeySet: false, apiKeySet: false }
    const [secretKey, apiKey] = await Promise.all([this.keychain.store.get(account(environment, 'secretKey')), this.keychain.store.get(account(environment, 'apiKey'))])
    return { ...profile, secretKeySet: secretKey !== null, apiKeySet: apiKey !== null }
  }

  async setSecret(environment: GatewayEnvironment, secret: SecretName, value: string): Promise<void> {
    await this.store().set(account(environment, secret), value)
  }

  async removeSecret(environment: GatewayEnvironment, secret: SecretName): Promise<void> {
    await this.store().delete(account(environment, secret))
  }

  async teamSecret(name: TeamSecretName): Promise<string | null> {
    return this.keychain.available ? this.keychain.store.get(`team/${name}`) : null
  }

  async setTeamSecret(name: TeamSecretName, value: string): Promise<void> {
    await this.store().set(`team/${name}`, value)
  }

  async removeTeamSecret(name: TeamSecretName): Promise<void> {
    if (this.keychain.available) await this.keychain.store.delete(`team/${name}`)
  }

  /**
   * The cipher of this environment's saved card tokens, under a data key kept in the keychain. In
   * Training without a keychain the key lives only as long as this run (training tokens are not real);
   * Sandbox and Production without a keychain cannot save cards at all.
   */
  async cardCipher(environment: Environment): Promise<CardCipher> {
    if (this.keychain.available) return createCardCipher(await loadOrCreateDataKey(this.keychain.store, environment))
    if (environment === 'training') return createCardCipher(randomBytes(32))
    return refusingCipher(this.keychain.message)
  }

  /**
   * A gateway client signed with this environment's credentials, or null with a sentence that says what is missing.
   * The caller closes the client.
   */
  async gatewayClient(
    environment: GatewayEnvironment,
    profile: CredentialProfile,
    options: Omit<GatewayClientOptions, 'credentials'>,
  ): Promise<{ client: GatewayClient; missing: null } | { client: null; missing: Said }> {
    if (!this.keychain.available) return { client: null, missing: say('said.credentials.keychainUnreadable') }
    const [secretKey, apiKey] = await Promise.all([this.keychain.store.get(account(environment, 'secretKey')), this.keychain.store.get(account(environment, 'apiKey'))])
    const missing = [profile.clientId === '' ? 'Client ID' : null, secretKey === null ? 'Secret Key' : null, apiKey === null ? 'API Key' : null].filter((name): name is string => name !== null)
    if (missing.length > 0 || secretKey === null || apiKey === null) return { client: null, missing: say('said.credentials.missing', { names: missing.join(', ') }) }
    const client = createGatewayClient({
      ...options,
      credentials: { clientId: profile.clientId, secretKey, apiKey },
      settings: { ...options.settings, apiKeyTrailingColon: profile.apiKeyTrailingColon },
    })
    return { client, missing: null }
  }
}
