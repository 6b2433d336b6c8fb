/**
 * The welcome's fields and the settings they come from and go into. Pure; apart from welcome-form.ts
 * (which judges them) because the shell's welcome store needs only these, on the first screen.
 */
import type { EnvironmentSettings } from '../../../src-preload/contract'

export interface WelcomeDetails {
  shopName: string
  callbackUrl: string
  failedUrl: string
}

/** The fields as the settings hold them now. */
export function detailsOf(settings: EnvironmentSettings): WelcomeDetails {
  return { shopName: settings.shop.name, callbackUrl: settings.links.callbackUrl, failedUrl: settings.links.failedUrl }
}

/** The settings with the welcome's fields in them, everything else as it was. */
export function withDetails(settings: EnvironmentSettings, details: WelcomeDetails): EnvironmentSettings {
  return {
    ...settings,
    shop: { ...settings.shop, name: details.shopName.trim() },
    links: { ...settings.links, callbackUrl: details.callbackUrl.trim(), failedUrl: details.failedUrl.trim() },
  }
}
