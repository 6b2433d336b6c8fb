/**
 * npm run harness [-- --port N --data-dir DIR]: the app in your own browser, backed by the real back end.
 */
import { parseArgs } from 'node:util'
import { startHarness } from './server'

const { values } = parseArgs({
  options: { port: { type: 'string' }, 'data-dir': { type: 'string' } },
})
const port = values.port === undefined ? 0 : Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not ${values.port ?? ''}`)
  process.exit(2)
}

async function main(): Promise<void> {
  const harness = await startHarness({ port, ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}) })
  console.log(`Harness ready. Data folder: ${harness.dataDir}`)
  console.log(`Open: ${harness.entryUrl}`)
  const stop = (): void => {
    void harness.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
