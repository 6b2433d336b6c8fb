/**
 * One desk of a team, in its own process (as in a shop: one app per computer), for team-mode tests:
 * its back end's main thread blocks on its own PostgreSQL calls only, so two desks race for real.
 * Driven by the parent over IPC: calls through the bridge, clock moves, and every event it emits.
 * Run by desks.ts with: node --import tsx desk-process.ts (settings in DESK_PROCESS, JSON).
 */
import { createBackend } from '../../../src-main/backend'
import type { Result } from '../../../src-preload/contract'
import { prepareOperators, signInAs, TEST_PIN_COST } from '../../harness/operators'

export interface DeskProcessConfig {
  dataDir: string
  keychainService: string
  deskName: string
  gatewayUrl: string
  /** This desk's clock ahead of the shop's (the test's) by this much: a computer whose clock is off. */
  offsetMs: number
  /** False: the desk's clock stays the time in the team (tests that move the clock by hand; team-clock.ts). */
  teamTimeFromDatabase: boolean
  statusTracker: boolean
  leaderIntervalMs: number
  trackerPollMs: number
}

export type ToDesk = { type: 'call'; id: number; name: string; input: unknown } | { type: 'advance'; ms: number } | { type: 'signIn'; id: number } | { type: 'close'; id: number }
export type FromDesk = { type: 'ready' } | { type: 'result'; id: number; result: Result<unknown> } | { type: 'event'; name: string; payload: unknown; at: number } | { type: 'failed'; message: string }

function send(message: FromDesk): void {
  process.send?.(message)
}

async function main(): Promise<void> {
  const config = JSON.parse(process.env['DESK_PROCESS'] ?? '{}') as DeskProcessConfig
  let offsetMs = config.offsetMs
  const backend = await createBackend({
    appName: 'Merchant Back Office',
    appVersion: '0.0.0-test',
    runtime: 'test',
    dataDir: config.dataDir,
    keychainService: config.keychainService,
    gatewayUrls: { sandbox: config.gatewayUrl },
    now: () => new Date(Date.now() + offsetMs),
    teamTimeFromDatabase: config.teamTimeFromDatabase,
    statusTracker: config.statusTracker,
    trackerPollMs: config.trackerPollMs,
    leaderIntervalMs: config.leaderIntervalMs,
    deskName: config.deskName,
    pinCost: TEST_PIN_COST,
    // Training's listener (on by default) on a port of its own, not Settings' 9900: desks side by side.
    trainingListenerPort: 0,
  })
  backend.events.subscribe((name, payload) => send({ type: 'event', name, payload, at: Date.now() }))
  await prepareOperators(backend.dispatch, 'admin', { staff: false })
  process.on('message', (message: ToDesk) => {
    if (message.type === 'advance') {
      offsetMs += message.ms
      return
    }
    if (message.type === 'signIn') {
      void signInAs(backend.dispatch, 'admin').then(() => send({ type: 'result', id: message.id, result: { ok: true, value: null } }))
      return
    }
    if (message.type === 'close') {
      void backend.close().then(() => {
        send({ type: 'result', id: message.id, result: { ok: true, value: null } })
        process.exit(0)
      })
      return
    }
    void backend.dispatch(message.name, message.input).then((result) => send({ type: 'result', id: message.id, result }))
  })
  send({ type: 'ready' })
}

main().catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  process.exit(1)
})
