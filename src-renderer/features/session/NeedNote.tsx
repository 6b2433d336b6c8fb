import './NeedNote.css'
import type { Need } from './roles'
import { needNote } from './roles'
import { useSessionStore } from './session-store'

/** "Needs a Supervisor…" beside an action the signed-in operator may not do alone; nothing when they may. */
export function NeedNote({ need, id }: { need: Need; id?: string }) {
  const role = useSessionStore((state) => state.view?.operator?.role ?? null)
  const note = needNote(role, need)
  return note ? (
    <p className="small need-note" id={id} data-testid="need-note">
      {note}
    </p>
  ) : null
}
