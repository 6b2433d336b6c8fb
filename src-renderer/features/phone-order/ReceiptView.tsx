import './ReceiptView.css'
import { useState } from 'react'
import { createPortal, flushSync } from 'react-dom'
import type { Receipt } from '../../../src-preload/contract'
import { formatRm } from '../../../src-common/money-text'
import { CopyButton } from '../../ui/CopyButton'
import { receiptCopyText, receiptRows } from './receipt'

/** The receipt itself, drawn like a till slip. */
function Slip({ receipt }: { receipt: Receipt }) {
  return (
    <div className="receipt-paper">
      <div className="receipt" aria-label={`Receipt for ${receipt.invoiceNumber}`} role="document">
        <div className="receipt__merchant">{receipt.merchant.trim() || 'Merchant'}</div>
        <div className="receipt__title">Card payment receipt</div>
        <hr className="receipt__rule" />
        <dl className="receipt__rows">
          {receiptRows(receipt).map((row) => (
            <div key={row.label} className="receipt__row">
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
        <hr className="receipt__rule" />
        <div className="receipt__row receipt__total">
          <span>AMOUNT</span>
          <span>{formatRm(receipt.amountSen)}</span>
        </div>
        <hr className="receipt__rule" />
        <div className="receipt__foot">APPROVED</div>
        <div className="receipt__foot receipt__thanks">Thank you</div>
      </div>
    </div>
  )
}

/**
 * A phone order's receipt, with Print (only the receipt prints: a copy is put at the top of the page
 * for the print and the print stylesheet hides everything else) and Copy as text.
 */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const [printing, setPrinting] = useState(false)

  const print = (): void => {
    flushSync(() => setPrinting(true))
    const done = (): void => setPrinting(false)
    window.addEventListener('afterprint', done, { once: true })
    window.print()
  }

  return (
    <div className="receipt-view">
      <Slip receipt={receipt} />
      <div className="receipt-view__actions">
        <button type="button" className="button button--secondary" onClick={print}>
          Print
        </button>
        <CopyButton label="Copy as text" text={() => receiptCopyText(receipt)} />
      </div>
      {printing
        ? createPortal(
            <div className="print-only" data-testid="receipt-print">
              <Slip receipt={receipt} />
            </div>,
            document.body,
          )
        : null}
    </div>
  )
}
