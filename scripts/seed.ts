/**
 * Fills the Training environment's local history with made-up orders, for demos and benchmarks.
 *
 *   tsx scripts/seed.ts --orders 100000 [--data-dir DIR] [--seed 1]
 *
 * The data dir defaults to the app's own (Electron's userData for "Merchant Back Office"), so the
 * orders show up the next time the app starts in Training. Only Training: a Sandbox or Production
 * history holds real records and is never touched, whatever the arguments say.
 */
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { openHistoryDatabase } from '../src-main/store/history-file'
import { optimizeSearchIndex, seedOrders } from '../src-main/store/seed'

const PRODUCT_NAME = 'Merchant Back Office'

/** Where Electron's app.getPath('userData') points for this product on each platform. */
function defaultDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', PRODUCT_NAME)
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), PRODUCT_NAME)
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), PRODUCT_NAME)
}

function usage(message: string): never {
  console.error(`${message}\nUsage: tsx scripts/seed.ts --orders N [--data-dir DIR] [--seed S]`)
  process.exit(2)
}

async function main(): Promise<void> {
  let values
  try {
    ;({ values } = parseArgs({
      options: {
        orders: { type: 'string' },
        'data-dir': { type: 'string' },
        seed: { type: 'string' },
        environment: { type: 'string' },
      },
      strict: true,
    }))
  } catch (error) {
    usage(error instanceof Error ? error.message : String(error))
  }
  const environment = values.environment ?? 'training'
  if (environment !== 'training') usage(`Refusing to seed "${environment}": made-up orders go into Training only, never Sandbox or Production.`)
  const count = Number(values.orders)
  if (!Number.isInteger(count) || count < 1 || count > 10_000_000) usage('--orders must be a whole number from 1 to 10,000,000.')
  const seed = values.seed === undefined ? 1 : Number(values.seed)
  if (!Number.isInteger(seed)) usage('--seed must be a whole number.')
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir())
  const { db, file, backup } = await openHistoryDatabase(dataDir, 'training')
  try {
    if (backup) console.log(`migrated the existing history (backup: ${backup})`)
    console.log(`seeding ${String(count)} orders into ${file} (seed ${String(seed)})`)
    const started = performance.now()
    let shown = 0
    const result = seedOrders(db, {
      count,
      seed,
      onProgress: (done, total) => {
        if (done - shown >= total / 10 || done === total) {
          shown = done
          console.log(`  ${String(done)} / ${String(total)}  ${((performance.now() - started) / 1000).toFixed(1)} s`)
        }
      },
    })
    optimizeSearchIndex(db)
    db.exec('analyze')
    console.log(
      `done: ${String(result.orders)} orders (ids ${String(result.firstId)}–${String(result.lastId)}), ${String(result.customers)} customers, ${String(result.events)} events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
  } finally {
    db.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
