import { Fragment, useEffect, useState } from 'react'
import icon from '../../../resources/icons/256x256.png'
import { useShellStore } from '../../app/shell-store'
import { CopyField } from '../../ui/CopyField'
import { Modal } from '../../ui/Modal'
import { useFormats, useT } from '../../i18n/i18n'

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
  const t = useT()
  const formats = useFormats()
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
  // Product names, the same in every language.
  const parts: readonly (readonly [string, string])[] = [
    ['Electron', info?.electronVersion ?? t('shortcuts.about.electronNone')],
    ['Chromium', info?.chromeVersion ?? t('shortcuts.about.chromiumBrowser')],
    ['Node.js', info?.nodeVersion ?? '…'],
    ['SQLite', info?.sqliteVersion ?? '…'],
  ]
  return (
    <Modal open={open} title={t('shortcuts.about.title', { name: info?.name ?? t('shell.appName') })} onClose={onClose} size="wide" testId="about-panel">
      <div className="about">
        <img className="about__icon" src={icon} alt="" width={64} height={64} />
        <dl className="about__versions">
          <dt>{t('shortcuts.about.version')}</dt>
          <dd data-testid="about-version">{info?.version ?? '…'}</dd>
          {parts.map(([name, version]) => (
            <Fragment key={name}>
              <dt>{name}</dt>
              <dd>{version}</dd>
            </Fragment>
          ))}
        </dl>
      </div>
      {info ? (
        <div className="about__folders">
          <CopyField label={t('shortcuts.about.dataFolder')} value={info.dataDir} />
          <CopyField label={t('shortcuts.about.logFolder')} value={info.logDir} />
          <p className="field__hint">{desktop ? t('shortcuts.about.openDesktop') : t('shortcuts.about.openBrowser')}</p>
        </div>
      ) : null}
      <details className="about__licences" data-testid="about-licences">
        <summary>
          {notices.state === 'ready' ? t('shortcuts.about.licencesCount', { count: notices.notices.length, n: formats.number(notices.notices.length) }) : t('shortcuts.about.licences')}
        </summary>
        {notices.state === 'loading' ? <p>{t('shortcuts.about.loading')}</p> : null}
        {notices.state === 'missing' ? <p>{t('shortcuts.about.missing')}</p> : null}
        {notices.state === 'ready' ? (
          <ul className="about__notices">
            {notices.notices.map((notice) => (
              <li key={`${notice.name}@${notice.version}`}>
                <details>
                  <summary>
                    {notice.name} {notice.version} <span className="about__licence">{notice.license}</span>
                  </summary>
                  <pre>{notice.text || t('shortcuts.about.noLicenceFile')}</pre>
                </details>
              </li>
            ))}
          </ul>
        ) : null}
      </details>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('shortcuts.about.close')}
        </button>
      </div>
    </Modal>
  )
}
