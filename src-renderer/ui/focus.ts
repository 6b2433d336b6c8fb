/**
 * Putting the keyboard focus on the new content after an action, when that content appears only after
 * a render (or an answer from main): wait for it, then focus it. Plain DOM; the screens decide what.
 */

/** The first field of `root` a person would type in or choose with: an input, a select, a text area or a group's checked radio. */
export const FIRST_FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [role="radio"][tabindex="0"]'

/** Focuses `element`; a heading or another element that takes no focus by itself is made focusable by script (tabindex -1) first. */
export function focusElement(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
  element.focus()
}

/** The parts of a page whose heading says where the keyboard is. */
const PARTS = 'section, [role="region"], aside, form, dialog, main'

/**
 * Gives the focus back to `element` (what opened a dialog, say) or, when it cannot take it any more
 * (disabled or hidden meanwhile: "Refund…" once nothing is left to refund), to the heading of the
 * nearest part of the page around it, else to the main region: never to the page's body, from where
 * Tab starts again at the top of the page (found by QA).
 */
export function focusBack(element: HTMLElement): void {
  element.focus()
  if (document.activeElement === element) return
  for (let part = element.parentElement?.closest<HTMLElement>(PARTS) ?? null; part; part = part.parentElement?.closest<HTMLElement>(PARTS) ?? null) {
    const heading = [...part.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')].find((h) => h.closest(PARTS) === part && h.getClientRects().length > 0)
    if (heading) return focusElement(heading)
  }
  const main = document.querySelector<HTMLElement>('main')
  if (main) focusElement(main)
}

/**
 * Focuses the first element that matches `selector` as soon as there is one (now, or when the page
 * changes), for at most `timeoutMs`. Returns a function that stops waiting.
 */
export function focusWhenShown(selector: string, timeoutMs = 5_000): () => void {
  const attempt = (): boolean => {
    const element = document.querySelector<HTMLElement>(selector)
    if (!element) return false
    focusElement(element)
    return true
  }
  if (attempt()) return () => {}
  const observer = new MutationObserver(() => {
    if (attempt()) stop()
  })
  const timer = window.setTimeout(() => stop(), timeoutMs)
  function stop(): void {
    observer.disconnect()
    window.clearTimeout(timer)
  }
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'tabindex', 'hidden'] })
  return stop
}
