/**
 * The SQL of migration 6 ("operators"). Frozen once shipped.
 *
 * - `audit_log.approved_by`: the Supervisor (or Admin) who approved an action on the spot for the
 *   operator who made it (docs/operators.md); null otherwise.
 * - Indexes for the audit log screen's filters by operator and action (newest first by id).
 * - The append-only triggers of migration 2 stay: rows still cannot be changed or deleted.
 */
export const OPERATORS_SCHEMA = `
  alter table audit_log add column approved_by text;
  create index audit_log_by_action on audit_log (action, id);
`
