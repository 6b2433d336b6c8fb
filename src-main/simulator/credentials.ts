/** The merchant credentials the simulator checks, and how far a request's clock may drift from its own. */
export interface Credentials {
  clientId: string
  secretKey: string
  apiKey: string
  /** Largest accepted gap between a request's timestamp and the simulator clock, either way. */
  timestampToleranceMs: number
}
