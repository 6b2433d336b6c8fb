import './shortcuts.css'
import { chordText, shortcutFor } from '../../../src-common/shortcuts'
import { AboutPanel } from './AboutPanel'
import { IS_MAC } from './keys'
import { ShortcutsPanel } from './ShortcutsPanel'
import { useHelpStore } from './shortcuts-store'

/** The top bar's way to the help panels (the desktop app's Help menu opens the same ones). */
export function HelpButtons() {
  const panel = useHelpStore((state) => state.panel)
  const open = useHelpStore((state) => state.open)
  const close = useHelpStore((state) => state.close)
  const keys = shortcutFor('show-shortcuts')?.chords[0]
  return (
    <div className="help-buttons">
      <button type="button" className="button button--secondary button--small" onClick={() => open('shortcuts')} aria-keyshortcuts={IS_MAC ? 'Meta+/' : 'Control+/'} title={keys ? chordText(keys, IS_MAC) : undefined}>
        Shortcuts
      </button>
      <button type="button" className="button button--secondary button--small" onClick={() => open('about')}>
        About
      </button>
      <ShortcutsPanel open={panel === 'shortcuts'} onClose={close} />
      <AboutPanel open={panel === 'about'} onClose={close} />
    </div>
  )
}
