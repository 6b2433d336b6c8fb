/**
 * A test back end in Sandbox (or Production) against a simulator started here with known credentials: what a restart
 * of the app must find again (the gateway outlives the app, unlike the in-process training gateway),
 * and what a test that signs its own requests needs. The app and the gateway share one movable clock.
 */
import { startSimulator, type Simulator } from '../../src-main/simulator'
import { startTestBackend, type TestBackend, type TestBackendOptions } from './backend-fixture'

export const SANDBOX = { clientId: 'BRN-SANDBOX-7781', secretKey: 'SK-sandbox-9f8e7d6c5b4a3210', apiKey: 'doku_key_sandbox_5566778899' }

export interface SandboxTestBackend extends TestBackend {
  sim: Simulator
  advance(ms: number): void
  now(): Date
  /** Calls the simulator's control API (/__sim/…). */
  control(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>
}

export async function startSandboxBackend(config: TestBackendOptions = {}, environment: 'sandbox' | 'production' = 'sandbox'): Promise<SandboxTestBackend> {
  let offsetMs = 0
  const now = (): Date => new Date(Date.now() + offsetMs)
  const sim = await startSimulator({ port: 0, ...SANDBOX, now: () => now().getTime() })
  const app = await startTestBackend({ gatewayUrls: { [environment]: sim.baseUrl }, now, ...config })
  await app.call('credentials.update', { environment, ...SANDBOX })
  await app.call('environment.switch', { environment, confirmProduction: environment === 'production' })
  const close = app.close.bind(app)
  return Object.assign(app, {
    sim,
    now,
    advance(ms: number) {
      offsetMs += ms
    },
    async control(method: string, path: string, body?: unknown) {
      const response = await fetch(`${sim.baseUrl}/__sim${path}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const json = (await response.json()) as Record<string, unknown>
      if (!response.ok) throw new Error(`control ${path}: ${String(response.status)} ${JSON.stringify(json)}`)
      return json
    },
    async close() {
      await close()
      await sim.close()
    },
  })
}
