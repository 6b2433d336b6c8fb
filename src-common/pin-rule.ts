/**
 * PINs too easy to guess, refused when a PIN is set (the first Admin, a new operator, a reset, a
 * change), by main and by the forms alike: one digit repeated (000000, 111111) or digits in a row up
 * or down (123456, 987654), the first a guesser tries. Checked on digits-only PINs; a longer PIN of
 * letters is the staff's own choice.
 */
export function easyPin(pin: string): boolean {
  if (!/^\d+$/.test(pin)) return false
  const digits = Array.from(pin, Number)
  const steps = new Set(digits.slice(1).map((digit, at) => digit - (digits[at] ?? digit)))
  return steps.size === 1 && [0, 1, -1].some((step) => steps.has(step))
}
