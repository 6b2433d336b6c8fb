/** The training gateway: a faithful, stateful simulator of the gateway interface. */
export { startSimulator, DEFAULTS, type Simulator, type SimulatorOptions } from './server'
export type { SimClock, NowFn } from './clock'
export type { FaultInput, FaultKind, OperationName } from './faults'
export { TEST_CARDS, TEST_CVV, TEST_OTP } from './cards'
export { returnPageUrls, RETURN_PAGE_PATHS } from './hosted/return-pages'
