/**
 * The OS keychain through keytar (Keychain on macOS, Credential Manager on Windows, the Secret Service
 * on Linux). There is no plaintext fallback: when the keychain cannot be reached the app says so and
 * how to fix it, and works on in Training, which needs no stored secret.
 */
import keytar from 'keytar'

export interface SecretStore {
  get(account: string): Promise<string | null>
  set(account: string, value: string): Promise<void>
  delete(account: string): Promise<void>
}

export type Keychain = { available: true; store: SecretStore } | { available: false; message: string }

/** How long the first touch of the keychain may take before it counts as unavailable. */
const PROBE_TIMEOUT_MS = 8_000

export function unavailableMessage(reason: string): string {
  return (
    `The operating system's keychain cannot be reached (${reason}). Sandbox and Production credentials are kept only there, ` +
    'so they cannot be set or used until it can. On Linux, install and unlock a Secret Service such as GNOME Keyring ' +
    '(Debian/Ubuntu: apt install gnome-keyring) or KWallet, log in again, and restart the app. Training keeps working.'
  )
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${String(ms / 1000)} s`)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

/** Opens the keychain under `service`, probing it once so that a missing Secret Service shows at start. */
export async function openKeychain(service: string): Promise<Keychain> {
  try {
    await withTimeout(keytar.findCredentials(service), PROBE_TIMEOUT_MS)
  } catch (error) {
    return { available: false, message: unavailableMessage(error instanceof Error ? error.message : String(error)) }
  }
  return {
    available: true,
    store: {
      get: (account) => keytar.getPassword(service, account),
      set: (account, value) => keytar.setPassword(service, account, value),
      delete: async (account) => {
        await keytar.deletePassword(service, account)
      },
    },
  }
}
