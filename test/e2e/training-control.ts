/** The back end's bridge and the training gateway's control API, for specs that set a scene without clicking. */
import { expect } from '@playwright/test'
import type { Harness } from '../harness/server'

type Dispatch = (name: string, input: unknown) => Promise<{ ok: boolean; value?: unknown; error?: unknown }>

export async function call<T>(harness: Harness, name: string, input?: unknown): Promise<T> {
  const result = await (harness.backend.dispatch as Dispatch)(name, input)
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.error)}`)
  return result.value as T
}

export function trainingUrl(harness: Harness): string {
  const training = harness.backend.training()
  if (!training) throw new Error('the training gateway is not running')
  return training.baseUrl
}

export async function control(harness: Harness, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${trainingUrl(harness)}/__sim${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  if (!response.ok) throw new Error(`${path}: ${String(response.status)} ${await response.text()}`)
  return response.json()
}

/**
 * Lets go the calls a `hold` fault keeps: waits until `count` have reached the training gateway
 * (one on its way may not be there yet), then releases them; fails if more were held.
 */
export async function releaseHeld(harness: Harness, count = 1): Promise<void> {
  await expect.poll(async () => ((await control(harness, '/faults')) as { held: number }).held).toBeGreaterThanOrEqual(count)
  expect(await control(harness, '/faults/release', {})).toEqual({ released: count })
}
