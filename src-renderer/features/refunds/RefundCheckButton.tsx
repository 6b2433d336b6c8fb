import type { ReactNode } from 'react'
import type { CallError, OrderDetail, RefundView } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'
import { StatusCheck } from '../../ui/StatusCheckButton'
import { useT } from '../../i18n/i18n'

interface Props {
  refund: Pick<RefundView, 'id' | 'statusCheck'>
  /** The order as main describes it after the check (the refund in it settled or still waiting). */
  onChecked: (detail: OrderDetail) => void
  children?: ReactNode
}

/** "Check refund status" for a refund still waiting, counting down until the gateway allows it. */
export function RefundCheckButton({ refund, onChecked, children }: Props) {
  const t = useT()
  const check = async (): Promise<CallError | null> => {
    const api = getApi()
    if (!api) return NO_BRIDGE
    const result = await api.refunds.checkStatus({ refundId: refund.id })
    if (!result.ok) return result.error
    onChecked(result.value.detail)
    return null
  }
  return (
    <StatusCheck statusCheck={refund.statusCheck} check={check} label={t('refunds.check.label')} waitHint={t('refunds.check.waitHint')}>
      {children}
    </StatusCheck>
  )
}
