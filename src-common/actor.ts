/**
 * Who did something, as main writes it: an operator's name, or for an action a Supervisor approved on
 * the spot "Mei Ling (approved by Ravi)" (operators/desk.ts; kept so in the history and its CSVs).
 */
const APPROVED = /^(.+) \(approved by (.+)\)$/s

export function actorParts(actor: string): { operator: string; approver: string | null } {
  const parts = APPROVED.exec(actor)
  return parts ? { operator: parts[1] ?? actor, approver: parts[2] ?? null } : { operator: actor, approver: null }
}

/** The operator who acted ("Mei Ling" of "Mei Ling (approved by Ravi)"). */
export function actingOperator(actor: string): string {
  return actorParts(actor).operator
}
