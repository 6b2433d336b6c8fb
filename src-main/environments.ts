/**
 * The three environments. Each keeps its own credentials, settings and local history, so training
 * data never mixes with real orders.
 */
import type { Environment } from '../src-preload/contract'

export interface EnvironmentInfo {
  id: Environment
  label: string
  /** Where its gateway lives; Training's is the in-process training gateway's, known once it runs. */
  baseUrl: string | null
  realMoney: boolean
}

export const ENVIRONMENTS: Readonly<Record<Environment, EnvironmentInfo>> = {
  training: { id: 'training', label: 'Training', baseUrl: null, realMoney: false },
  sandbox: { id: 'sandbox', label: 'Sandbox', baseUrl: 'https://api-sandbox.doku.com', realMoney: false },
  production: { id: 'production', label: 'Production', baseUrl: 'https://api.doku.com', realMoney: true },
}
