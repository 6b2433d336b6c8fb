/**
 * The simulator's books on disk, so that a training gateway restarted with its app still knows what it
 * answered: orders and charges, customers and tokens, refunds, v3 payments, the kept idempotent
 * answers, the early status checks and how far its clock was moved.
 *
 * One JSON file, written whole after every request that changed something, before the answer leaves:
 * a temporary file beside it (mode 0600), flushed to disk, then renamed over the old one, so a crash
 * at any moment leaves either the old books or the new ones, never half of them. The books hold no
 * merchant secret (no secret key, no API key): those are the running gateway's options.
 *
 * A file that cannot be read or understood is never fatal: the simulator starts with empty books,
 * says so through `warn`, and moves the unreadable file aside (`<file>.corrupt`) rather than
 * overwrite it. A write that fails is reported the same way and the simulator carries on.
 */
import { closeSync, fchmodSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import { z } from 'zod'
import type { IdempotencyEntry, IdempotencyStore } from './idempotency'
import type { CardOrder, Customer, EarlyStatusCheck, GenericPayment, RefundRecord, SimState, StoredToken } from './state'

export const BOOKS_VERSION = 1

export type BooksWarning = (message: string) => void

const text = z.string()
const nullableText = z.string().nullable()
const time = z.number()
const sen = z.number().int().min(0)

const customer: z.ZodType<Customer> = z.object({
  id: text,
  name: text,
  email: text,
  phone: text.optional(),
  address: text.optional(),
  zip_code: text.optional(),
  country: text.optional(),
  state: text.optional(),
  city: text.optional(),
})

const cardUsed = z.object({ number: text, masked: text, brand: z.enum(['MASTERCARD', 'VISA']), issuer: text })

const cardOrder: z.ZodType<CardOrder> = z.object({
  kind: z.enum(['PAYMENT_PAGE', 'CHARGE']),
  invoiceNumber: text,
  requestId: text,
  amountSen: sen,
  currency: z.literal('MYR'),
  descriptor: nullableText,
  callbackUrl: nullableText,
  failedUrl: nullableText,
  autoRedirect: z.boolean(),
  customer,
  transactionType: z.enum(['SALE', 'MOTO']),
  status: z.enum(['PENDING', 'SUCCESS', 'FAILED', 'EXPIRED', 'REFUNDED', 'VOIDED']),
  createdAt: time,
  completedAt: time.nullable(),
  expiresAt: time.nullable(),
  card: cardUsed.nullable(),
  responseCode: nullableText,
  responseMessage: nullableText,
  approvalCode: nullableText,
  authenticationId: nullableText,
  threeDsStatus: z.enum(['TRUE', 'FALSE', 'NA']),
  tokenId: nullableText,
  tokenReported: z.boolean(),
  refundedSen: sen,
  forcedSettled: z.boolean(),
  challenge: z.object({ card: cardUsed, saveCard: z.boolean() }).nullable(),
  pageId: nullableText,
})

const storedToken: z.ZodType<StoredToken> = z.object({
  id: text,
  customerId: text,
  card: cardUsed,
  status: z.enum(['ACTIVE', 'INACTIVE']),
  createdAt: time,
})

const refundRecord: z.ZodType<RefundRecord> = z.object({
  requestId: text,
  invoiceNumber: text,
  originalRequestId: text,
  amountSen: sen,
  type: z.enum(['VOID', 'FULL_REFUND', 'PARTIAL_REFUND']),
  status: z.enum(['SUCCESS', 'FAILED']),
  message: text,
  approvalCode: text,
  at: time,
})

const genericPayment: z.ZodType<GenericPayment> = z.object({
  id: text,
  invoiceNumber: text,
  amountSen: sen,
  currency: z.literal('MYR'),
  expiredAt: time,
  channel: text,
  bankCode: nullableText,
  businessModel: z.enum(['B2C', 'B2B']).nullable(),
  deviceInfo: z.object({ platform: nullableText, browser: nullableText, os: nullableText }).nullable(),
  customer: z.object({ id: text, name: text, email: text, phone: text, country: nullableText, address: nullableText }),
  callbackUrl: nullableText,
  metadata: z.record(z.string(), z.string()),
  lineItems: z.array(z.object({ id: text, name: text, quantity: z.number(), price: z.number() })),
  status: z.enum(['PENDING', 'SUCCESS', 'FAILED', 'EXPIRED']),
  state: z.enum(['INITIATE', 'COMPLETED', 'FAILED', 'EXPIRED']),
  referenceId: text,
  createdAt: time,
  completedAt: time.nullable(),
})

const earlyStatusCheck: z.ZodType<EarlyStatusCheck> = z.object({
  identifier: text,
  requestId: text,
  at: time,
  completedAt: time,
  secondsAfterCompletion: z.number(),
})

/** A kept answer; its body is text (every API answer is JSON) or, should one not be, base64. */
const storedAnswer = z.object({
  key: text,
  path: text,
  bodyDigest: text,
  response: z.object({
    status: z.number().int(),
    headers: z.record(z.string(), z.string()).optional(),
    body: text,
    base64: z.boolean().optional(),
  }),
})

const booksFile = z.object({
  version: z.literal(BOOKS_VERSION),
  clockOffsetMs: z.number().min(0),
  customers: z.array(customer),
  tokens: z.array(storedToken),
  orders: z.array(cardOrder),
  refunds: z.array(refundRecord),
  genericPayments: z.array(genericPayment),
  earlyStatusChecks: z.array(earlyStatusCheck),
  idempotency: z.array(storedAnswer),
})

export type Books = z.infer<typeof booksFile>

/** What an earlier run left: its books, or null when there were none or they could not be read. */
export function loadBooks(file: string, warn: BooksWarning): Books | null {
  let raw: string
  try {
    raw = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    warn(`training gateway: its books (${file}) could not be read (${describe(error)}); starting with empty books`)
    return null
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch (error) {
    setAside(file, warn, `they are not JSON (${describe(error)})`)
    return null
  }
  const books = booksFile.safeParse(parsed)
  if (!books.success) {
    const issue = books.error.issues[0]
    setAside(file, warn, `they are not books of this version (${issue ? `${issue.path.join('.') || 'file'}: ${issue.message}` : 'unknown shape'})`)
    return null
  }
  return books.data
}

function setAside(file: string, warn: BooksWarning, why: string): void {
  let where = ''
  try {
    renameSync(file, `${file}.corrupt`)
    where = `; the file was kept as ${file}.corrupt`
  } catch {
    // Could not move it: the next save replaces it.
  }
  warn(`training gateway: its books (${file}) could not be used: ${why}; starting with empty books${where}`)
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** Fills empty state from books. */
export function restoreBooks(books: Books, state: SimState, idempotency: IdempotencyStore): void {
  for (const entry of books.customers) state.customers.set(entry.id, entry)
  for (const entry of books.tokens) state.tokens.set(entry.id, entry)
  // In the order they were made, so that an invoice maps to its latest order as before.
  for (const entry of books.orders) state.addOrder(entry)
  for (const entry of books.refunds) state.refunds.set(entry.requestId, entry)
  for (const entry of books.genericPayments) state.genericPayments.set(entry.id, entry)
  state.earlyStatusChecks.push(...books.earlyStatusChecks)
  idempotency.restore(
    books.idempotency.map(({ response: { base64, body, ...response }, ...entry }): IdempotencyEntry => ({
      ...entry,
      response: { ...response, body: base64 ? Buffer.from(body, 'base64') : body },
    })),
  )
}

/** The books of a running simulator, as the text to write. */
export function booksText(state: SimState, idempotency: IdempotencyStore, clockOffsetMs: number): string {
  const books: Books = {
    version: BOOKS_VERSION,
    clockOffsetMs,
    customers: [...state.customers.values()],
    tokens: [...state.tokens.values()],
    orders: [...state.orders.values()],
    refunds: [...state.refunds.values()],
    genericPayments: [...state.genericPayments.values()],
    earlyStatusChecks: state.earlyStatusChecks,
    idempotency: idempotency.list().map(({ response: { body, ...response }, ...entry }) => ({
      ...entry,
      response: typeof body === 'string' ? { ...response, body } : { ...response, body: body.toString('base64'), base64: true },
    })),
  }
  return JSON.stringify(books)
}

/** Writes `text` to `file` atomically: a private temporary file beside it, flushed, then renamed over it. */
export function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${String(process.pid)}.tmp`
  try {
    unlinkSync(temporary)
  } catch {
    // Not there: the usual case.
  }
  const fd = openSync(temporary, 'wx', 0o600)
  try {
    if (process.platform !== 'win32') fchmodSync(fd, 0o600)
    const bytes = Buffer.from(text, 'utf8')
    let written = 0
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  try {
    renameSync(temporary, file)
  } catch (error) {
    try {
      unlinkSync(temporary)
    } catch {
      // Already gone.
    }
    throw error
  }
}

export interface BooksKeeper {
  /** Writes the books if they changed since the last write; never throws. */
  save(): void
}

/** Keeps the books of a running simulator in `file`. Writes only when something changed. */
export function createBooksKeeper(file: string, source: () => string, warn: BooksWarning): BooksKeeper {
  let written: string | null = null
  let failing = false
  return {
    save() {
      let text: string
      try {
        text = source()
      } catch (error) {
        warn(`training gateway: its books could not be put together (${describe(error)})`)
        return
      }
      if (text === written) return
      try {
        writeAtomically(file, text)
        written = text
        if (failing) warn(`training gateway: its books (${file}) are written again`)
        failing = false
      } catch (error) {
        // Said once per run of failures, not on every request.
        if (!failing) warn(`training gateway: its books (${file}) could not be written (${describe(error)}); what it answers now is kept in memory only`)
        failing = true
      }
    },
  }
}
