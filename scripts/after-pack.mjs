/**
 * electron-builder's afterPack hook (electron-builder.yml): flips Electron's fuses in the packaged
 * binary before it is signed and wrapped into an installer. docs/packaging.md gives the reason for
 * each; test/unit/electron/packaging.test.ts checks what is passed to @electron/fuses here.
 */
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses'
import { join } from 'node:path'

/** electron-builder's Arch enum: 3 is arm64 (ia32 0, x64 1, armv7l 2, universal 4). */
const ARM64 = 3

/** The fuse settings of every packaged build. */
export function fuseConfig({ platform, arch }) {
  return {
    version: FuseVersion.V1,
    // An Apple Silicon binary must keep a valid (ad-hoc) signature after its bytes change.
    resetAdHocDarwinSignature: platform === 'darwin' && arch === ARM64,
    // ELECTRON_RUN_AS_NODE would turn the app into a plain Node.js that runs any script with our identity.
    [FuseV1Options.RunAsNode]: false,
    // NODE_OPTIONS (--require, --inspect …) would inject code into the main process from the environment.
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    // --inspect and friends would open a debugger on the main process, where the credentials are.
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    // app.asar's header hash is checked against the one written into the binary at packaging.
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    // Only app.asar is loaded: no app folder or default_app put beside it.
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    // Cookies and the like on disk are encrypted with a key held by the OS keychain.
    [FuseV1Options.EnableCookieEncryption]: true,
    // The app loads app:// only; file:// pages get no more than any other origin.
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  }
}

/** The file whose fuse wire is flipped: the .app bundle on macOS, the executable elsewhere. */
export function electronBinary(context) {
  const { appOutDir, electronPlatformName, packager } = context
  const productFilename = packager.appInfo.productFilename
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return join(appOutDir, `${productFilename}.app`)
  if (electronPlatformName === 'win32') return join(appOutDir, `${productFilename}.exe`)
  return join(appOutDir, packager.executableName)
}

export default async function afterPack(context) {
  const binary = electronBinary(context)
  await flipFuses(binary, fuseConfig({ platform: context.electronPlatformName, arch: context.arch }))
  console.log(`  • fuses flipped in ${binary}`)
}
