import type { Plugin } from 'vite'

export interface LicenceNotice {
  name: string
  version: string
  license: string
  text: string
}
export function collectLicences(root: string): LicenceNotice[]
export function licenceNotices(root: string): Plugin
export function asText(notices: LicenceNotice[]): string
