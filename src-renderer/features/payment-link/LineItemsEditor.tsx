import './LineItemsEditor.css'
import { useId } from 'react'
import { amountIssue, MAX_LINE_ITEMS } from '../../../src-common/link-rules'
import { parseRmText } from '../../../src-common/money-text'
import { formatRm } from '../../format/money'
import { itemsTotal, newItem, quantityOf, rmText, type ItemDraft } from './link-form'
import { useT } from '../../i18n/i18n'

interface Props {
  items: ItemDraft[]
  /** The link's amount as typed, for the running total. */
  amountText: string
  onChange: (items: ItemDraft[]) => void
  /** Puts the items' total into the amount field. */
  onUseTotal: (totalText: string) => void
  /** By path: `lineItems` for the list, `lineItems.0.name` for a cell. */
  errorFor: (path: string) => string | null
}

/** What the customer is buying, for buy-now-pay-later: name, quantity and price per row. */
export function LineItemsEditor({ items, amountText, onChange, onUseTotal, errorFor }: Props) {
  const t = useT()
  const id = useId()
  const { totalSen, complete } = itemsTotal(items)
  const amountSen = parseRmText(amountText)
  const listError = errorFor('lineItems')

  const update = (index: number, change: Partial<ItemDraft>): void => onChange(items.map((item, at) => (at === index ? { ...item, ...change } : item)))

  return (
    <fieldset className="line-items" tabIndex={-1} data-field="lineItems" data-invalid={listError ? 'true' : undefined} aria-describedby={listError ? `${id}-error` : undefined}>
      <legend>{t('paymentLink.items.legend')}</legend>
      <p className="field__hint">{t('paymentLink.items.hint')}</p>
      {items.length > 0 ? (
        <div className="line-items__grid" role="group" aria-label={t('paymentLink.items.legend')}>
          <div className="line-items__head" aria-hidden="true">
            <span>{t('paymentLink.items.item')}</span>
            <span>{t('paymentLink.items.quantity')}</span>
            <span>{t('paymentLink.items.priceEach')}</span>
            <span className="numeric">{t('paymentLink.items.subtotal')}</span>
            <span />
          </div>
          {items.map((item, index) => {
            const at = `lineItems.${String(index)}`
            const n = String(index + 1)
            const errors = { name: errorFor(`${at}.name`), quantity: errorFor(`${at}.quantity`), price: errorFor(`${at}.priceSen`) }
            const quantity = quantityOf(item.quantity)
            const price = parseRmText(item.price)
            const problems = [
              { part: 'name', label: t('paymentLink.items.item'), error: errors.name },
              { part: 'quantity', label: t('paymentLink.items.quantity'), error: errors.quantity },
              { part: 'price', label: t('paymentLink.items.price'), error: errors.price },
            ].filter((problem) => problem.error)
            const described = (part: string, error: string | null): string | undefined => (error ? `${id}-${n}-${part}` : undefined)
            return (
              <div className="line-items__row" key={item.key}>
                <input
                  className={errors.name ? 'is-invalid' : undefined}
                  aria-label={t('paymentLink.items.nameOf', { n })}
                  aria-invalid={Boolean(errors.name)}
                  aria-describedby={described('name', errors.name)}
                  data-field={`${at}.name`}
                  value={item.name}
                  onChange={(e) => update(index, { name: e.target.value })}
                  placeholder={t('paymentLink.items.namePlaceholder')}
                />
                <input
                  className={errors.quantity ? 'is-invalid' : undefined}
                  aria-label={t('paymentLink.items.quantityOf', { n })}
                  aria-invalid={Boolean(errors.quantity)}
                  aria-describedby={described('quantity', errors.quantity)}
                  data-field={`${at}.quantity`}
                  inputMode="numeric"
                  value={item.quantity}
                  onChange={(e) => update(index, { quantity: e.target.value })}
                />
                <input
                  className={errors.price ? 'is-invalid' : undefined}
                  aria-label={t('paymentLink.items.priceOf', { n })}
                  aria-invalid={Boolean(errors.price)}
                  aria-describedby={described('price', errors.price)}
                  data-field={`${at}.priceSen`}
                  inputMode="decimal"
                  value={item.price}
                  onChange={(e) => update(index, { price: e.target.value })}
                  placeholder="0.00"
                />
                <span className="line-items__subtotal numeric">{price !== null && Number.isInteger(quantity) ? formatRm(price * quantity) : '—'}</span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={t('paymentLink.items.removeOf', { n })}
                  onClick={() => onChange(items.filter((_item, at) => at !== index))}
                >
                  {t('paymentLink.items.remove')}
                </button>
                {problems.length > 0 ? (
                  <div className="line-items__errors" role="alert">
                    {problems.map((problem) => (
                      <div key={problem.part} id={`${id}-${n}-${problem.part}`} className="field__error">
                        {t('paymentLink.items.problem', { label: problem.label, error: problem.error ?? '' })}
                      </div>
                    ))}
                  </div>
                ) : null}
              </div>
            )
          })}
        </div>
      ) : null}
      <div className="line-items__foot">
        <button type="button" className="button button--secondary button--small" disabled={items.length >= MAX_LINE_ITEMS} onClick={() => onChange([...items, newItem()])}>
          {t('paymentLink.items.add')}
        </button>
        <span className="line-items__total" role="status">
          {t('paymentLink.items.total', { total: formatRm(totalSen), amount: amountSen === null ? 'RM —' : formatRm(amountSen) })}
          {complete && amountSen !== null && totalSen === amountSen ? <span className="saved">{t('paymentLink.items.addsUp')}</span> : null}
        </span>
        {/* Offered only as an amount a link may ask for: one the form would refuse is no help. */}
        {complete && amountIssue(totalSen) === null && totalSen !== amountSen ? (
          <button type="button" className="link-button" onClick={() => onUseTotal(rmText(totalSen))}>
            {t('paymentLink.items.useTotal', { total: formatRm(totalSen) })}
          </button>
        ) : null}
      </div>
      {listError ? (
        <div className="field__error" id={`${id}-error`} role="alert">
          {listError}
        </div>
      ) : null}
    </fieldset>
  )
}
