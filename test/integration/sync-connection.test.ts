/**
 * The synchronous PostgreSQL session (src-main/store/postgres/sync-connection.ts) wakes when its worker
 * notifies. A wake-up that is not this call's answer (the previous call's notify, late because the
 * worker was descheduled between storing and notifying) once read as "the team database did not
 * answer": under load a team desk then saw its database as lost, and a write as not kept, in the
 * middle of a run. Here another thread sends such wake-ups on purpose, many times, during a call that
 * takes a while: the call still returns its own answer.
 */
import { Worker } from 'node:worker_threads'
import { afterEach, expect, it } from 'vitest'
import { SyncConnection } from '../../src-main/store/postgres/sync-connection'
import { postgresUrl, TEST_CALL_TIMEOUT_MS } from '../support/postgres'

let connection: SyncConnection | undefined
let waker: Worker | undefined

afterEach(async () => {
  connection?.close()
  await waker?.terminate()
})

it('waits through wake-ups that are not its answer, and returns its own answer', async () => {
  connection = new SyncConnection({ connection: { connectionString: postgresUrl() }, callTimeoutMs: TEST_CALL_TIMEOUT_MS })
  expect(connection.query('select 1 as one').rows).toEqual([{ one: 1 }])
  // The session's own signal: what its worker notifies on. Private, so reached by name.
  const { signal } = connection as unknown as { signal: Int32Array }
  waker = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads')
     parentPort.postMessage('started')
     for (;;) { Atomics.notify(workerData.signal, 0); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1) }`,
    { eval: true, workerData: { signal } },
  )
  await new Promise((resolve) => waker?.once('message', resolve))
  for (const n of [1, 2, 3]) {
    expect(connection.query('select pg_sleep(0.2), $1::int as n', [n]).rows).toEqual([{ pg_sleep: '', n }])
  }
  expect(connection.reachable).toBe(true)
})
