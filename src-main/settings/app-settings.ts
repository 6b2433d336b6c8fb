/**
 * What belongs to the installation rather than to one environment: which environment is active, and
 * the non-secret half of each gateway environment's credentials (Client ID, the API key's Basic form).
 * A small JSON file, written atomically; an unreadable file gives the defaults (Training).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { Environment, Language, TeamConnection } from '../../src-preload/contract'

const CredentialProfile = z.object({
  clientId: z.string().default(''),
  apiKeyTrailingColon: z.boolean().default(false),
})
export type CredentialProfile = z.infer<typeof CredentialProfile>

/** Team mode: where the team's database is (its password and the team key are in the keychain). */
const TeamSettings = z.object({
  connection: TeamConnection,
  /** How this desk is named to the others (the leader's name shown in Settings). */
  deskName: z.string().min(1).max(60),
  /** This desk created the team: only its own history may be imported (the team's ids were kept free for it). */
  createdHere: z.boolean().default(false),
})
export type TeamSettings = z.infer<typeof TeamSettings>

const AppSettings = z.object({
  /** Null: this desk keeps its own history (SQLite), the embedded default. */
  team: TeamSettings.nullable().default(null),
  environment: Environment.default('training'),
  /** The desk's language; null until chosen (the screens follow the system's language until then). */
  language: Language.nullable().default(null),
  /**
   * The first-run welcome of this desk: 'pending' from the moment its first Admin is made here until it
   * is finished or skipped ('done'). Null on a desk set up before the welcome existed: it never shows there.
   */
  welcome: z.enum(['pending', 'done']).nullable().default(null),
  credentials: z
    .object({
      sandbox: CredentialProfile.default({ clientId: '', apiKeyTrailingColon: false }),
      production: CredentialProfile.default({ clientId: '', apiKeyTrailingColon: false }),
    })
    .default({ sandbox: { clientId: '', apiKeyTrailingColon: false }, production: { clientId: '', apiKeyTrailingColon: false } }),
})
export type AppSettings = z.infer<typeof AppSettings>

/** Where a data folder keeps them. */
export function appSettingsFile(dataDir: string): string {
  return join(dataDir, 'app-settings.json')
}

export function readAppSettings(file: string): AppSettings {
  let stored: unknown = {}
  try {
    stored = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    // Missing or unreadable: start from the defaults.
  }
  const parsed = AppSettings.safeParse(stored)
  return parsed.success ? parsed.data : AppSettings.parse({})
}

export function writeAppSettings(file: string, settings: AppSettings): void {
  const valid = AppSettings.parse(settings)
  writeFileSync(`${file}.tmp`, JSON.stringify(valid, null, 2), { mode: 0o600 })
  renameSync(`${file}.tmp`, file)
}
