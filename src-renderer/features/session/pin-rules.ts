/** The PIN rule staff read before they type (main checks it too and has the last word). Pure. */
export const PIN_RULE = 'At least 6 digits, or at least 8 characters of any kind.'

export function pinProblem(pin: string): string | null {
  if (pin.length === 0) return 'Enter a PIN'
  if (/^\d+$/.test(pin)) return pin.length >= 6 ? null : 'Use at least 6 digits (or 8 characters of any kind)'
  return pin.length >= 8 ? null : 'Use at least 8 characters, or a PIN of at least 6 digits'
}

export function repeatProblem(pin: string, again: string): string | null {
  return pin === again ? null : 'The two PINs differ: type the same PIN twice'
}

/** Where main's error belongs on a form that has these fields; null for above the buttons. */
export function fieldOf<F extends string>(field: string | undefined, fields: readonly F[]): F | null {
  if (!field) return null
  const head = field.split('.')[0] ?? field
  return (fields as readonly string[]).includes(head) ? (head as F) : null
}
