/**
 * Training mode: the training gateway started in this process on a random loopback port, with
 * credentials made up for this run. Nothing here is a merchant secret.
 */
import { randomBytes } from 'node:crypto'
import { createGatewayClient, type GatewayClient, type GatewayClientOptions } from './gateway/client'
import { startSimulator, type Simulator } from './simulator'

export interface TrainingGateway {
  readonly baseUrl: string
  readonly simulator: Simulator
  client(options: Omit<GatewayClientOptions, 'credentials' | 'baseUrl'>): GatewayClient
  close(): Promise<void>
}

/** `now` is the app's clock: the training gateway keeps the same time, so a test that moves one moves both. */
export async function startTrainingGateway(options: { now?: () => Date } = {}): Promise<TrainingGateway> {
  const credentials = {
    clientId: 'TRAINING-0001',
    secretKey: `SK-training-${randomBytes(16).toString('hex')}`,
    apiKey: `training_key_${randomBytes(12).toString('hex')}`,
  }
  const now = options.now
  const simulator = await startSimulator({ port: 0, host: '127.0.0.1', ...credentials, ...(now ? { now: () => now().getTime() } : {}) })
  return {
    baseUrl: simulator.baseUrl,
    simulator,
    client: (options) => createGatewayClient({ ...options, baseUrl: simulator.baseUrl, credentials }),
    close: () => simulator.close(),
  }
}
