import './ReceiptDialog.css'
import { useState } from 'react'
import type { CallError, Receipt } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'
import { Modal } from '../../ui/Modal'
import { ReceiptView } from './ReceiptView'
import { useT } from '../../i18n/i18n'

/** "View receipt" for a paid phone order: main builds the receipt, a dialog shows it with Print and Copy. */
export function ReceiptButton({ orderId, invoiceNumber }: { orderId: number; invoiceNumber: string }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [receipt, setReceipt] = useState<Receipt | null>(null)
  const [error, setError] = useState<CallError | null>(null)
  const [loading, setLoading] = useState(false)

  const load = async (): Promise<void> => {
    const api = getApi()
    if (!api) return setError(NO_BRIDGE)
    setLoading(true)
    setError(null)
    const result = await api.phoneOrders.receipt({ orderId })
    setLoading(false)
    if (result.ok) setReceipt(result.value)
    else setError(result.error)
  }

  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setOpen(true)
          void load()
        }}
      >
        {t('phoneOrder.receipt.view')}
      </button>
      <Modal open={open} title={t('phoneOrder.receipt.titleFor', { invoice: invoiceNumber })} onClose={() => setOpen(false)} size="wide" className="receipt-dialog">
        {receipt ? <ReceiptView receipt={receipt} /> : loading ? <p className="muted">{t('phoneOrder.receipt.loading')}</p> : null}
        {error ? (
          <div className="alert alert--error" role="alert">
            {t('phoneOrder.receipt.failed', { message: error.message })}{' '}
            <button type="button" className="link-button" onClick={() => void load()}>
              {t('phoneOrder.receipt.retry')}
            </button>
          </div>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => setOpen(false)} autoFocus>
            {t('phoneOrder.receipt.close')}
          </button>
        </div>
      </Modal>
    </>
  )
}
