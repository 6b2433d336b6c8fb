import './shortcuts.css'
import { chordText, shortcutFor } from '../../../src-common/shortcuts'
import { AboutPanel, ShortcutsPanel } from './lazy-panels'
import { IS_MAC } from './keys'
import { useHelpStore } from './shortcuts-store'
import { useT } from '../../i18n/i18n'

/** The top bar's way to the help panels (the desktop app's Help menu opens the same ones). */
export function HelpButtons() {
  const t = useT()
  const panel = useHelpStore((state) => state.panel)
  const open = useHelpStore((state) => state.open)
  const close = useHelpStore((state) => state.close)
  const keys = shortcutFor('show-shortcuts')?.chords[0]
  return (
    <div className="help-buttons">
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => open('shortcuts')}
        aria-keyshortcuts={IS_MAC ? 'Meta+/' : 'Control+/'}
        title={keys ? chordText(keys, IS_MAC) : undefined}
      >
        {t('shortcuts.buttons.shortcuts')}
      </button>
      <button type="button" className="button button--secondary button--small" onClick={() => open('about')}>
        {t('shortcuts.buttons.about')}
      </button>
      <ShortcutsPanel open={panel === 'shortcuts'} onClose={close} />
      <AboutPanel open={panel === 'about'} onClose={close} />
    </div>
  )
}
