/**
 * A fresh database per test file (or test) in the run's throw-away PostgreSQL cluster, started by
 * postgres-global-setup.ts (or by npm test) and named by TEST_POSTGRES_URL.
 *
 *   const db = await freshDatabase('history')
 *   // … db.url
 *   await db.drop()
 *
 * And startCluster(), for TypeScript (the global setup, a bench run with tsx): a cluster of one's own.
 */
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import pg from 'pg'

/**
 * How long a test's own PostgreSQL session may block on one call. The app's sessions keep their 10 s
 * (sync-connection.ts); a test's is a bound on a hang, and on a slower 2-core machine with the run's
 * other files beside it, a fresh database's team migration once took longer than 10 s (2026-11-28).
 */
export const TEST_CALL_TIMEOUT_MS = 30_000

export interface StartClusterOptions {
  /** A few letters for the temp folder's name. */
  label?: string
  /** Keep fsync, synchronous_commit and full_page_writes on (a benchmark of commits); off by default. */
  durable?: boolean
  /** Extra server settings, e.g. { shared_buffers: '256MB' }. */
  settings?: Record<string, string | number>
}

export interface Cluster {
  /** postgres://app@127.0.0.1:<port>/postgres (user app, trust authentication, a superuser). */
  url: string
  port: number
  dataDir: string
  /** The PostgreSQL bin folder used. */
  bin: string
  /** As `postgres --version` prints it. */
  version: string
  /** Stops the server (fast) and removes its folder; calling it again does nothing. */
  stop(): Promise<void>
}

/**
 * A throw-away cluster of one's own (scripts/postgres-cluster.mjs, which says what it does). That
 * file is plain JavaScript, so that run-tests.mjs can use it too, and without types of its own: it is
 * imported here by URL, and these are its types.
 */
export async function startCluster(options?: StartClusterOptions): Promise<Cluster> {
  // By __dirname, not import.meta.url: Playwright compiles this file to CommonJS (its global setup).
  const href = pathToFileURL(join(__dirname, '../../scripts/postgres-cluster.mjs')).href
  const module = (await import(href)) as { startCluster(options?: StartClusterOptions): Promise<Cluster> }
  return module.startCluster(options)
}

/** The cluster's URL (its `postgres` database, as the superuser `app`). */
export function postgresUrl(): string {
  const url = process.env['TEST_POSTGRES_URL']
  const startError = process.env['TEST_POSTGRES_ERROR']
  if (!url && startError) throw new Error(`The run's throw-away PostgreSQL cluster did not start: ${startError}`)
  if (!url) {
    throw new Error(
      'TEST_POSTGRES_URL is not set: under vitest, test/support/postgres-global-setup.ts sets it (is it in vitest.config.mts globalSetup?); elsewhere start a cluster with scripts/postgres-cluster.mjs',
    )
  }
  return url
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl() })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Runs one statement on the cluster's `postgres` database, as its superuser (a database's connections refused, say). */
export async function onCluster(sql: string): Promise<void> {
  await withAdmin((client) => client.query(sql))
}

/**
 * Creates database t_<label>_<random hex> (a copy of `template` when given) and returns its URL;
 * drop() ends its connections and drops it.
 */
export async function freshDatabase(label = 'db', template?: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const safeLabel =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .slice(0, 30) || 'db'
  const name = `t_${safeLabel}_${randomBytes(6).toString('hex')}`
  // The name is only [a-z0-9_], so quoting it is enough.
  await withAdmin((client) => client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`))
  const url = databaseUrl(name)
  let dropped = false
  return {
    url,
    name,
    drop: async () => {
      if (dropped) return
      dropped = true
      await withAdmin(async (client) => {
        await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])
        // with (force) also ends a connection a pool opened again after the line above.
        await client.query(`drop database if exists "${name}" with (force)`)
      })
    },
  }
}

function databaseUrl(name: string): string {
  const url = new URL(postgresUrl())
  url.pathname = `/${name}`
  return url.toString()
}

const templates = new Map<string, Promise<string>>()

/**
 * The name of database `name` in the cluster, migrated once by `migrate` and marked a template, for
 * freshDatabase to copy: a test then pays a database copy, not the migrations (which cost each
 * PostgreSQL test of the history contract about 0.2 s). The first test process to ask makes it, under
 * an advisory lock; the others wait for it and find it made. One left half made (a run cut short
 * while migrating) is not marked a template yet, and is made again.
 */
export function migratedTemplate(name: string, migrate: (url: string) => Promise<void>): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`A template's name is [a-z0-9_] only: ${name}`)
  let made = templates.get(name)
  if (!made) {
    made = withAdmin(async (client) => {
      await client.query('select pg_advisory_lock(hashtext($1))', [name])
      try {
        const found = await client.query<{ datistemplate: boolean }>('select datistemplate from pg_database where datname = $1', [name])
        if (found.rows[0]?.datistemplate) return name
        await client.query(`drop database if exists "${name}" with (force)`)
        await client.query(`create database "${name}"`)
        await migrate(databaseUrl(name))
        // Nobody may be connected to a template while it is copied.
        await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name])
        await client.query(`alter database "${name}" is_template true allow_connections false`)
        return name
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [name])
      }
    })
    templates.set(name, made)
  }
  return made
}
