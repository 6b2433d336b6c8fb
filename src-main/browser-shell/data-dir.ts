/**
 * The per-user data folder, the same one the desktop app gets from Electron's
 * `app.getPath('userData')` (the platform's application-data folder + the product name), so that
 * browser mode and the desktop app share one history, one set of settings and one lock.
 */
import { posix, win32 } from 'node:path'

/** package.json's productName: Electron names the user-data folder after it. */
export const PRODUCT_NAME = 'Merchant Back Office'

export interface DataDirPlace {
  platform: NodeJS.Platform
  env: Record<string, string | undefined>
  home: string
}

/**
 * Linux (and other Unixes): `$XDG_CONFIG_HOME` or `~/.config`; macOS: `~/Library/Application Support`;
 * Windows: `%APPDATA%` (the roaming profile), each followed by the product name.
 */
export function defaultDataDir({ platform, env, home }: DataDirPlace): string {
  if (platform === 'win32') {
    const appData = env['APPDATA'] || win32.join(home, 'AppData', 'Roaming')
    return win32.join(appData, PRODUCT_NAME)
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', PRODUCT_NAME)
  // As Chromium reads it: any non-empty value, else ~/.config.
  const config = env['XDG_CONFIG_HOME'] || posix.join(home, '.config')
  return posix.join(config, PRODUCT_NAME)
}
