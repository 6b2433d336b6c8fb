import { useState } from 'react'
import { Trans } from 'react-i18next'
import type { TeamConnection } from '../../../src-preload/contract'
import { DialogFooter } from '../../ui/DialogFooter'
import { Modal } from '../../ui/Modal'
import { useT } from '../../i18n/i18n'
import { connectionText } from './team-text'

interface Props {
  open: boolean
  connection: TeamConnection
  busy: boolean
  onCancel: () => void
  onConfirm: (importHistory: boolean) => void
}

/** "Create team?": what it does, and whether this desk's history goes into the new team. */
export function CreateTeamDialog({ open, connection, busy, onCancel, onConfirm }: Props) {
  const t = useT()
  const [importHistory, setImportHistory] = useState(true)
  return (
    <Modal
      open={open}
      title={t('team.create.title')}
      onClose={() => {
        if (!busy) onCancel()
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault()
          onConfirm(importHistory)
        }}
      >
        <div className="dialog__body">
          <p>
            <Trans i18nKey="team.create.what" values={{ where: connectionText(connection) }} components={{ code: <code /> }} />
          </p>
          <label className="checkbox">
            <input type="checkbox" checked={importHistory} onChange={(event) => setImportHistory(event.target.checked)} disabled={busy} />
            {t('team.create.copy')}
          </label>
          <p className="muted small">{importHistory ? t('team.create.copyOn') : t('team.create.copyOff')}</p>
          <p>{t('team.create.keyNext')}</p>
        </div>
        <DialogFooter error={null} busy={busy} submitLabel={t('team.create.submit')} busyLabel={t('team.create.creating')} onCancel={onCancel} />
      </form>
    </Modal>
  )
}
