import { chordText, SHORTCUTS } from '../../../src-common/shortcuts'
import { Modal } from '../../ui/Modal'
import { IS_MAC } from './keys'
import { useT } from '../../i18n/i18n'

/** Help › Keyboard shortcuts: every shortcut and its keys, as this computer names them. */
export function ShortcutsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT()
  return (
    <Modal open={open} title={t('shortcuts.panel.title')} onClose={onClose} testId="shortcuts-panel">
      <table className="shortcuts-table">
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action}>
              <th scope="row">{t(`shortcuts.action.${shortcut.action}`)}</th>
              <td>
                {shortcut.chords.map((chord, index) => (
                  <span key={index}>
                    {index > 0 ? <span className="shortcuts-table__or"> {t('shortcuts.panel.or')} </span> : null}
                    <kbd>{chordText(chord, IS_MAC)}</kbd>
                    {chord.outsideText ? <span className="shortcuts-table__note"> {t('shortcuts.panel.outsideText')}</span> : null}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('shortcuts.panel.close')}
        </button>
      </div>
    </Modal>
  )
}
