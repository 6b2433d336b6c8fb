/**
 * The handlers of Settings → Gateway credentials (credentials.* calls): the back end composes them in.
 * Secrets go to the keychain and come back only as "set"; the non-secret half lives in the app
 * settings; every change is audited by name, never by value.
 */
import type { CredentialsView, GatewayEnvironment } from '../../src-preload/contract'
import type { Handlers } from '../bridge/dispatch'
import type { Logger } from '../log'
import type { AppSettings } from '../settings/app-settings'
import { credentialsAuditEntry } from '../settings/settings-diff'
import type { NewAuditEntry } from '../store/history-types'
import type { CredentialVault } from './vault'

type CredentialCall = 'credentials.get' | 'credentials.update' | 'credentials.removeSecret'

export interface CredentialCallsOptions {
  vault: CredentialVault
  appSettings: () => AppSettings
  saveAppSettings: (next: AppSettings) => void
  /** Refuses a Client-Id that is not the team's, for an environment whose history is a team's (team-account.ts). */
  checkAccount: (environment: GatewayEnvironment, clientId: string) => Promise<void>
  /** The gateway client is built from the credentials: it must be built again. */
  credentialsChanged: () => void
  audit: (entry: NewAuditEntry) => void
  actor: () => string
  now: () => Date
  log: Logger
}

export function credentialCalls(options: CredentialCallsOptions): Pick<Handlers, CredentialCall> {
  const { vault, log, now } = options
  async function view(): Promise<CredentialsView> {
    const { credentials } = options.appSettings()
    const [sandbox, production] = await Promise.all([vault.state('sandbox', credentials.sandbox), vault.state('production', credentials.production)])
    return { keychain: vault.status, sandbox, production }
  }

  return {
    'credentials.get': () => view(),

    'credentials.update': async ({ environment, clientId, apiKeyTrailingColon, secretKey, apiKey }) => {
      if (clientId !== undefined) await options.checkAccount(environment, clientId)
      if (secretKey !== undefined) await vault.setSecret(environment, 'secretKey', secretKey)
      if (apiKey !== undefined) await vault.setSecret(environment, 'apiKey', apiKey)
      options.credentialsChanged()
      const settings = options.appSettings()
      const profile = settings.credentials[environment]
      const nextProfile = { clientId: clientId ?? profile.clientId, apiKeyTrailingColon: apiKeyTrailingColon ?? profile.apiKeyTrailingColon }
      options.saveAppSettings({ ...settings, credentials: { ...settings.credentials, [environment]: nextProfile } })
      // Which secrets were set, never their values.
      const set = (['secretKey', 'apiKey'] as const).filter((name) => (name === 'secretKey' ? secretKey : apiKey) !== undefined)
      const audit = credentialsAuditEntry({ actor: options.actor(), at: now(), environment, before: profile, after: nextProfile, set })
      if (audit) options.audit(audit)
      log.info('credentials.updated', { environment, secretKey: secretKey !== undefined, apiKey: apiKey !== undefined })
      return view()
    },

    'credentials.removeSecret': async ({ environment, secret }) => {
      await vault.removeSecret(environment, secret)
      options.credentialsChanged()
      const profile = options.appSettings().credentials[environment]
      const audit = credentialsAuditEntry({ actor: options.actor(), at: now(), environment, before: profile, after: profile, removed: [secret] })
      if (audit) options.audit(audit)
      log.info('credentials.secret_removed', { environment, secret })
      return view()
    },
  }
}
