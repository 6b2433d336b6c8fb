import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_WINDOW_STATE, readWindowState, restoreWindowState, trackWindowState } from '../../../src-main/electron/window-state'
import { FakeBrowserWindow } from './fake-electron'

vi.mock('electron', () => import('./fake-electron'))

const ONE_SCREEN = [{ x: 0, y: 0, width: 1920, height: 1080 }]

describe('window state', () => {
  let dir: string
  let file: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mbo-window-'))
    file = join(dir, 'window-state.json')
  })
  afterEach(() => {
    vi.useRealTimers()
    rmSync(dir, { recursive: true, force: true })
  })

  it('starts with a sensible default when nothing or garbage was saved', () => {
    expect(readWindowState(file, ONE_SCREEN)).toEqual(DEFAULT_WINDOW_STATE)
    writeFileSync(file, '{"width": "wide"')
    expect(readWindowState(file, ONE_SCREEN)).toEqual(DEFAULT_WINDOW_STATE)
    expect(restoreWindowState({ width: 10, height: 10, maximized: false }, ONE_SCREEN)).toEqual(DEFAULT_WINDOW_STATE)
  })

  it('forgets a position that is on no display any more, but keeps the size', () => {
    const unplugged = { x: 2500, y: 100, width: 1200, height: 800, maximized: false }
    expect(restoreWindowState(unplugged, ONE_SCREEN)).toEqual({ width: 1200, height: 800, maximized: false })
    const secondScreen = [...ONE_SCREEN, { x: 1920, y: 0, width: 1920, height: 1080 }]
    expect(restoreWindowState(unplugged, secondScreen)).toEqual(unplugged)
  })

  it('saves size and place shortly after a move, and reopens there', () => {
    vi.useFakeTimers()
    const window = new FakeBrowserWindow({})
    trackWindowState(window as never, file, 500)
    window.bounds = { x: 100, y: 120, width: 1400, height: 900 }
    window.emit('move')
    window.emit('resize')
    vi.advanceTimersByTime(499)
    expect(() => readFileSync(file)).toThrow()
    vi.advanceTimersByTime(1)
    expect(readWindowState(file, ONE_SCREEN)).toEqual({ x: 100, y: 120, width: 1400, height: 900, maximized: false })
  })

  it('saves at once on close, keeping the un-maximised size of a maximised window', () => {
    const window = new FakeBrowserWindow({})
    trackWindowState(window as never, file)
    window.maximized = true
    window.bounds = { x: 0, y: 0, width: 1920, height: 1080 }
    window.normalBounds = { x: 200, y: 150, width: 1100, height: 750 }
    window.emit('close')
    expect(readWindowState(file, ONE_SCREEN)).toEqual({ x: 200, y: 150, width: 1100, height: 750, maximized: true })
  })
})
