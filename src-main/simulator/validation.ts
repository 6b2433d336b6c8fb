/**
 * Request validation with zod, reduced to the one thing the gateway's error bodies carry: the first
 * field at fault and what is wrong with it.
 */
import { z } from 'zod'
import { MAX_AMOUNT_SEN, parseAmountSen } from './money'

export interface FieldProblem {
  /** Dotted path, e.g. `order.amount`. */
  field: string
  /** Missing, null or empty. */
  blank: boolean
  /** A specific complaint (`Must Have At Most 2 Decimals`) or null for a generic "invalid". */
  detail: string | null
}

export type Validated<T> = { ok: true; value: T } | { ok: false; problem: FieldProblem }

/** Messages of our own start like this; zod's defaults do not, and are summarised as "invalid". */
const OWN_MESSAGE = /^(Must|Is|Does) /

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

export function validate<S extends z.ZodType>(schema: S, data: unknown): Validated<z.infer<S>> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return { ok: false, problem: { field: 'Request Body', blank: false, detail: 'Must Be A JSON Object' } }
  }
  const result = schema.safeParse(data)
  if (result.success) return { ok: true, value: result.data }
  const issue = result.error.issues[0]
  if (!issue) return { ok: false, problem: { field: 'Request Body', blank: false, detail: null } }
  const field = issue.path.map(String).join('.') || 'Request Body'
  const blank = isBlank(valueAt(data, issue.path))
  return { ok: false, problem: { field, blank, detail: OWN_MESSAGE.test(issue.message) ? issue.message : null } }
}

/** Card wording: `order.amount Must Not Be Blank`, `order.amount Must Have At Most 2 Decimals`, `x Is Invalid`. */
export function cardProblemText(problem: FieldProblem): string {
  if (problem.blank) return 'Must Not Be Blank'
  return problem.detail ?? 'Is Invalid'
}

/** Generic wording: `order.amount is required`, `order.amount is invalid: must have at most 2 decimals`. */
export function genericProblemText(problem: FieldProblem): string {
  if (problem.blank) return `${problem.field} is required`
  if (!problem.detail) return `${problem.field} is invalid`
  // The card wording is Title Case; the generic one is lower case, but codes and formats keep their case.
  const detail = problem.detail.replace(/\b[A-Z][a-z]*\b/g, (word) => word.toLowerCase())
  return `${problem.field} is invalid: ${detail}`
}

// Building blocks shared by the operations' schemas.

export const text = (max = 255) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max, { error: `Must Be At Most ${max} Characters` })

/** Letters, digits and `-_.`: an invoice number also travels in the status path. */
export const invoiceNumber = z
  .string()
  .trim()
  .min(1)
  .max(64, { error: 'Must Be At Most 64 Characters' })
  .regex(/^[A-Za-z0-9._-]+$/, { error: 'Must Contain Only Letters, Digits, "-", "_" Or "."' })

export const amount = z
  .number()
  .refine((value) => value > 0, { error: 'Must Be Greater Than 0' })
  .refine((value) => value <= MAX_AMOUNT_SEN / 100, { error: 'Is Too Large' })
  .refine((value) => parseAmountSen(value) !== null, { error: 'Must Have At Most 2 Decimals' })
  .transform((value) => parseAmountSen(value) ?? 0)

export const currency = z.string().refine((value) => value === 'MYR', { error: 'Must Be MYR' })

export const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (value) => {
      try {
        const url = new URL(value)
        return url.protocol === 'http:' || url.protocol === 'https:'
      } catch {
        return false
      }
    },
    { error: 'Must Be An http(s) URL' },
  )

export const email = z.email({ error: 'Must Be A Valid E-mail Address' }).max(254)
export const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{6,15}$/, { error: 'Must Be An International Phone Number' })
export const country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: 'Must Be A Two-letter Country Code' })

/** The customer of gateway-interface.md 2.2, but for `id`, whose need differs by caller. */
export const customerFields = {
  name: text(128),
  email,
  phone: phone.optional(),
  address: text(255).optional(),
  zip_code: text(16).optional(),
  country: country.optional(),
  state: text(64).optional(),
  city: text(64).optional(),
}
