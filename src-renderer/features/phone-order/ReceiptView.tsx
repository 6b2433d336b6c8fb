import './ReceiptView.css'
import { useState } from 'react'
import { createPortal, flushSync } from 'react-dom'
import type { Receipt } from '../../../src-preload/contract'
import { CopyButton } from '../../ui/CopyButton'
import { plainReceipt, receiptMark, receiptRows } from './receipt'
import { useT } from '../../i18n/i18n'
import { customerWords } from '../../i18n/customer-words'

/** The receipt itself, drawn like a till slip, in the customer's language (its label is the desk's). */
function Slip({ receipt }: { receipt: Receipt }) {
  const desk = useT()
  const { t, formats, language } = customerWords(receipt.language)
  const mark = receiptMark(receipt)
  // Training's and Sandbox's mark, at the top and at the foot (as the text copy has it).
  const markLine = mark ? (
    <div className="receipt__mark" data-testid="receipt-mark">
      {mark}
    </div>
  ) : null
  return (
    <div className="receipt-paper">
      <div className="receipt" aria-label={desk('phoneOrder.receipt.titleFor', { invoice: receipt.invoiceNumber })} role="document" lang={language === 'ms' ? 'ms-MY' : 'en-MY'}>
        <div className="receipt__merchant">{receipt.merchant.trim() || t('phoneOrder.receipt.merchant')}</div>
        <div className="receipt__title">{t('phoneOrder.receipt.title')}</div>
        {markLine}
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
          <span>{t('phoneOrder.receipt.amount')}</span>
          <span>{formats.money(receipt.amountSen)}</span>
        </div>
        <hr className="receipt__rule" />
        <div className="receipt__foot">{t('phoneOrder.receipt.approved')}</div>
        <div className="receipt__foot receipt__thanks">{t('phoneOrder.receipt.thanks')}</div>
        {markLine}
      </div>
    </div>
  )
}

/**
 * A phone order's receipt, with Print (only the receipt prints: a copy is put at the top of the page
 * for the print and the print stylesheet hides everything else) and Copy as text.
 */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const t = useT()
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
          {t('phoneOrder.receipt.print')}
        </button>
        <CopyButton label={t('phoneOrder.receipt.copy')} text={() => plainReceipt(receipt)} />
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
