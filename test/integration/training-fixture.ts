/**
 * A test back end in Training whose clock the test moves (the training gateway reads the same clock),
 * with the training gateway's control API and the bridge's error answers at hand.
 */
import { startTestBackend, type TestBackend, type TestBackendOptions } from './backend-fixture'

export interface TrainingTestBackend extends TestBackend {
  /** Moves the app's clock, and with it the training gateway's. */
  advance(ms: number): void
  /** Calls the training gateway's control API (/__sim/…). */
  control(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>
}

/**
 * `stillClock`: the clock moves only when the test moves it, not with real time as well, so that what
 * the test does one after the other (a link made, then paid) happens at the same instant on it.
 */
export async function startTrainingBackend(config: TestBackendOptions = {}, { stillClock = false } = {}): Promise<TrainingTestBackend> {
  let offsetMs = 0
  const startedAt = Date.now()
  const app = await startTestBackend({ now: () => new Date((stillClock ? startedAt : Date.now()) + offsetMs), ...config })
  const gatewayUrl = (): string => {
    const training = app.backend.training()
    if (!training) throw new Error('the training gateway is not running')
    return training.baseUrl
  }
  return Object.assign(app, {
    advance(ms: number) {
      offsetMs += ms
    },
    async control(method: string, path: string, body?: unknown) {
      const response = await fetch(`${gatewayUrl()}/__sim${path}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const json = (await response.json()) as Record<string, unknown>
      if (!response.ok) throw new Error(`control ${path}: ${String(response.status)} ${JSON.stringify(json)}`)
      return json
    },
  })
}
