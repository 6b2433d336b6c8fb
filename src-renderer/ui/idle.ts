/**
 * Resolves when the page has nothing else to do, or after 2 s at most: for work ahead of need (a
 * screen's code, the formatters) that must not hold up what staff are doing. At once where there is
 * no page (unit tests under plain Node, which also lack the DOM's types).
 */
export function whenIdle(): Promise<void> {
  const request = (globalThis as { requestIdleCallback?: (run: () => void, options: { timeout: number }) => number }).requestIdleCallback
  if (!request) return Promise.resolve()
  return new Promise((resolve) => request.call(globalThis, () => resolve(), { timeout: 2_000 }))
}
