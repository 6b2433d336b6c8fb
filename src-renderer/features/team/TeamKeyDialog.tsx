import '../../ui/dialog.css'
import './TeamKeyDialog.css'
import { useEffect, useId, useRef } from 'react'
import { Trans } from 'react-i18next'
import { CopyButton } from '../../ui/CopyButton'
import { useT } from '../../i18n/i18n'
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
  const t = useT()
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
      <h2 id={`${id}-title`}>{t('team.key.title')}</h2>
      {newKey ? (
        <>
          <p>{t('team.key.made')}</p>
          <div className="team-key">
            <p className="team-key__value" data-testid="team-key">
              {shown}
            </p>
            <CopyButton text={() => shown} label={t('ui.copy.copy')} />
          </div>
          <div className="alert alert--warning" role="note" id={`${id}-warning`}>
            <Trans i18nKey="team.key.warning" components={{ b: <strong /> }} />
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={newKey.writtenDown} onChange={(event) => setWrittenDown(event.target.checked)} />
            {t('team.key.writtenDown')}
          </label>
          <div className="dialog__actions">
            <button type="button" className="button" disabled={!newKey.writtenDown} onClick={() => closeKey()}>
              {t('team.key.close')}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  )
}
