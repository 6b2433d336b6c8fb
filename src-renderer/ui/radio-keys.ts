/** The keys of WAI-ARIA's radio group pattern (radio-group.ts). Pure: no DOM. */

/** Which option an arrow key moves to from `index` of `count` (wrapping), or null for a key the group leaves alone. */
export function radioKeyTarget(key: string, index: number, count: number): number | null {
  if (count <= 0 || index < 0) return null
  if (key === 'ArrowRight' || key === 'ArrowDown') return (index + 1) % count
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (index - 1 + count) % count
  return null
}
