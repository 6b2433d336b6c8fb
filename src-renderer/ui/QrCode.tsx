import './QrCode.css'
import { useMemo } from 'react'
import { qrShape } from './qr-path'
import { useT } from '../i18n/i18n'

interface Props {
  value: string
  /** Width and height in CSS pixels. */
  size?: number
  label?: string
}

/** A scannable QR code of `value`, drawn as SVG. */
export function QrCode({ value, size = 184, label }: Props) {
  const t = useT()
  const shape = useMemo(() => qrShape(value), [value])
  if (!shape) return <p className="muted small">{t('ui.qr.tooLong')}</p>
  return (
    <svg className="qr-code" role="img" aria-label={label ?? t('ui.qr.label')} width={size} height={size} viewBox={`0 0 ${String(shape.size)} ${String(shape.size)}`} shapeRendering="crispEdges">
      <rect width={shape.size} height={shape.size} fill="#ffffff" />
      <path d={shape.path} fill="#000000" />
    </svg>
  )
}
