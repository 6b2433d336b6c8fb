import '../../ui/audit-table.css'
import './AuditScreen.css'
import { useEffect, useMemo, type SyntheticEvent } from 'react'
import { Trans } from 'react-i18next'
import { DateField } from '../../ui/DateField'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { openOrder } from '../customers/open-order'
import { useFormats, useT } from '../../i18n/i18n'
import { actionChoices, actionLabel, detailsText, EMPTY_AUDIT_DRAFT } from './audit-text'
import { useAuditStore } from './audit-store'
import { FIELD_LIMITS } from '../../../src-common/field-limits'
import { actorText } from '../../format/actor'
import '../../i18n/en-on-demand'

/** Every audited entry, newest first: who did what, to which order, when (Malaysia time), and the details. */
export function AuditScreen() {
  const t = useT()
  const formats = useFormats()
  const draft = useAuditStore((state) => state.draft)
  const rows = useAuditStore((state) => state.rows)
  const nextBeforeId = useAuditStore((state) => state.nextBeforeId)
  const loading = useAuditStore((state) => state.loading)
  const loaded = useAuditStore((state) => state.loaded)
  const error = useAuditStore((state) => state.error)
  const problem = useAuditStore((state) => state.problem)
  const exporting = useAuditStore((state) => state.exporting)
  const exported = useAuditStore((state) => state.exported)
  const exportError = useAuditStore((state) => state.exportError)
  const { edit, search, loadMore, exportCsv } = useAuditStore.getState()

  // Fresh each time the screen opens: entries are added all the time.
  useEffect(() => {
    void useAuditStore.getState().search()
  }, [])

  const actors = useMemo(() => [...new Set(rows.map((row) => row.actor))].sort(), [rows])
  // Worded at each render (a few dozen): the desk's language may have changed since.
  const actions = actionChoices(rows.map((row) => row.action))

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault()
    void search()
  }

  return (
    <div className="audit-screen">
      <ScreenHeader title={t('audit.title')}>{t('audit.lead')}</ScreenHeader>
      <form className="card audit-filters" aria-label={t('audit.filters.label')} onSubmit={submit}>
        <div className="audit-filters__row">
          <label className="audit-filter">
            <span>{t('audit.filters.operator')}</span>
            <input list="audit-actors" value={draft.actor} onChange={(e) => edit({ actor: e.target.value })} placeholder={t('audit.filters.any')} maxLength={FIELD_LIMITS.auditFilter} />
            <datalist id="audit-actors">
              {actors.map((actor) => (
                <option key={actor} value={actor} />
              ))}
            </datalist>
          </label>
          <label className="audit-filter">
            <span>{t('audit.filters.action')}</span>
            <select value={draft.action} onChange={(e) => edit({ action: e.target.value })}>
              <option value="">{t('audit.filters.any')}</option>
              {actions.map(({ action, label }) => (
                <option key={action} value={action}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="audit-filter">
            <span>{t('audit.filters.from')}</span>
            <DateField label={t('audit.filters.from')} value={draft.from} invalid={problem === 'ui.dateField.fromProblem'} onChange={(from) => edit({ from })} />
          </label>
          <label className="audit-filter">
            <span>{t('audit.filters.to')}</span>
            <DateField label={t('audit.filters.to')} value={draft.to} invalid={problem === 'ui.dateField.toProblem'} onChange={(to) => edit({ to })} />
          </label>
          <div className="audit-filters__actions">
            <button type="submit" className="button">
              {t('audit.filters.show')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                edit(EMPTY_AUDIT_DRAFT)
                void search(EMPTY_AUDIT_DRAFT)
              }}
            >
              {t('audit.filters.clear')}
            </button>
            <button type="button" className="button button--secondary" disabled={exporting || rows.length === 0} onClick={() => void exportCsv()}>
              {exporting ? t('audit.filters.exporting') : t('audit.filters.exportCsv')}
            </button>
          </div>
        </div>
        {problem ? (
          <p className="field__error" role="alert">
            {t(problem)}
          </p>
        ) : null}
        {exported ? (
          <p className="saved small" role="status" data-testid="audit-export-result">
            {exported.file ? (
              <Trans i18nKey="audit.export.written" count={exported.rows} values={{ n: formats.number(exported.rows), file: exported.file }} components={{ code: <code /> }} />
            ) : (
              t('audit.export.cancelled')
            )}
          </p>
        ) : null}
        {exportError ? (
          <div className="alert alert--error" role="alert">
            {exportError.message}
          </div>
        ) : null}
      </form>
      {error ? (
        <div className="alert alert--error" role="alert">
          {error.message}
        </div>
      ) : null}
      <div className="card audit-table-card">
        <table className="audit-table" aria-label={t('audit.table.label')}>
          <thead>
            <tr>
              <th scope="col">{t('audit.table.time')}</th>
              <th scope="col">{t('audit.table.who')}</th>
              <th scope="col">{t('audit.table.what')}</th>
              <th scope="col">{t('audit.table.order')}</th>
              <th scope="col">{t('audit.table.details')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="audit-row">
                <td className="audit-table__time">{formats.fullTime(row.at)}</td>
                <td className="audit-table__who">{actorText(row.actor)}</td>
                <td>
                  <span title={row.action}>{actionLabel(row.action)}</span>
                </td>
                <td>
                  {row.orderId !== null ? (
                    <button type="button" className="link-button mono" onClick={() => openOrder(row.orderId ?? 0)}>
                      {row.invoiceNumber ?? `#${String(row.orderId)}`}
                    </button>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <td className="audit-table__details">{detailsText(row.details)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {loaded && rows.length === 0 && !error ? <p className="muted audit-table__empty">{t('audit.table.empty')}</p> : null}
        <div className="audit-table__more">
          {nextBeforeId !== null ? (
            <button type="button" className="button button--secondary" disabled={loading} onClick={() => void loadMore()}>
              {loading ? t('audit.table.loading') : t('audit.table.loadMore')}
            </button>
          ) : loaded && rows.length > 0 ? (
            <span className="muted small">{t('audit.table.every', { count: rows.length, n: formats.number(rows.length) })}</span>
          ) : null}
          {loading && !loaded ? <span className="muted small">{t('audit.table.loading')}</span> : null}
        </div>
      </div>
    </div>
  )
}
