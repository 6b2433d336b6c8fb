import type { FuseV1Config } from '@electron/fuses'

export interface AfterPackContext {
  appOutDir: string
  electronPlatformName: string
  arch: number
  packager: { appInfo: { productFilename: string }; executableName: string }
}
export function fuseConfig(target: { platform: string; arch: number }): FuseV1Config
export function electronBinary(context: AfterPackContext): string
export default function afterPack(context: AfterPackContext): Promise<void>
