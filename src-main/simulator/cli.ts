/**
 * The training gateway on its own:
 *   npx tsx src-main/simulator/cli.ts --port 8800 --client-id BRN-0001-TEST --secret-key SK-test-0123456789 \
 *       --api-key doku_key_test --notify-url http://127.0.0.1:9900/notify
 * Prints its base URL on one line and runs until SIGINT or SIGTERM.
 */
import { parseArgs } from 'node:util'
import { DEFAULTS, startSimulator, type SimulatorOptions } from './server'

export const DEFAULT_CLI_PORT = 8800

const USAGE = `Usage: simulator [--port ${DEFAULT_CLI_PORT}] [--host ${DEFAULTS.host}] [--client-id ${DEFAULTS.clientId}]
                 [--secret-key ${DEFAULTS.secretKey}] [--api-key ${DEFAULTS.apiKey}] [--notify-url URL]
                 [--no-control-api] [--public-url URL] [--state-file FILE] [--merchant-name NAME]`

export function parseCliOptions(argv: readonly string[]): SimulatorOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string', default: String(DEFAULT_CLI_PORT) },
      host: { type: 'string', default: DEFAULTS.host },
      'client-id': { type: 'string', default: DEFAULTS.clientId },
      'secret-key': { type: 'string', default: DEFAULTS.secretKey },
      'api-key': { type: 'string', default: DEFAULTS.apiKey },
      'notify-url': { type: 'string' },
      'public-url': { type: 'string' },
      'state-file': { type: 'string' },
      'merchant-name': { type: 'string' },
      'no-control-api': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  })
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    process.exit(0)
  }
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port must be 0..65535, not ${values.port}`)
  if (values['notify-url'] !== undefined) new URL(values['notify-url'])
  return {
    port,
    host: values.host,
    clientId: values['client-id'],
    secretKey: values['secret-key'],
    apiKey: values['api-key'],
    notifyUrl: values['notify-url'] ?? null,
    ...(values['public-url'] !== undefined ? { publicUrl: values['public-url'] } : {}),
    ...(values['state-file'] !== undefined ? { stateFile: values['state-file'] } : {}),
    ...(values['merchant-name'] !== undefined ? { merchantName: values['merchant-name'] } : {}),
    ...(values['no-control-api'] ? { controlApi: false } : {}),
  }
}

function main(): void {
  let options: SimulatorOptions
  try {
    options = parseCliOptions(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`)
    process.exit(2)
  }
  startSimulator(options).then(
    (simulator) => {
      process.stdout.write(`${simulator.baseUrl}\n`)
      const stop = (): void => {
        simulator.close().then(
          () => process.exit(0),
          () => process.exit(1),
        )
      }
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    },
    (error: unknown) => {
      process.stderr.write(`simulator failed to start: ${error instanceof Error ? error.message : String(error)}\n`)
      process.exit(1)
    },
  )
}

if (require.main === module) main()
