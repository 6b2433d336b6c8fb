/**
 * A team database as an older app left it: the team migrations before `version` applied, each with
 * its version row, as migrateTeam applies them; migrateTeam then brings it up from there.
 */
import type { PgDatabase } from '../../src-main/store/postgres/pg-database'
import { TEAM_MIGRATIONS } from '../../src-main/store/postgres/team-schema'

export function migrateTeamBefore(db: PgDatabase, version: number, at: Date): void {
  for (const migration of TEAM_MIGRATIONS.filter((step) => step.version < version)) {
    db.transaction(() => {
      db.exec('create schema if not exists team; create table if not exists team.schema_migrations (version integer primary key, name text not null, applied_at text not null)')
      db.exec(migration.sql)
      db.prepare('insert into team.schema_migrations (version, name, applied_at) values (?, ?, ?)').run(migration.version, migration.name, at.toISOString())
    })()
  }
}
