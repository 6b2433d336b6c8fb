import { useEffect, useState } from 'react'
import icon from '../../../resources/icons/256x256.png'
import { useShellStore } from '../../app/shell-store'
import { CopyField } from '../../ui/CopyField'
import { Modal } from '../../ui/Modal'

interface LicenceNotice {
  name: string
  version: string
  license: string
  text: string
}

type Notices = { state: 'loading' } | { state: 'ready'; notices: LicenceNotice[] } | { state: 'missing' }

function isNotice(value: unknown): value is LicenceNotice {
  if (typeof value !== 'object' || value === null) return false
  const { name, version, license, text } = value as Record<string, unknown>
  return typeof name === 'string' && typeof version === 'string' && typeof license === 'string' && typeof text === 'string'
}

/** licences.json, written beside index.html by the build (scripts/licences.mjs). */
async function loadNotices(): Promise<Notices> {
  try {
    const response = await fetch('licences.json')
    if (!response.ok) return { state: 'missing' }
    const body: unknown = await response.json()
    return Array.isArray(body) ? { state: 'ready', notices: body.filter(isNotice) } : { state: 'missing' }
  } catch {
    return { state: 'missing' }
  }
}

/** Help › About: the versions, where the data and the logs are, and the licences of what the app ships. */
export function AboutPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const info = useShellStore((state) => state.info)
  const [notices, setNotices] = useState<Notices>({ state: 'loading' })

  useEffect(() => {
    if (!open) return
    let live = true
    void loadNotices().then((loaded) => {
      if (live) setNotices(loaded)
    })
    return () => {
      live = false
    }
  }, [open])

  const desktop = info?.runtime === 'electron'
  return (
    <Modal open={open} title={`About ${info?.name ?? 'Merchant Back Office'}`} onClose={onClose} size="wide" testId="about-panel">
      <div className="about">
        <img className="about__icon" src={icon} alt="" width={64} height={64} />
        <dl className="about__versions">
          <dt>Version</dt>
          <dd data-testid="about-version">{info?.version ?? '…'}</dd>
          <dt>Electron</dt>
          <dd>{info?.electronVersion ?? 'not used (browser mode)'}</dd>
          <dt>Chromium</dt>
          <dd>{info?.chromeVersion ?? 'your browser’s'}</dd>
          <dt>Node.js</dt>
          <dd>{info?.nodeVersion ?? '…'}</dd>
          <dt>SQLite</dt>
          <dd>{info?.sqliteVersion ?? '…'}</dd>
        </dl>
      </div>
      {info ? (
        <div className="about__folders">
          <CopyField label="Data folder (history, settings)" value={info.dataDir} />
          <CopyField label="Log folder" value={info.logDir} />
          <p className="field__hint">{desktop ? 'Help › Open the data folder (or the log folder) shows it in your file manager.' : 'Browser mode cannot open a folder: copy its path into your file manager.'}</p>
        </div>
      ) : null}
      <details className="about__licences" data-testid="about-licences">
        <summary>Licences of the software inside{notices.state === 'ready' ? ` (${notices.notices.length} packages)` : ''}</summary>
        {notices.state === 'loading' ? <p>Loading…</p> : null}
        {notices.state === 'missing' ? <p>The licence notices are written by the build (npm run build); this copy of the app has none.</p> : null}
        {notices.state === 'ready' ? (
          <ul className="about__notices">
            {notices.notices.map((notice) => (
              <li key={`${notice.name}@${notice.version}`}>
                <details>
                  <summary>
                    {notice.name} {notice.version} <span className="about__licence">{notice.license}</span>
                  </summary>
                  <pre>{notice.text || 'The package has no licence file.'}</pre>
                </details>
              </li>
            ))}
          </ul>
        ) : null}
      </details>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  )
}
