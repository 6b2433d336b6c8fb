import './ReceiptDialog.css'
import { useState } from 'react'
import type { CallError, Receipt } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'
import { Modal } from '../../ui/Modal'
import { ReceiptView } from './ReceiptView'

/** "View receipt" for a paid phone order: main builds the receipt, a dialog shows it with Print and Copy. */
export function ReceiptButton({ orderId, invoiceNumber }: { orderId: number; invoiceNumber: string }) {
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
        View receipt
      </button>
      <Modal open={open} title={`Receipt for ${invoiceNumber}`} onClose={() => setOpen(false)} size="wide" className="receipt-dialog">
        {receipt ? <ReceiptView receipt={receipt} /> : loading ? <p className="muted">Loading the receipt…</p> : null}
        {error ? (
          <div className="alert alert--error" role="alert">
            The receipt could not be loaded: {error.message}{' '}
            <button type="button" className="link-button" onClick={() => void load()}>
              Retry
            </button>
          </div>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => setOpen(false)} autoFocus>
            Close
          </button>
        </div>
      </Modal>
    </>
  )
}
