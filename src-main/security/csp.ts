/**
 * The renderer's Content-Security-Policy, one source for every place that applies it: the meta tag
 * the build writes into index.html, the header of the app:// protocol and the harness's header.
 * No eval, no inline script, nothing remote: the renderer talks to the world only through `window.api`.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-src 'none'",
].join('; ')

/**
 * The dev server (electron-vite dev) needs inline scripts for React's hot reload and a websocket.
 * Used only when serving, never in a build.
 */
export const DEV_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self' ws://localhost:*",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-src 'none'",
].join('; ')
