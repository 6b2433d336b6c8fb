import { useState } from 'react'
import type { TeamConnection } from '../../../src-preload/contract'
import { DialogFooter } from '../../ui/DialogFooter'
import { Modal } from '../../ui/Modal'
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
  const [importHistory, setImportHistory] = useState(true)
  return (
    <Modal
      open={open}
      title="Create the team here?"
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
            The app makes the team&apos;s tables in <code>{connectionText(connection)}</code>, and this desk&apos;s Sandbox and Production work from then on goes
            there. Training stays on this desk.
          </p>
          <label className="checkbox">
            <input type="checkbox" checked={importHistory} onChange={(event) => setImportHistory(event.target.checked)} disabled={busy} />
            Copy this desk&apos;s Sandbox and Production history into the team
          </label>
          <p className="muted small">
            {importHistory
              ? 'The copy runs in the background; its progress shows under Team database.'
              : "The team starts empty; this desk's past orders stay in its own history (seen again after leaving the team)."}
          </p>
          <p>Next you are shown the team key, once: have paper ready to write it down.</p>
        </div>
        <DialogFooter error={null} busy={busy} submitLabel="Create team" busyLabel="Creating…" onCancel={onCancel} />
      </form>
    </Modal>
  )
}
