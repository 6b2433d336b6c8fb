import '../../ui/dialog.css'
import './TeamKeyDialog.css'
import { useEffect, useId, useRef } from 'react'
import { CopyButton } from '../../ui/CopyButton'
import { formatTeamKey } from './team-text'
import { useTeamStore } from './team-store'

/**
 * The new team's key, shown once after "Create team". It cannot be dismissed by accident: Close (and
 * Escape) work only once "I have written it down" is ticked.
 *
 * Its own <dialog> rather than the Modal: Chromium closes a modal dialog on a second Escape whatever
 * its cancel handler says (the close watcher's guard against trapping), so this one puts itself back
 * while the key is not written down.
 */
export function TeamKeyDialog() {
  const newKey = useTeamStore((state) => state.newKey)
  const setWrittenDown = useTeamStore((state) => state.setWrittenDown)
  const closeKey = useTeamStore((state) => state.closeKey)
  const dialog = useRef<HTMLDialogElement>(null)
  const id = useId()
  const open = newKey !== null

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])

  const shown = newKey ? formatTeamKey(newKey.key) : ''

  return (
    <dialog
      ref={dialog}
      className="dialog team-key-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-warning`}
      data-testid="team-key-dialog"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !useTeamStore.getState().newKey?.writtenDown) event.preventDefault()
      }}
      onCancel={(event) => {
        event.preventDefault()
        event.stopPropagation()
        closeKey()
      }}
      onClose={() => {
        const element = dialog.current
        if (element && !element.open && useTeamStore.getState().newKey) element.showModal()
      }}
    >
      <h2 id={`${id}-title`}>The team key</h2>
      {newKey ? (
        <>
          <p>The team is made, and this desk is in it. This is its key:</p>
          <div className="team-key">
            <p className="team-key__value" data-testid="team-key">
              {shown}
            </p>
            <CopyButton text={() => shown} label="Copy" />
          </div>
          <div className="alert alert--warning" role="note" id={`${id}-warning`}>
            <strong>Write this key down and keep it safe:</strong> every desk that joins needs it, and it is never shown again. Without it, saved cards cannot be
            charged from another desk.
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={newKey.writtenDown} onChange={(event) => setWrittenDown(event.target.checked)} />I have written it down
          </label>
          <div className="dialog__actions">
            <button type="button" className="button" disabled={!newKey.writtenDown} onClick={() => closeKey()}>
              Close
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  )
}
