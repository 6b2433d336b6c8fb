/**
 * A QR code as one SVG path: a unit square per dark module, offset by the quiet zone. Pure, so the
 * component renders plain React elements (no innerHTML, no data: address; the CSP stays strict).
 */
import qrcode from 'qrcode-generator'

export interface QrShape {
  /** Modules per side, quiet zone included: the SVG's viewBox size. */
  size: number
  /** The `d` of the path that draws every dark module. */
  path: string
}

/** Four modules of white around the code, as the standard asks. */
export const QUIET_ZONE = 4

/** The QR code of `text` (medium error correction), or null when it is too long for one. */
export function qrShape(text: string): QrShape | null {
  const qr = qrcode(0, 'M')
  try {
    qr.addData(text)
    qr.make()
  } catch {
    return null
  }
  const count = qr.getModuleCount()
  const parts: string[] = []
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (qr.isDark(row, col)) parts.push(`M${String(col + QUIET_ZONE)} ${String(row + QUIET_ZONE)}h1v1h-1z`)
    }
  }
  return { size: count + QUIET_ZONE * 2, path: parts.join('') }
}
