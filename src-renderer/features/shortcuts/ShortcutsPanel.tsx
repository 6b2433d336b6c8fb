import { chordText, SHORTCUTS } from '../../../src-common/shortcuts'
import { Modal } from '../../ui/Modal'
import { IS_MAC } from './keys'

/** Help › Keyboard shortcuts: every shortcut and its keys, as this computer names them. */
export function ShortcutsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Keyboard shortcuts" onClose={onClose} testId="shortcuts-panel">
      <table className="shortcuts-table">
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action}>
              <th scope="row">{shortcut.label}</th>
              <td>
                {shortcut.chords.map((chord, index) => (
                  <span key={index}>
                    {index > 0 ? <span className="shortcuts-table__or"> or </span> : null}
                    <kbd>{chordText(chord, IS_MAC)}</kbd>
                    {chord.outsideText ? <span className="shortcuts-table__note"> (outside a text field)</span> : null}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  )
}
