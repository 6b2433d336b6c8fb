/**
 * Opens an address in the system browser: `xdg-open` (Linux and other Unixes), `open` (macOS),
 * `start` (Windows). Never fails the app: a missing opener, or one that finds no browser, is only
 * reported, since the address is printed anyway.
 */
import { spawn } from 'node:child_process'

export interface Opener {
  command: string
  args: string[]
}

/** The system's "open this address" command. */
export function browserOpener(platform: NodeJS.Platform, url: string): Opener {
  if (platform === 'darwin') return { command: 'open', args: [url] }
  // `start` is a cmd built-in; its first quoted argument is a window title, hence the "".
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url] }
  return { command: 'xdg-open', args: [url] }
}

/** Opens the address in the system browser; never fails the app: a missing opener is only reported. */
export function openInBrowser(url: string): void {
  const { command, args } = browserOpener(process.platform, url)
  const cannot = (why: string): void => {
    console.log(`Could not open a browser here (${why}): open the address above yourself.`)
  }
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true, windowsVerbatimArguments: process.platform === 'win32' })
    child.once('error', (error: NodeJS.ErrnoException) => cannot(error.code === 'ENOENT' ? `no ${command}` : error.message))
    child.once('exit', (code) => {
      if (code !== 0 && code !== null) cannot(`${command} exited with ${code}`)
    })
    child.unref()
  } catch (error) {
    cannot(error instanceof Error ? error.message : String(error))
  }
}
