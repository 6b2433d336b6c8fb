import { EmptyState } from '../../ui/EmptyState'
import { LinkIcon } from '../../ui/icons'
import { ScreenHeader } from '../../ui/ScreenHeader'

export function PaymentLinkScreen() {
  return (
    <>
      <ScreenHeader title="Payment link">Send a customer an address where they pay.</ScreenHeader>
      <EmptyState icon={<LinkIcon size={40} />} title="Payment links are not set up yet">
        <p>This screen will create, in one form:</p>
        <ul>
          <li>a hosted card payment page, or</li>
          <li>a payment on FPX online banking, an e-wallet (Touch &apos;n Go, GrabPay, ShopeePay) or buy-now-pay-later.</li>
        </ul>
        <p>The link's address will be ready to copy, to show as a QR code, or to send by e-mail or WhatsApp.</p>
      </EmptyState>
    </>
  )
}
