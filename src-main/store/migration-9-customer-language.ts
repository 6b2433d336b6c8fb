/**
 * The SQL of migration 9 ("the customer's language"). Frozen once shipped.
 *
 * Staff may work in English and send a customer Bahasa Melayu (or the other way round): the payment
 * link's e-mail and WhatsApp drafts, the phone order's receipt and the gateway's channel page follow
 * the customer's language. Null until someone chooses one: the desk's language is used then, so an
 * old history needs no backfill and a customer's language is never guessed into the database.
 */
const LANGUAGE_CHECK = "check (language is null or language in ('en', 'ms'))"

export const CUSTOMER_LANGUAGE_SCHEMA = `
  alter table customers add column language text ${LANGUAGE_CHECK};
`

/** The same column for one PostgreSQL history schema (its team migration). */
export function customerLanguageTeamSql(schema: string): string {
  return `alter table ${schema}.customers add column language text ${LANGUAGE_CHECK};`
}
