/**
 * Training mode: the training gateway started in this process on a random loopback port, with
 * credentials made up for this run. Nothing here is a merchant secret.
 *
 * Given the Training environment's data folder, the gateway keeps its books there
 * (`training-gateway.json`), so that what it answered before the app restarted — a charge whose
 * answer was lost just before, say — is still there to be found by a status check afterwards. The
 * books hold no secret: the credentials are made up again on every start.
 */
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { createGatewayClient, type GatewayClient, type GatewayClientOptions } from './gateway/client'
import type { Logger } from './log'
import { ensurePrivateDir } from './private-files'
import type { LinkDefaults } from '../src-preload/contract'
import { returnPageUrls, startSimulator, type Simulator } from './simulator'

export interface TrainingGateway {
  readonly baseUrl: string
  readonly simulator: Simulator
  client(options: Omit<GatewayClientOptions, 'credentials' | 'baseUrl'>): GatewayClient
  close(): Promise<void>
}

/** The training gateway's books, in the Training environment's data folder. */
export const TRAINING_BOOKS_FILE = 'training-gateway.json'

export interface TrainingGatewayOptions {
  /** The app's clock: the training gateway keeps the same time, so a test that moves one moves both. */
  now?: () => Date
  /**
   * The Training environment's data folder (`environmentDir(dataDir, 'training')`), where the gateway
   * keeps its books across restarts. Without it the books live in memory only.
   */
  stateDir?: string
  /** Where a problem with the books is reported (they never stop the gateway). */
  log?: Logger
  /** The shop's name (Training's settings), shown as the merchant on the training gateway's pages; asked for each page. */
  merchantName?: () => string
}

export async function startTrainingGateway(options: TrainingGatewayOptions = {}): Promise<TrainingGateway> {
  const credentials = {
    clientId: 'TRAINING-0001',
    secretKey: `SK-training-${randomBytes(16).toString('hex')}`,
    apiKey: `training_key_${randomBytes(12).toString('hex')}`,
  }
  const { now, stateDir, log, merchantName } = options
  if (stateDir !== undefined) ensurePrivateDir(stateDir)
  const simulator = await startSimulator({
    port: 0,
    host: '127.0.0.1',
    ...credentials,
    ...(now ? { now: () => now().getTime() } : {}),
    ...(stateDir !== undefined ? { stateFile: join(stateDir, TRAINING_BOOKS_FILE) } : {}),
    ...(log ? { onWarning: (message: string) => log.warn('training.books', { message }) } : {}),
    ...(merchantName ? { merchantName } : {}),
  })
  return {
    baseUrl: simulator.baseUrl,
    simulator,
    client: (options) => createGatewayClient({ ...options, baseUrl: simulator.baseUrl, credentials }),
    close: () => simulator.close(),
  }
}

/**
 * A link's defaults in Training: where Settings set no return address, the training gateway's own
 * return pages (src-main/simulator/hosted/return-pages.ts). They are filled in here, when a form is
 * prepared, and never saved: the training gateway's port changes with every start, so a saved address
 * would point nowhere after a restart. Staff see the address in the form and may type their own. The
 * form uses them for card links only (src-renderer/features/payment-link/link-form.ts, withKind): a
 * payment on another channel has one return address for every outcome, which this page cannot tell.
 */
export function withTrainingReturnPages(defaults: LinkDefaults, trainingBaseUrl: string): LinkDefaults {
  const pages = returnPageUrls(trainingBaseUrl)
  return {
    ...defaults,
    callbackUrl: defaults.callbackUrl || pages.paid,
    failedUrl: defaults.failedUrl || pages.failed,
    trainingReturnUrls: pages,
  }
}
