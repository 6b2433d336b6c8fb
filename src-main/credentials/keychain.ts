/**
 * The OS keychain through keytar (Keychain on macOS, Credential Manager on Windows, the Secret Service
 * on Linux). There is no plaintext fallback: when the keychain cannot be reached the app says so and
 * how to fix it, and works on in Training, which needs no stored secret.
 */
import keytar from 'keytar'
import { say, type Said } from '../../src-common/said/say'
import { englishOf } from '../../src-common/said/english'

export interface SecretStore {
  get(account: string): Promise<string | null>
  set(account: string, value: string): Promise<void>
  delete(account: string): Promise<void>
}

export type Keychain = { available: true; store: SecretStore } | { available: false; message: string; say: Said }

/** How long the first touch of the keychain may take before it counts as unavailable. */
const PROBE_TIMEOUT_MS = 8_000

/** What staff read when the keychain cannot be reached; `reason` is the system's own text. */
function unavailable(reason: string): Said {
  return say('said.credentials.keychainUnavailable', { reason })
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
    const said = unavailable(error instanceof Error ? error.message : String(error))
    return { available: false, message: englishOf(said), say: said }
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
