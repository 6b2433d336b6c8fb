/**
 * The main window reopens where staff left it: size, position and maximised state, kept in a small
 * JSON file in the data folder. A position that no longer lies on any display (a monitor was
 * unplugged) is dropped so the window never opens out of sight.
 */
import type { BrowserWindow, Rectangle } from 'electron'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { z } from 'zod'

const SavedWindowState = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(20000),
  height: z.number().int().min(300).max(20000),
  maximized: z.boolean(),
})
export type WindowState = z.infer<typeof SavedWindowState>

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820, maximized: false }
export const MIN_WINDOW_SIZE = { width: 960, height: 640 } as const

/** The saved state, fitted to today's displays; the default when there is none or it is unreadable. */
export function restoreWindowState(saved: unknown, workAreas: readonly Rectangle[]): WindowState {
  const parsed = SavedWindowState.safeParse(saved)
  if (!parsed.success) return DEFAULT_WINDOW_STATE
  const state = parsed.data
  if (state.x === undefined || state.y === undefined) return { width: state.width, height: state.height, maximized: state.maximized }
  const { x, y } = state
  // The title bar (top 40 px, left 100 px of it) must be on some display so it can be grabbed.
  const reachable = workAreas.some((area) => x + 100 > area.x && x < area.x + area.width && y >= area.y && y + 40 <= area.y + area.height)
  return reachable ? state : { width: state.width, height: state.height, maximized: state.maximized }
}

export function readWindowState(file: string, workAreas: readonly Rectangle[]): WindowState {
  let saved: unknown
  try {
    saved = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    saved = undefined
  }
  return restoreWindowState(saved, workAreas)
}

function writeWindowState(file: string, state: WindowState): void {
  // Write then rename, so a crash mid-write never leaves a half file.
  writeFileSync(`${file}.tmp`, JSON.stringify(state), { mode: 0o600 })
  renameSync(`${file}.tmp`, file)
}

/** Saves the window's state shortly after each move or resize, and at once when it closes. */
export function trackWindowState(window: BrowserWindow, file: string, delayMs = 500): void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const save = (): void => {
    clearTimeout(timer)
    timer = undefined
    if (window.isDestroyed()) return
    const maximized = window.isMaximized()
    // While maximised, keep the size it will return to, not the maximised size.
    const bounds = maximized ? window.getNormalBounds() : window.getBounds()
    try {
      writeWindowState(file, { ...bounds, maximized })
    } catch {
      // Losing the window's position is not worth bothering staff about.
    }
  }
  const saveSoon = (): void => {
    clearTimeout(timer)
    timer = setTimeout(save, delayMs)
  }
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) {
    window.on(event as 'resize', saveSoon)
  }
  window.on('close', save)
}
