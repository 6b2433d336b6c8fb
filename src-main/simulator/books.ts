/**
 * The simulator's books on disk, so that a training gateway restarted with its app still knows what it
 * answered: orders and charges, customers and tokens, refunds, v3 payments, the kept idempotent
 * answers, the early status checks and how far its clock was moved.
 *
 * One JSON file, written whole after every request that changed something, before the answer leaves:
 * a temporary file beside it (mode 0600), flushed to disk, then renamed over the old one, so a crash
 * at any moment leaves either the old books or the new ones, never half of them. The books hold no
 * merchant secret (no secret key, no API key): those are the running gateway's options. Nor do they
 * hold a full card number or a card token: a card is its masked number and what the test card does
 * (its profile), a token is its fingerprint (token-fingerprints.ts), and a kept answer that echoes a
 * token has it hidden, put back from the request on replay.
 *
 * Books of the earlier format (version 1, card numbers and tokens in the clear) are converted when
 * loaded and written again at once in this format, with a warning that says so.
 *
 * A file that cannot be read or understood is never fatal: the simulator starts with empty books,
 * says so through `warn`, and moves the unreadable file aside (`<file>.corrupt`) rather than
 * overwrite it. A write that fails is reported the same way and the simulator carries on.
 */
import { closeSync, fchmodSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import { z } from 'zod'
import { cardUsed, findTestCard, type CardUsed } from './cards'
import type { IdempotencyEntry, IdempotencyStore } from './idempotency'
import type { CardOrder, Customer, EarlyStatusCheck, GenericPayment, RefundRecord, SimState, StoredToken } from './state'
import { hideTokens, tokenFingerprint } from './token-fingerprints'

export const BOOKS_VERSION = 2

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

const brand = z.enum(['MASTERCARD', 'VISA'])

/** A card in the books: masked, with what the test card does, never its number. */
const card: z.ZodType<CardUsed> = z.object({
  masked: text,
  brand,
  type: z.enum(['CREDIT', 'DEBIT']),
  issuer: text,
  responseCode: text,
  responseMessage: text,
  approved: z.boolean(),
  threeDs: z.enum(['frictionless', 'challenge', 'none']),
})

/** An order in the books: its token by fingerprint only (the token itself is not known after a restart). */
type OrderBook = Omit<CardOrder, 'tokenId'>
/** A token in the books: its fingerprint, not the token. */
type TokenBook = Omit<StoredToken, 'id'>

const cardOrderFields = {
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
  responseCode: nullableText,
  responseMessage: nullableText,
  approvalCode: nullableText,
  authenticationId: nullableText,
  threeDsStatus: z.enum(['TRUE', 'FALSE', 'NA']),
  tokenReported: z.boolean(),
  refundedSen: sen,
  forcedSettled: z.boolean(),
  pageId: nullableText,
}

const cardOrder: z.ZodType<OrderBook> = z.object({
  ...cardOrderFields,
  card: card.nullable(),
  tokenFingerprint: nullableText,
  challenge: z.object({ card, saveCard: z.boolean() }).nullable(),
})

const tokenStatus = z.enum(['ACTIVE', 'INACTIVE'])

const storedToken: z.ZodType<TokenBook> = z.object({
  fingerprint: text,
  customerId: text,
  card,
  status: tokenStatus,
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
  // Books written before the field was known have none.
  pageLanguage: z.enum(['EN', 'MS']).nullable().optional(),
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

/**
 * A kept answer; its body is text (every API answer is JSON) or, should one not be, base64.
 * `tokensHidden`: the card tokens it echoes are placeholders, put back from the request on replay.
 */
const storedAnswer = z.object({
  key: text,
  path: text,
  bodyDigest: text,
  tokensHidden: z.boolean().optional(),
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

/** The earlier format: cards with their full number, tokens and the answers echoing them in the clear. */
const cardV1 = z.object({ number: text, masked: text, brand, issuer: text })
const booksFileV1 = z.object({
  version: z.literal(1),
  clockOffsetMs: z.number().min(0),
  customers: z.array(customer),
  tokens: z.array(z.object({ id: text, customerId: text, card: cardV1, status: tokenStatus, createdAt: time })),
  orders: z.array(
    z.object({
      ...cardOrderFields,
      card: cardV1.nullable(),
      tokenId: nullableText,
      challenge: z.object({ card: cardV1, saveCard: z.boolean() }).nullable(),
    }),
  ),
  refunds: z.array(refundRecord),
  genericPayments: z.array(genericPayment),
  earlyStatusChecks: z.array(earlyStatusCheck),
  idempotency: z.array(storedAnswer),
})

type BooksV1 = z.infer<typeof booksFileV1>

/** A card of the earlier format as this one keeps it; only sandbox test cards were ever kept. */
function cardFromV1(old: z.infer<typeof cardV1>): CardUsed {
  const test = findTestCard(old.number)
  if (!test) throw new Error(`a card that is not a sandbox test card (${old.masked})`)
  return cardUsed(test)
}

/** Books of the earlier format in this one: fingerprints for tokens, profiles for card numbers, answers with their tokens hidden. */
function fromVersion1(old: BooksV1): Books {
  return {
    ...old,
    version: BOOKS_VERSION,
    tokens: old.tokens.map(({ id, card: used, ...token }) => ({ ...token, fingerprint: tokenFingerprint(id), card: cardFromV1(used) })),
    orders: old.orders.map(({ tokenId, card: used, challenge, ...order }) => ({
      ...order,
      card: used === null ? null : cardFromV1(used),
      tokenFingerprint: tokenId === null ? null : tokenFingerprint(tokenId),
      challenge: challenge === null ? null : { card: cardFromV1(challenge.card), saveCard: challenge.saveCard },
    })),
    idempotency: old.idempotency.map(storedAnswerOf),
  }
}

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
  if (typeof parsed === 'object' && parsed !== null && (parsed as { version?: unknown }).version === 1) return migrate(file, parsed, warn)
  const books = booksFile.safeParse(parsed)
  if (!books.success) {
    setAside(file, warn, `they are not books of this version (${firstIssue(books.error)})`)
    return null
  }
  return books.data
}

const firstIssue = (error: z.ZodError): string => {
  const issue = error.issues[0]
  return issue ? `${issue.path.join('.') || 'file'}: ${issue.message}` : 'unknown shape'
}

/** Books of the earlier format: converted, and written again at once so that the values in the clear leave the disk. */
function migrate(file: string, parsed: unknown, warn: BooksWarning): Books | null {
  const old = booksFileV1.safeParse(parsed)
  let books: Books
  try {
    if (!old.success) throw new Error(firstIssue(old.error))
    books = fromVersion1(old.data)
  } catch (error) {
    setAside(file, warn, `they are books of the earlier format that cannot be converted (${describe(error)})`)
    return null
  }
  try {
    writeAtomically(file, JSON.stringify(books))
    warn(`training gateway: its books (${file}) were in the earlier format, with card numbers and card tokens in the clear; they were converted and written again without them`)
  } catch (error) {
    warn(
      `training gateway: its books (${file}) are in the earlier format, with card numbers and card tokens in the clear, and could not be written again without them (${describe(error)}); the next change tries again`,
    )
  }
  return books
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
  for (const entry of books.tokens) state.restoreToken(entry)
  // In the order they were made, so that an invoice maps to its latest order as before. Their tokens
  // are known again when presented (SimState.findToken).
  for (const entry of books.orders) state.addOrder({ ...entry, tokenId: null })
  for (const entry of books.refunds) state.refunds.set(entry.requestId, entry)
  for (const entry of books.genericPayments) state.genericPayments.set(entry.id, entry)
  state.earlyStatusChecks.push(...books.earlyStatusChecks)
  idempotency.restore(
    books.idempotency.map(({ response: { base64, body, ...response }, tokensHidden, ...entry }): IdempotencyEntry => ({
      ...entry,
      ...(tokensHidden ? { tokensHidden } : {}),
      response: { ...response, body: base64 ? Buffer.from(body, 'base64') : body },
    })),
  )
}

type StoredAnswer = z.infer<typeof storedAnswer>

/** The text of answers already looked at, so that a save does not look for tokens in every kept answer again. */
const hiddenTexts = new WeakMap<object, ReturnType<typeof hideTokens>>()

/** A kept answer as the books hold it: the tokens it echoes hidden (a restored one has them hidden already). */
function storedAnswerOf({ response, tokensHidden, ...entry }: IdempotencyEntry | StoredAnswer): StoredAnswer {
  const { body, ...rest } = response
  if (typeof body !== 'string') return { ...entry, response: { ...rest, body: body.toString('base64'), base64: true } }
  if ('base64' in response && response.base64) return { ...entry, response: { ...rest, body } }
  if (tokensHidden) return { ...entry, tokensHidden, response: { ...rest, body } }
  let hidden = hiddenTexts.get(response)
  if (!hidden) {
    hidden = hideTokens(body)
    hiddenTexts.set(response, hidden)
  }
  return { ...entry, ...(hidden.hidden ? { tokensHidden: true } : {}), response: { ...rest, body: hidden.text } }
}

/** The books of a running simulator, as the text to write. */
export function booksText(state: SimState, idempotency: IdempotencyStore, clockOffsetMs: number): string {
  const books: Books = {
    version: BOOKS_VERSION,
    clockOffsetMs,
    customers: [...state.customers.values()],
    tokens: [...state.tokensByFingerprint.values()].map(tokenBook),
    orders: [...state.orders.values()].map(orderBook),
    refunds: [...state.refunds.values()],
    genericPayments: [...state.genericPayments.values()],
    earlyStatusChecks: state.earlyStatusChecks,
    idempotency: idempotency.list().map(storedAnswerOf),
  }
  return JSON.stringify(books)
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the token itself stays in memory
const tokenBook = ({ id, ...kept }: StoredToken): TokenBook => kept

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the token itself stays in memory
const orderBook = ({ tokenId, ...kept }: CardOrder): OrderBook => kept

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
