/**
 * The bridge between the untrusted renderer and the main process.
 *
 * Every renderer→main call is declared here once: its name, the zod schema its input must pass (main
 * parses it; the renderer is never trusted) and the zod schema of its output (main parses that too,
 * which strips any field the schema does not name, so nothing undeclared, such as a secret, can cross
 * by accident). Every main→renderer event is declared with its payload schema.
 *
 * The renderer imports only types from this file; the preload and main import the values.
 */
import { z } from 'zod'
import { descriptorIssue } from '../src-common/descriptor'
import { FIELD_LIMITS } from '../src-common/field-limits'
import { LANGUAGES } from '../src-common/languages'
import { LOGIN_CHARACTERS, LOGIN_MIN_LENGTH } from '../src-common/login'
import { shopNameIssue } from '../src-common/shop-name'
import { englishOf, schemaMessage, tooLongMessage } from '../src-common/said/english'
import { say, type SaidId, type SaidValue } from '../src-common/said/say'
import { SHORTCUT_ACTIONS } from '../src-common/shortcuts'
import { CALL_NAMES, EVENT_NAMES } from './bridge-names'

/** A schema's refusal in main's words: its English for zod, its id for the desk's language (schemaMessage). */
const says = (id: SaidId, values?: Record<string, SaidValue>): string => schemaMessage(say(id, values))

export const Environment = z.enum(['training', 'sandbox', 'production'])
export type Environment = z.infer<typeof Environment>

/** The languages of the app's words (docs/i18n.md): English and Bahasa Melayu. */
export const Language = z.enum(LANGUAGES)
export type Language = z.infer<typeof Language>

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  environment: Environment,
  /** The folder that holds the local history, settings and logs. */
  dataDir: z.string(),
  /** What hosts the backend: the Electron app, browser mode (src-main/browser-shell/, also the e2e tests'), or a test. */
  runtime: z.enum(['electron', 'browser', 'test']),
  electronVersion: z.string().nullable(),
  /** Chromium's version inside Electron; null in browser mode (the browser's own is its business). */
  chromeVersion: z.string().nullable(),
  nodeVersion: z.string(),
  sqliteVersion: z.string(),
  /** This desk's language; null until someone chooses one (the screens then follow the system's). */
  language: Language.nullable(),
  /** Where the app's log files are (inside the data folder). */
  logDir: z.string(),
})
export type AppInfo = z.infer<typeof AppInfo>

/** Sandbox and Production need credentials; Training uses the built-in training gateway's own. */
export const GatewayEnvironment = z.enum(['sandbox', 'production'])
export type GatewayEnvironment = z.infer<typeof GatewayEnvironment>

/**
 * Upper bounds of the settings (issue 14: a 1 MB host or a charge limit of RM 999,999,999.99 was
 * accepted). Each is well above any real value and well below what could hurt: a return address
 * travels in every link request and browsers and gateways handle about 2,000 characters safely; a
 * host name is at most 253 characters in DNS, 63 per label; the public base address is a scheme and
 * a host; a single phone-order charge above RM 100,000.00 is not a phone order.
 */
export const SETTINGS_BOUNDS = {
  urlLength: 2000,
  hostLength: 253,
  hostLabelLength: 63,
  publicBaseUrlLength: 200,
  chargeLimitSen: 10_000_000,
} as const

const httpUrlOrEmpty = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: says('said.input.webAddress') }).max(SETTINGS_BOUNDS.urlLength, tooLongMessage(SETTINGS_BOUNDS.urlLength))])

const isDottedQuad = (host: string): boolean => /^(\d{1,3}\.){3}\d{1,3}$/.test(host)

/** Non-secret settings, one set per environment. Defaults in src-main/settings/. */
export const EnvironmentSettings = z.object({
  shop: z.object({
    /** The shop's name: the top line of a phone order's receipt, and the "Merchant" of the training gateway's pages. Empty: not set. */
    name: z
      .string()
      .trim()
      .max(FIELD_LIMITS.shopName, tooLongMessage(FIELD_LIMITS.shopName))
      .superRefine((name, context) => {
        const problem = name.length <= FIELD_LIMITS.shopName ? shopNameIssue(name) : null
        // The rule's id travels in the issue's params: dispatch sends it as the refusal's `say`.
        if (problem) context.addIssue({ code: 'custom', message: englishOf(problem), params: { say: problem } })
      }),
  }),
  links: z.object({
    /** Where the customer lands after paying. */
    callbackUrl: httpUrlOrEmpty,
    /** Where the customer lands after a failed payment. */
    failedUrl: httpUrlOrEmpty,
    expiryMinutes: z
      .number({ error: says('said.input.minutes') })
      .int(says('said.input.wholeMinutes'))
      .min(5, says('said.input.atLeastMinutes', { count: 5 }))
      .max(30 * 24 * 60, says('said.input.atMostDays', { count: 30 })),
    /** New invoice numbers are this prefix and a six-digit sequence (INV-000042). */
    invoicePrefix: z
      .string()
      .trim()
      .max(FIELD_LIMITS.invoicePrefix, tooLongMessage(FIELD_LIMITS.invoicePrefix))
      .regex(/^[A-Za-z0-9._-]*$/, says('said.input.prefixCharacters')),
    /** The billing descriptor new card links and phone orders start with (the customer's statement text): the same rule as theirs. */
    descriptor: z
      .string()
      .trim()
      .superRefine((descriptor, context) => {
        const problem = descriptorIssue(descriptor)
        if (problem) context.addIssue({ code: 'custom', message: englishOf(problem), params: { say: problem } })
      }),
    /**
     * A non-card link tells the gateway the customer's language for its channel page
     * (`checkout_experience.language` "EN"/"MS"). Off for a gateway that refuses the field (docs/i18n.md).
     */
    sendPageLanguage: z.boolean(),
  }),
  listener: z.object({
    enabled: z.boolean(),
    host: z
      .string()
      .trim()
      .max(SETTINGS_BOUNDS.hostLength, { error: tooLongMessage(SETTINGS_BOUNDS.hostLength), abort: true })
      .regex(/^(localhost|(\d{1,3}\.){3}\d{1,3}|[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*)$/, says('said.input.hostOrIpv4'))
      .refine((host) => host.split('.').every((label) => label.length <= SETTINGS_BOUNDS.hostLabelLength), says('said.input.hostLabel', { max: SETTINGS_BOUNDS.hostLabelLength }))
      .refine((host) => !isDottedQuad(host) || host.split('.').every((part) => Number(part) <= 255), says('said.input.ipv4Number')),
    port: z
      .number({ error: says('said.input.port') })
      .int(says('said.input.port'))
      .min(1024, says('said.input.orMore', { min: 1024 }))
      .max(65535, says('said.input.orLess', { max: 65535 })),
    path: z
      .string()
      .trim()
      .max(200, tooLongMessage(200))
      .regex(/^\/[A-Za-z0-9._~/-]*$/, says('said.input.path')),
    /**
     * The public address the gateway calls (a reverse proxy in front of this listener), scheme and host
     * only: the address to register is it followed by `path`. Empty: the local address is shown.
     */
    publicBaseUrl: z.union([
      z.literal(''),
      z
        .url({ protocol: /^https?$/, error: says('said.input.baseAddress') })
        .max(SETTINGS_BOUNDS.publicBaseUrlLength, tooLongMessage(SETTINGS_BOUNDS.publicBaseUrlLength))
        .regex(/^https?:\/\/[^/?#]+\/?$/, says('said.input.schemeAndHost')),
    ]),
  }),
  /** The status tracker that keeps every waiting order and refund current. */
  tracker: z.object({
    enabled: z.boolean(),
    /** Status checks in flight at once, at most. */
    concurrency: z
      .number({ error: says('said.input.number') })
      .int(says('said.input.notWhole'))
      .min(1, says('said.input.tooSmall', { min: 1 }))
      .max(32, says('said.input.tooBig', { max: 32 })),
  }),
  phoneOrders: z.object({
    /** A single phone-order charge above this is refused (whole sen). */
    chargeLimitSen: z
      .number({ error: says('said.input.amount') })
      .int(says('said.input.wholeSen'))
      .min(100, says('said.input.atLeastAmount', { amount: 'RM 1.00' }))
      .max(SETTINGS_BOUNDS.chargeLimitSen, says('said.input.atMostAmount', { amount: 'RM 100,000.00' })),
    /** A Clerk's phone order above this needs a Supervisor (who may approve it on the spot); whole sen. */
    clerkChargeLimitSen: z
      .number({ error: says('said.input.amount') })
      .int(says('said.input.wholeSen'))
      .min(100, says('said.input.atLeastAmount', { amount: 'RM 1.00' }))
      .max(SETTINGS_BOUNDS.chargeLimitSen, says('said.input.atMostAmount', { amount: 'RM 100,000.00' })),
    /** The same customer and amount charged within this many minutes needs an explicit "charge again". */
    duplicateWindowMinutes: z
      .number({ error: says('said.input.minutes') })
      .int(says('said.input.wholeMinutes'))
      .min(1, says('said.input.atLeastMinutes', { count: 1 }))
      .max(24 * 60, says('said.input.atMostOneDay')),
    /** 3-D Secure return addresses of the charge request, sent only when set. */
    threeDsSuccessUrl: httpUrlOrEmpty,
    threeDsFailedUrl: httpUrlOrEmpty,
  }),
  gateway: z.object({
    connectTimeoutSeconds: z
      .number({ error: says('said.input.seconds') })
      .int(says('said.input.wholeSeconds'))
      .min(1, says('said.input.atLeastSeconds', { count: 1 }))
      .max(60, says('said.input.atMostSeconds', { count: 60 })),
    responseTimeoutSeconds: z
      .number({ error: says('said.input.seconds') })
      .int(says('said.input.wholeSeconds'))
      .min(5, says('said.input.atLeastSeconds', { count: 5 }))
      .max(120, says('said.input.atMostSeconds', { count: 120 })),
    /** A missing or wrong response signature makes the answer unusable instead of a recorded warning. */
    blockOnBadSignature: z.boolean(),
    /**
     * The time of day (Malaysia time, HH:MM) when the gateway settles the day's card payments: before
     * it, a payment can only be voided in full; after it, refunded in part. The app reckons by it to offer
     * only what the gateway will do (docs/status-refunds-notifications.md, "Settlement").
     */
    settlementCutOff: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, says('said.input.timeOfDay')),
  }),
  session: z.object({
    /** Minutes without a call before the desk locks (the screen hides customer data until someone signs in). */
    idleLockMinutes: z
      .number({ error: says('said.input.minutes') })
      .int(says('said.input.wholeMinutes'))
      .min(1, says('said.input.atLeastMinutes', { count: 1 }))
      .max(240, says('said.input.atMostFourHours')),
  }),
})
export type EnvironmentSettings = z.infer<typeof EnvironmentSettings>

export const SettingsView = z.object({
  environment: Environment,
  /** Where this environment's gateway calls go. */
  gatewayUrl: z.string(),
  settings: EnvironmentSettings,
})
export type SettingsView = z.infer<typeof SettingsView>

const ClientId = z
  .string()
  .trim()
  .max(128, tooLongMessage(128))
  .regex(/^[\x21-\x7e]*$/, says('said.input.visibleCharacters'))

/** A secret is written here and never read back: the renderer only learns whether one is set. */
const SecretInput = z.string().trim().min(1, says('said.input.notEmpty')).max(512, tooLongMessage(512))

export const CredentialState = z.object({
  clientId: z.string(),
  secretKeySet: z.boolean(),
  apiKeySet: z.boolean(),
  apiKeyTrailingColon: z.boolean(),
})
export type CredentialState = z.infer<typeof CredentialState>

export const CredentialsView = z.object({
  keychain: z.object({ available: z.boolean(), message: z.string().nullable() }),
  sandbox: CredentialState,
  production: CredentialState,
})
export type CredentialsView = z.infer<typeof CredentialsView>

/** Where the team's PostgreSQL database is (Settings → Team database). The password is kept in the keychain. */
export const TeamConnection = z.object({
  host: z
    .string()
    .trim()
    .min(1, says('said.input.notEmpty'))
    .max(253, tooLongMessage(SETTINGS_BOUNDS.hostLength))
    .regex(/^[A-Za-z0-9.:[\]-]+$/, says('said.input.hostOrIp')),
  port: z
    .number()
    .int(says('said.input.notWhole'))
    .min(1, says('said.input.fromTo', { min: 1, max: 65535 }))
    .max(65535, says('said.input.fromTo', { min: 1, max: 65535 })),
  database: z
    .string()
    .trim()
    .min(1, says('said.input.notEmpty'))
    .max(63, tooLongMessage(63))
    .regex(/^[\x21-\x7e]+$/, says('said.input.noSpaces')),
  user: z
    .string()
    .trim()
    .min(1, says('said.input.notEmpty'))
    .max(63, tooLongMessage(63))
    .regex(/^[\x21-\x7e]+$/, says('said.input.noSpaces')),
  /** 'verify': TLS with the server's certificate checked (against caFile, or the system's authorities); 'off' only on loopback. */
  tls: z.enum(['verify', 'off']),
  /** A PEM file of the authority that signed the server's certificate (a shop's own); null uses the system's. */
  caFile: z.string().trim().max(1000, tooLongMessage(1000)).nullable(),
})
export type TeamConnection = z.infer<typeof TeamConnection>

/** The team data key, as shown once to the Admin who creates the team: 8 groups of 5 letters and digits. */
export const TeamKey = z
  .string()
  .trim()
  .max(200)
  .transform((text) => text.toUpperCase().replace(/[^A-Z0-9]/g, ''))
  .refine((text) => /^[A-Z2-7]{40}$/.test(text), says('said.input.teamKey'))

/** A message of main's catalogue (the `Said` of CallError), as an answer's field carries it. */
export const SaidSchema: z.ZodType<Said> = z.lazy(() => z.object({ id: z.string(), values: z.record(z.string(), z.union([z.string(), z.number(), SaidSchema])).optional() }))

export const TeamImportProgress = z.object({
  /** Rows copied so far and in all (every table of this desk's Sandbox and Production histories). */
  copied: z.number(),
  total: z.number(),
  state: z.enum(['running', 'done', 'failed', 'stopped']),
  /** Why a failed copy stopped, in main's English; `say` is its id, for the desk's language. Null otherwise. */
  message: z.string().nullable(),
  say: SaidSchema.nullable(),
})
export type TeamImportProgress = z.infer<typeof TeamImportProgress>

export const TeamView = z.object({
  /** 'desk': the history is this desk's own SQLite file; 'team': Sandbox and Production live in the team database. */
  mode: z.enum(['desk', 'team']),
  connection: TeamConnection.nullable(),
  passwordSet: z.boolean(),
  /** 'unreachable': the database cannot be reached now; the desk keeps trying by itself. */
  state: z.enum(['off', 'connected', 'unreachable']),
  problem: z.string().nullable(),
  /** This desk runs the team's status tracker and notification listener. */
  leader: z.boolean(),
  /** The desk that does (its name as the team database knows it), when known. */
  leaderDesk: z.string().nullable(),
  deskName: z.string(),
  schemaVersion: z.number().nullable(),
  import: TeamImportProgress.nullable(),
  /**
   * How far this computer's clock is ahead of the team database's, in whole seconds (negative: behind);
   * null outside a team or before the first reading. The app keeps the database's time in a team.
   */
  clockAheadSeconds: z.number().int().nullable(),
})
export type TeamView = z.infer<typeof TeamView>

export const TeamProbe = z.object({
  ok: z.boolean(),
  /** What the test found, in main's English; `say` is its id, for the desk's language. */
  message: z.string(),
  say: SaidSchema,
  /** 'empty': no team there yet (Create team); 'team': a team of this schema version (Join team); 'other': tables of something else. */
  found: z.enum(['empty', 'team', 'other', 'unreachable']),
  schemaVersion: z.number().nullable(),
})
export type TeamProbe = z.infer<typeof TeamProbe>

const TeamPassword = z.string().min(1, says('said.input.notEmpty')).max(512, tooLongMessage(512))

export const ConnectionCheck = z.object({
  scheme: z.enum(['card', 'generic']),
  result: z.enum(['ok', 'auth_failed', 'unreachable', 'timeout', 'not_configured', 'unexpected']),
  /** The detail, in main's English; `say` is its id, for the desk's language. */
  message: z.string(),
  say: SaidSchema,
  httpStatus: z.number().nullable(),
})
export type ConnectionCheck = z.infer<typeof ConnectionCheck>

export const OrderKind = z.enum(['card_link', 'generic_link', 'phone_order'])
export type OrderKind = z.infer<typeof OrderKind>
export const OrderStatus = z.enum(['PENDING', 'PAID', 'FAILED', 'EXPIRED', 'CANCELLED', 'REFUNDED', 'VOIDED', 'OUTCOME_UNKNOWN', 'UNKNOWN'])
export type OrderStatus = z.infer<typeof OrderStatus>

const IsoTime = z.iso.datetime({ offset: true, error: says('said.input.dateTime') })
const Sen = z.number().int(says('said.input.wholeSen')).min(0, says('said.input.notNegative')).max(99_999_999_999, says('said.input.tooLarge'))

/** The filters of the orders screen; the same for a page of results and for a CSV export. */
export const OrderFilters = z.object({
  /** One box: invoice number, customer name, e-mail, phone, card last four, gateway or request id. */
  text: z.string().max(200, tooLongMessage(200)).optional(),
  statuses: z.array(OrderStatus).max(20).optional(),
  kinds: z.array(OrderKind).max(5).optional(),
  channels: z.array(z.string().max(40)).max(20).optional(),
  createdFrom: IsoTime.optional(),
  createdTo: IsoTime.optional(),
  amountMinSen: Sen.optional(),
  amountMaxSen: Sen.optional(),
  /** Only orders whose gateway answer waits for a staff decision. */
  needsReview: z.boolean().optional(),
})
export type OrderFilters = z.infer<typeof OrderFilters>

/** Why an order waits for a person: the gateway said paid in another currency, or for more than the order. */
export const OrderReview = z.object({
  reason: z.enum(['currency', 'amount']),
  gatewayStatus: z.string(),
  gatewayAmountSen: z.number().nullable(),
  gatewayCurrency: z.string().nullable(),
  source: z.enum(['check', 'notification', 'charge']),
  at: z.string(),
})
export type OrderReview = z.infer<typeof OrderReview>

export const OrderView = z.object({
  id: z.number(),
  kind: OrderKind,
  invoiceNumber: z.string(),
  amountSen: z.number(),
  currency: z.string(),
  channel: z.string(),
  status: OrderStatus,
  rawStatus: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  requestId: z.string().nullable(),
  paymentId: z.string().nullable(),
  gatewayReferenceId: z.string().nullable(),
  linkUrl: z.string().nullable(),
  linkExpiresAt: z.string().nullable(),
  cardMasked: z.string().nullable(),
  cardLast4: z.string().nullable(),
  cardBrand: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  /** Set while a person must decide on the gateway's answer ("Needs review"). */
  review: OrderReview.nullable(),
  /** What the gateway says was paid, when it is not the order's amount (less: a discount). */
  gatewayAmountSen: z.number().nullable(),
})
export type OrderView = z.infer<typeof OrderView>

export const TimelineEntry = z.object({
  id: z.number(),
  type: z.string(),
  /** What happened in English, as written at the time: shown only when `say` is null (rows written before main's words had ids). */
  summary: z.string(),
  /** What happened as main's message id and values, worded by the renderer in the desk's language. */
  say: SaidSchema.nullable(),
  at: z.string(),
  actor: z.string().nullable(),
  /** Present when the entry is a gateway request: its request and response open on demand. */
  attemptId: z.number().nullable(),
})
export type TimelineEntry = z.infer<typeof TimelineEntry>

export const AttemptView = z.object({
  id: z.number(),
  operation: z.string(),
  requestId: z.string(),
  method: z.string(),
  path: z.string(),
  outcome: z.string(),
  httpStatus: z.number().nullable(),
  signature: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  durationMs: z.number().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Redacted: card tokens masked, no headers. */
  requestBody: z.string().nullable(),
  responseBody: z.string().nullable(),
})
export type AttemptView = z.infer<typeof AttemptView>

export const RefundStatus = z.enum(['PENDING', 'SUCCESS', 'FAILED', 'OUTCOME_UNKNOWN'])
export type RefundStatus = z.infer<typeof RefundStatus>

export const RefundView = z.object({
  id: z.number(),
  /** The Request-Id the refund was sent with (or, registered from elsewhere, was made with). */
  requestId: z.string(),
  /** 0 for a refund registered from elsewhere until its first status check tells the amount. */
  amountSen: z.number(),
  /** VOID, FULL_REFUND or PARTIAL_REFUND as the gateway named it; null until it says. */
  type: z.string().nullable(),
  /** What staff asked for (a full refund, a part, a void); null for a refund registered from elsewhere. */
  asked: z.enum(['FULL', 'PARTIAL', 'VOID']).nullable(),
  status: RefundStatus,
  rawStatus: z.string().nullable(),
  /** The gateway's message (e.g. why it refused). */
  message: z.string().nullable(),
  external: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** As for orders: null when final, else when its status check may be made. */
  statusCheck: z.object({ dueInMs: z.number() }).nullable(),
})
export type RefundView = z.infer<typeof RefundView>

/** Money of a paid card order and its refunds. */
export const RefundSummary = z.object({
  paidSen: z.number(),
  /** Refunds the gateway confirmed. */
  refundedSen: z.number(),
  /** Refunds sent whose outcome is not known yet (pending or unknown). */
  pendingSen: z.number(),
  /** paid − refunded − pending: the most a new refund may be. */
  remainingSen: z.number(),
  /** Why no refund may be asked for now (e.g. an earlier one's outcome is unknown), or null; in English, and as an id with values for the renderer to word (`blockedSay`). */
  blockedReason: z.string().nullable(),
  blockedSay: SaidSchema.nullable(),
  /** A void (the whole payment, before settlement) is possible: not settled yet, and nothing refunded or waiting. */
  canVoid: z.boolean(),
  /**
   * Whether the gateway has settled the payment, as the app reckons it (docs/status-refunds-notifications.md,
   * "Settlement"): before, the gateway only voids the whole payment; after, it refunds any part.
   */
  settled: z.boolean(),
  /** The settlement cut-off the app reckons by (Settings → Gateway calls), after the payment completed; null when a refund already showed it settled. */
  settlesAt: z.string().nullable(),
  refunds: z.array(RefundView),
})
export type RefundSummary = z.infer<typeof RefundSummary>

/** What the order screens show for one order: the order, its timeline, and what can be done next. */
export const OrderDetail = z.object({
  order: OrderView,
  timeline: z.array(TimelineEntry),
  /**
   * Whether a status check makes sense now, and if not yet, in how many milliseconds (the gateway
   * asks for 60 s after the payment or the last attempt). Null when the order is final.
   */
  statusCheck: z.object({ dueInMs: z.number() }).nullable(),
  /** A waiting link may be marked cancelled here (the gateway has no cancel call). */
  canCancel: z.boolean(),
  /**
   * A link the gateway never created (it refused the request, or a status check found it has no such
   * payment): no payment was ever attempted, and `links.create` may ask for it again under the same
   * invoice number (the same order; its timeline shows both tries).
   */
  neverCreated: z.boolean(),
  /** Card orders that were paid (and their refunds); null for others. */
  refunds: RefundSummary.nullable(),
  /** The language the order's customer reads (the link's drafts); null: not chosen, the desk's. */
  customerLanguage: Language.nullable(),
})
export type OrderDetail = z.infer<typeof OrderDetail>

/** Text as typed in a form, bounded by the field's one length (src-common/field-limits.ts), with the form's words. */
const FormText = (max: number) => z.string().max(max, tooLongMessage(max))
/**
 * A whole number the rules in main check more tightly with their own messages (amounts, quantities,
 * minutes); the bridge only refuses what no rule could mean.
 */
const BoundedInt = (error: string, whole: string, bound: number) => z.number({ error }).int(whole).min(-bound, says('said.input.outOfRange')).max(bound, says('said.input.outOfRange'))
const MAX_INPUT_SEN = 99_999_999_999

/**
 * A payment link as staff ask for it. The bridge checks shape and size only; the rules and their
 * messages (src-common/link-rules.ts) run in the form and again in main.
 */
export const LinkRequest = z.object({
  kind: z.enum(['card', 'generic']),
  /**
   * The customer record the link is for, when staff picked one (the form's "Find customer", or a phone
   * order's "Send a payment link"): the order is theirs, as a phone order is, and what was typed
   * updates them. Absent: the customer with this e-mail address, else a new one.
   */
  customerId: z.number().int().positive().optional(),
  channel: FormText(FIELD_LIMITS.channel),
  bankCode: FormText(FIELD_LIMITS.bankCode),
  invoiceNumber: FormText(FIELD_LIMITS.invoiceNumber),
  amountSen: BoundedInt(says('said.input.amount'), says('said.input.wholeSen'), MAX_INPUT_SEN),
  descriptor: FormText(FIELD_LIMITS.descriptor),
  autoRedirect: z.boolean(),
  callbackUrl: FormText(FIELD_LIMITS.linkUrl),
  failedUrl: FormText(FIELD_LIMITS.linkUrl),
  expiryMinutes: BoundedInt(says('said.input.minutes'), says('said.input.wholeMinutes'), 1_000_000),
  customer: z.object({
    name: FormText(FIELD_LIMITS.customerName),
    email: FormText(FIELD_LIMITS.email),
    phone: FormText(FIELD_LIMITS.phone),
    address: FormText(FIELD_LIMITS.address),
    city: FormText(FIELD_LIMITS.city),
    state: FormText(FIELD_LIMITS.state),
    zipCode: FormText(FIELD_LIMITS.zipCode),
    country: FormText(FIELD_LIMITS.country),
    /** The customer's language for the channel page and the drafts; absent keeps what the customer has. */
    language: Language.optional(),
  }),
  lineItems: z
    .array(
      z.object({
        name: FormText(FIELD_LIMITS.lineItemName),
        quantity: BoundedInt(says('said.input.number'), says('said.input.notWhole'), 1_000_000),
        priceSen: BoundedInt(says('said.input.amount'), says('said.input.wholeSen'), MAX_INPUT_SEN),
      }),
    )
    .max(FIELD_LIMITS.lineItems, `Use at most ${String(FIELD_LIMITS.lineItems)} items`),
})
export type LinkRequest = z.infer<typeof LinkRequest>

export const LinkDefaults = z.object({
  /** The next number of this environment's sequence, not yet used by any order. */
  invoiceNumber: z.string(),
  production: z.boolean(),
  callbackUrl: z.string(),
  failedUrl: z.string(),
  expiryMinutes: z.number(),
  descriptor: z.string(),
  /**
   * In Training, the training gateway's own return pages: the defaults of `callbackUrl` and `failedUrl`
   * when Settings set none, so that a card link works on a fresh install. Null elsewhere.
   */
  trainingReturnUrls: z.object({ paid: z.string(), failed: z.string() }).nullable(),
})
export type LinkDefaults = z.infer<typeof LinkDefaults>

export const Bank = z.object({ code: z.string(), name: z.string(), active: z.boolean() })
export type Bank = z.infer<typeof Bank>

export const CustomerView = z.object({
  id: z.number(),
  /** The id sent to the gateway as `customer.id`. */
  externalId: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
  /** The language the customer reads (drafts, receipt, the channel page); null: the desk's. */
  language: Language.nullable(),
  createdAt: z.string(),
})
export type CustomerView = z.infer<typeof CustomerView>

/** A saved card as staff see it: never its token. */
export const SavedCardView = z.object({
  id: z.number(),
  customerId: z.number(),
  masked: z.string().nullable(),
  brand: z.string().nullable(),
  issuer: z.string().nullable(),
  source: z.enum(['hosted_page', 'charge', 'manual']),
  active: z.boolean(),
  addedAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** An order charged to this card has an unknown outcome: no new charge until it is settled. */
  lockedBy: z.object({ orderId: z.number(), invoiceNumber: z.string() }).nullable(),
})
export type SavedCardView = z.infer<typeof SavedCardView>

export const CustomerInput = z.object({
  /** Absent for a new customer. */
  id: z.number().int().positive().optional(),
  name: FormText(FIELD_LIMITS.customerName),
  email: FormText(FIELD_LIMITS.email),
  phone: FormText(FIELD_LIMITS.phone),
  /** Absent keeps what was chosen before; null clears it (the desk's language is used). */
  language: Language.nullable().optional(),
})
export type CustomerInput = z.infer<typeof CustomerInput>

export const PhoneOrderRequest = z.object({
  customerId: z.number().int().positive(),
  cardId: z.number().int().positive(),
  invoiceNumber: FormText(FIELD_LIMITS.invoiceNumber),
  amountSen: BoundedInt(says('said.input.amount'), says('said.input.wholeSen'), MAX_INPUT_SEN),
  descriptor: FormText(FIELD_LIMITS.descriptor),
  note: FormText(FIELD_LIMITS.phoneOrderNote),
  /** Staff confirmed a charge of the same customer and amount made a few minutes ago. */
  confirmDuplicate: z.boolean(),
})
export type PhoneOrderRequest = z.infer<typeof PhoneOrderRequest>

export const Receipt = z.object({
  merchant: z.string(),
  invoiceNumber: z.string(),
  amountSen: z.number(),
  cardMasked: z.string().nullable(),
  cardBrand: z.string().nullable(),
  approvalCode: z.string().nullable(),
  customerName: z.string(),
  at: z.string(),
  /** The customer's language, which the receipt is worded in (null: the desk's); the renderer words it. */
  language: Language.nullable(),
  /** Where the payment was made: a Training or Sandbox receipt is marked as not a real payment. */
  environment: Environment,
})
export type Receipt = z.infer<typeof Receipt>

export const ChargeResult = z.object({
  outcome: z.enum(['approved', 'declined', 'unknown']),
  detail: OrderDetail,
  responseCode: z.string().nullable(),
  responseMessage: z.string().nullable(),
  receipt: Receipt.nullable(),
})
export type ChargeResult = z.infer<typeof ChargeResult>

export const RefundRequest = z.object({
  orderId: z.number().int().positive(),
  /** VOID and FULL send the whole remaining amount; PARTIAL sends `amountSen`. */
  kind: z.enum(['FULL', 'PARTIAL', 'VOID']),
  amountSen: Sen.refine((sen) => sen > 0, says('said.input.moreThanAmount', { amount: 'RM 0.00' })),
})
export type RefundRequest = z.infer<typeof RefundRequest>

export const RefundResult = z.object({
  /** approved and declined are the gateway's word; unknown means no usable answer: a status check settles it. */
  outcome: z.enum(['approved', 'declined', 'unknown', 'pending']),
  refund: RefundView,
  detail: OrderDetail,
})
export type RefundResult = z.infer<typeof RefundResult>

export const RefreshProgress = z.object({
  running: z.boolean(),
  cancelled: z.boolean(),
  /** Orders and refunds due now, asked about by this refresh. */
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  /** Waiting orders and refunds not due yet (the 60-second rule): left to the tracker. */
  notDue: z.number(),
  /** When the soonest of those is due. */
  nextDueInMs: z.number().nullable(),
})
export type RefreshProgress = z.infer<typeof RefreshProgress>

export const TrackerStatus = z.object({
  /** off: turned off in Settings; offline: the gateway could not be reached, checks paused until it can. */
  state: z.enum(['running', 'offline', 'off']),
  /** Orders and refunds still followed. */
  tracked: z.number(),
  dueNow: z.number(),
  nextCheckInMs: z.number().nullable(),
  /** While offline: when the next try is. */
  retryInMs: z.number().nullable(),
  lastError: z.string().nullable(),
  refresh: RefreshProgress.nullable(),
})
export type TrackerStatus = z.infer<typeof TrackerStatus>

export const ReceivedNotification = z.object({
  id: z.number(),
  receivedAt: z.string(),
  requestId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  /** transaction.type and transaction.status as the gateway sent them. */
  transactionType: z.string().nullable(),
  transactionStatus: z.string().nullable(),
  orderId: z.number().nullable(),
  /** What it did, for staff, in main's English ("INV-000042: Pending → Paid", …); `resultSay` is its id, for the desk's language (null for a row kept as text before). */
  result: z.string(),
  resultSay: SaidSchema.nullable(),
  /** Acting on it failed (the result says why); the tracker still follows the order. */
  failed: z.boolean(),
})
export type ReceivedNotification = z.infer<typeof ReceivedNotification>

export const ListenerStatus = z.object({
  enabled: z.boolean(),
  running: z.boolean(),
  /** The address to register at the gateway as the notification URL; null while off. */
  registerUrl: z.string().nullable(),
  /** Where it listens on this machine. */
  localUrl: z.string().nullable(),
  /** Why it is not running (e.g. the port is taken), in main's English; `errorSay` is its id, for the desk's language. */
  error: z.string().nullable(),
  errorSay: SaidSchema.nullable(),
  /**
   * Training only: Settings' host and port could not be used (the port taken by another program, say),
   * so it listens on a free port of this computer instead (`localUrl`), which the training gateway is
   * told by itself: notifications still arrive. Why and where, in main's English and as its id. Null
   * when it listens where Settings say; Sandbox and Production never move (their address is registered
   * at the gateway), they say `error`.
   */
  fallback: z.object({ message: z.string(), say: SaidSchema }).nullable(),
  /**
   * Since the app started: accepted, repeated, refused (wrong signature, too large; counted and logged,
   * never stored). `unmatched`: the kept notifications that name no order here (yet), all told.
   */
  counts: z.object({ accepted: z.number(), repeated: z.number(), badSignature: z.number(), tooLarge: z.number(), unmatched: z.number() }),
  recent: z.array(ReceivedNotification),
})
export type ListenerStatus = z.infer<typeof ListenerStatus>

export const ExportFinished = z.object({
  jobId: z.string(),
  status: z.enum(['done', 'cancelled', 'failed']),
  rows: z.number(),
  /** Where the file was written (done), or null. */
  file: z.string().nullable(),
  message: z.string(),
})
export type ExportFinished = z.infer<typeof ExportFinished>

// ---- operators, sign-in and roles ----

/** Clerk < Supervisor < Admin: each may do what the one before may, and more (docs/operators.md). */
export const Role = z.enum(['clerk', 'supervisor', 'admin'])
export type Role = z.infer<typeof Role>

export const OperatorView = z.object({
  id: z.number(),
  /** Short, unique on the desk, what is typed at sign-in. */
  login: z.string(),
  /** The name written on orders, the timeline and the audit log. */
  name: z.string(),
  role: Role,
  active: z.boolean(),
  /** Set while repeated wrong PINs keep the operator out. */
  lockedUntil: z.string().nullable(),
  createdAt: z.string(),
})
export type OperatorView = z.infer<typeof OperatorView>

export const SessionView = z.object({
  /** No operator exists yet: the first start asks for the first Admin. */
  setupNeeded: z.boolean(),
  /** Who is signed in (also while the screen is locked). */
  operator: OperatorView.nullable(),
  /** Locked after idle: the screen hides customer data until someone signs in again. */
  locked: z.boolean(),
  /** Minutes without a call before the lock (Settings). */
  idleLockMinutes: z.number(),
  /**
   * The first-run welcome is to show, in place of the screens: an Admin signed in (it saves settings)
   * and not locked, on a desk whose first Admin was made here and whose welcome was neither finished
   * nor skipped, with Training active. With the sign-in's answer, so that the screens show at once.
   */
  welcome: z.boolean(),
})
export type SessionView = z.infer<typeof SessionView>

const Login = z
  .string()
  .trim()
  .min(1, says('said.input.login'))
  .min(LOGIN_MIN_LENGTH, says('said.input.tooShort', { count: LOGIN_MIN_LENGTH }))
  .max(FIELD_LIMITS.login, tooLongMessage(FIELD_LIMITS.login))
  .regex(LOGIN_CHARACTERS, says('said.input.loginCharacters'))
/** At least 6 digits or 8 characters: main checks the rule and says it; the bridge bounds the size. */
const Pin = FormText(FIELD_LIMITS.pin)
const OperatorName = z.string().trim().min(1, says('said.input.name')).max(FIELD_LIMITS.operatorName, tooLongMessage(FIELD_LIMITS.operatorName))

/** Calls a Supervisor may approve on the spot for a Clerk; the id each approval is bound to. */
export const APPROVABLE_CALLS = ['refunds.request', 'refunds.register', 'phoneOrders.override', 'phoneOrders.charge', 'orders.cancelLink', 'orders.resolveReview', 'cards.remove'] as const
export const ApprovableCall = z.enum(APPROVABLE_CALLS)
export type ApprovableCall = z.infer<typeof ApprovableCall>

export const ApprovalGranted = z.object({ approver: z.string(), expiresAt: z.string() })
export type ApprovalGranted = z.infer<typeof ApprovalGranted>

/** One thing that would refuse a phone order's charge: the error the charge would answer (code, words, field; `needs` for a Clerk's limit). */
export const ChargeProblem = z.object({
  code: z.string(),
  message: z.string(),
  say: SaidSchema.optional(),
  field: z.string().optional(),
  needs: z.object({ role: Role, approvable: z.boolean() }).optional(),
})
export type ChargeProblem = z.infer<typeof ChargeProblem>

export const AuditFilters = z.object({
  actor: FormText(FIELD_LIMITS.auditFilter).optional(),
  action: FormText(FIELD_LIMITS.auditFilter).optional(),
  from: z.iso.datetime({ offset: true, error: says('said.input.dateTime') }).optional(),
  to: z.iso.datetime({ offset: true, error: says('said.input.dateTime') }).optional(),
})
export type AuditFilters = z.infer<typeof AuditFilters>

export const AuditEntryView = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  orderId: z.number().nullable(),
  invoiceNumber: z.string().nullable(),
  /** The Supervisor (or Admin) who approved the action on the spot; `actor` then reads "Mei Ling (approved by Ravi)". */
  approvedBy: z.string().nullable(),
  /** The entry's details as one line of text (JSON), secrets never included. */
  details: z.string(),
})
export type AuditEntryView = z.infer<typeof AuditEntryView>

// ---- the home screen and the end-of-day report (issue 20; docs/home-and-report.md) ----

/** Money of a period, integer sen: paid (orders paid, not waiting for review), refunds and voids approved, and net. */
export const Takings = z.object({
  paidSen: z.number(),
  paidCount: z.number(),
  refundedSen: z.number(),
  refundCount: z.number(),
  voidedSen: z.number(),
  voidCount: z.number(),
  /** paid − refunded − voided. */
  netSen: z.number(),
})
export type Takings = z.infer<typeof Takings>

export const ChannelGroup = z.enum(['card', 'fpx', 'ewallet', 'paylater', 'other'])
export type ChannelGroup = z.infer<typeof ChannelGroup>

/** One period of the home screen (Malaysia days, `YYYY-MM-DD`, `to` exclusive) beside the one before it. */
export const PeriodFigures = z.object({
  from: z.string(),
  to: z.string(),
  current: Takings,
  previous: Takings,
  previousFrom: z.string(),
  previousTo: z.string(),
  /** Paid sen per bucket (hours of today, days of the week or month) and channel family. */
  chart: z.object({
    labels: z.array(z.string()),
    series: z.array(z.object({ group: ChannelGroup, paidSen: z.array(z.number()) })),
  }),
})
export type PeriodFigures = z.infer<typeof PeriodFigures>

export const HomeFigures = z.object({
  at: z.string(),
  today: PeriodFigures,
  week: PeriodFigures,
  month: PeriodFigures,
})
export type HomeFigures = z.infer<typeof HomeFigures>

/** One thing that needs a person; it opens its order when it has one. */
export const AttentionItem = z.object({
  key: z.string(),
  orderId: z.number().nullable(),
  invoiceNumber: z.string().nullable(),
  amountSen: z.number().nullable(),
  /** The customer, or what happened (a notification's result), in main's English. */
  detail: z.string(),
  /** The same as a message of main's catalogue, worded on screen in the desk's language; null when `detail` is data (a name). */
  detailSay: SaidSchema.nullable(),
  at: z.string().nullable(),
  /** Outcome unknown: when its status check is due (0: now); null otherwise. */
  checkDueInMs: z.number().nullable(),
})
export type AttentionItem = z.infer<typeof AttentionItem>

const AttentionList = z.object({ total: z.number(), items: z.array(AttentionItem) })

export const Attention = z.object({
  outcomeUnknown: AttentionList,
  needsReview: AttentionList,
  linksExpiring: AttentionList,
  refundsWaiting: AttentionList,
  notificationsFailed: AttentionList,
})
export type Attention = z.infer<typeof Attention>

/** Malaysia days, both included (one day: from = to); at most a year. */
export const ReportPeriod = z
  .object({ from: z.iso.date({ error: says('said.input.date') }), to: z.iso.date({ error: says('said.input.date') }) })
  .refine((period) => period.from <= period.to, { message: says('said.input.onOrAfterFirstDay'), path: ['to'] })
  .refine((period) => Date.parse(period.to) - Date.parse(period.from) <= 366 * 86_400_000, { message: says('said.input.atMostAYear'), path: ['to'] })
export type ReportPeriod = z.infer<typeof ReportPeriod>

const ReportLine = Takings.extend({ key: z.string(), label: z.string() })

export const EndOfDayReport = z.object({
  from: z.string(),
  to: z.string(),
  at: z.string(),
  /** The history's environment: a Training or Sandbox report is marked as not real payments, on screen and in print. */
  environment: Environment,
  /** The shop's name (Settings), which heads the report; empty when none is set. */
  shopName: z.string(),
  totals: Takings,
  byChannel: z.array(ReportLine.extend({ group: ChannelGroup })),
  byKind: z.array(ReportLine),
  /** Paid by who made the order; refunds and voids by who asked for them. */
  byOperator: z.array(ReportLine),
  /** Orders made in the period, by where they stand now. */
  byStatus: z.array(z.object({ status: OrderStatus, count: z.number() })),
  /** Of those, waiting for a staff decision on the gateway's answer (Needs review). */
  needsReview: z.number(),
  /** Orders made in the period not final yet (waiting, outcome unknown, an unknown word, Needs review). */
  notFinal: z.object({ total: z.number(), orders: z.array(OrderView) }),
})
export type EndOfDayReport = z.infer<typeof EndOfDayReport>

const NoInput = z.undefined()

/** The first-run welcome (Training, on a fresh desk, after its first Admin): whether it is still to show. */
export const WelcomeView = z.object({
  /** This desk's first Admin was made here and the welcome was neither finished nor skipped yet, and Training is active. */
  show: z.boolean(),
})
export type WelcomeView = z.infer<typeof WelcomeView>

interface CallSpec<I extends z.ZodType, O extends z.ZodType> {
  readonly input: I
  readonly output: O
}

function call<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): CallSpec<I, O> {
  return { input, output }
}

/** renderer → main. Names are `domain.action`; the renderer sees them as `api.domain.action()`. */
export const calls = {
  'app.info': call(NoInput, AppInfo),
  'session.status': call(NoInput, SessionView),
  /** The first Admin, on a desk without operators; refused once one exists. */
  'session.setup': call(z.object({ login: Login, name: OperatorName, pin: Pin }), SessionView),
  'session.signIn': call(z.object({ login: FormText(FIELD_LIMITS.login), pin: Pin }), SessionView),
  'session.signOut': call(NoInput, SessionView),
  /** The screen's idle timer ran out: locked until someone signs in again. */
  'session.lock': call(NoInput, SessionView),
  'session.changePin': call(z.object({ currentPin: Pin, newPin: Pin }), SessionView),
  'operators.list': call(NoInput, z.object({ operators: z.array(OperatorView) })),
  'operators.create': call(z.object({ login: Login, name: OperatorName, role: Role, pin: Pin }), OperatorView),
  'operators.update': call(z.object({ id: z.number().int().positive(), name: OperatorName, role: Role, active: z.boolean() }), OperatorView),
  'operators.resetPin': call(z.object({ id: z.number().int().positive(), pin: Pin }), OperatorView),
  /**
   * A Supervisor (or Admin) approves, at this desk, one call a Clerk was refused: the same call on the
   * same subject (order, card) is then allowed once, within two minutes, written with both names.
   */
  'approvals.grant': call(z.object({ call: ApprovableCall, subjectId: z.number().int().positive(), login: FormText(FIELD_LIMITS.login), pin: Pin }), ApprovalGranted),
  'audit.list': call(
    AuditFilters.extend({ limit: z.number().int().min(1).max(500), beforeId: z.number().int().positive().optional() }),
    z.object({ rows: z.array(AuditEntryView), nextBeforeId: z.number().nullable() }),
  ),
  /** Writes the filtered audit log as CSV where the user chooses (or the exports folder). */
  'audit.exportCsv': call(AuditFilters, z.object({ file: z.string().nullable(), rows: z.number() })),
  /** Team mode (Settings → Team database): where the shared history lives. */
  'team.get': call(NoInput, TeamView),
  /** Connects with these details (and the password given, or the one kept) and says what is there; changes nothing. */
  'team.probe': call(z.object({ connection: TeamConnection, password: TeamPassword.optional() }), TeamProbe),
  /**
   * Migrates an empty database into a team and moves this desk into it; the new team key is returned
   * once, here, and never again. `importHistory` then copies this desk's Sandbox and Production history.
   */
  'team.create': call(z.object({ connection: TeamConnection, password: TeamPassword, importHistory: z.boolean() }), z.object({ team: TeamView, teamKey: z.string() })),
  /** Joins an existing team (its schema version must be this app's) with the team key shown when it was created. */
  'team.join': call(z.object({ connection: TeamConnection, password: TeamPassword, teamKey: TeamKey }), TeamView),
  /** Starts (or resumes) copying this desk's history into the team; progress arrives as `team.changed`. */
  'team.importHistory': call(NoInput, TeamView),
  /** Back to this desk's own SQLite history (the team database is left as it is). */
  'team.leave': call(NoInput, TeamView),
  'environment.switch': call(
    z.object({
      environment: Environment,
      /** Switching to Production must be confirmed by the user first. */
      confirmProduction: z.boolean().optional(),
    }),
    SettingsView,
  ),
  /** This desk's language, remembered for every operator of the desk (and the sign-in screen). */
  'app.setLanguage': call(z.object({ language: Language }), z.object({ language: Language })),
  /** The welcome was finished or skipped: it does not show again by itself (Settings opens it on demand). */
  'welcome.finish': call(NoInput, WelcomeView),
  'settings.get': call(NoInput, SettingsView),
  'settings.update': call(EnvironmentSettings, SettingsView),
  'credentials.get': call(NoInput, CredentialsView),
  'credentials.update': call(
    z.object({
      environment: GatewayEnvironment,
      clientId: ClientId.optional(),
      apiKeyTrailingColon: z.boolean().optional(),
      /** Sets or replaces the Secret Key (card scheme and generic signatures). */
      secretKey: SecretInput.optional(),
      /** Sets or replaces the API Key (generic scheme's Basic credentials). */
      apiKey: SecretInput.optional(),
    }),
    CredentialsView,
  ),
  'credentials.removeSecret': call(z.object({ environment: GatewayEnvironment, secret: z.enum(['secretKey', 'apiKey']) }), CredentialsView),
  'gateway.testConnection': call(z.object({ environment: Environment }), z.object({ checks: z.array(ConnectionCheck) })),
  'orders.search': call(
    OrderFilters.extend({
      limit: z.number().int().min(1).max(500),
      /** Keyset cursor: `nextBeforeId` of the previous page. */
      beforeId: z.number().int().positive().optional(),
    }),
    z.object({ rows: z.array(OrderView), nextBeforeId: z.number().nullable() }),
  ),
  /** How many orders match these filters, exactly: as many as a CSV export of the same filters writes. */
  'orders.count': call(OrderFilters, z.object({ total: z.number().int().min(0) })),
  'orders.get': call(z.object({ id: z.number().int().positive() }), OrderDetail),
  'orders.attempt': call(z.object({ id: z.number().int().positive() }), AttemptView),
  /** Starts writing a CSV of exactly these filters; progress and the end arrive as events. */
  'orders.exportCsv': call(OrderFilters, z.object({ jobId: z.string().nullable(), total: z.number() })),
  'orders.cancelExport': call(z.object({ jobId: z.string().max(64) }), z.object({ cancelled: z.boolean() })),
  /** Asks the gateway where the order stands; refused (TOO_EARLY) before `statusCheck.dueInMs` has passed. */
  'orders.checkStatus': call(z.object({ id: z.number().int().positive() }), OrderDetail),
  /** The decision that clears "Needs review": paid as the gateway says, or not this order's payment. */
  'orders.resolveReview': call(z.object({ id: z.number().int().positive(), decision: z.enum(['paid', 'not_paid']), reason: FormText(FIELD_LIMITS.reviewReason) }), OrderDetail),
  /** Marks a waiting link cancelled here. The gateway has no cancel call: the link itself stays open there. */
  'orders.cancelLink': call(z.object({ id: z.number().int().positive(), reason: FormText(FIELD_LIMITS.cancelReason) }), OrderDetail),
  /** The next invoice number and the environment's link defaults, for a new link form. */
  'links.prepare': call(NoInput, LinkDefaults),
  /** FPX banks from the gateway's bank list. */
  'links.banks': call(NoInput, z.object({ banks: z.array(Bank) })),
  /** Creates a hosted card page or a generic-channel payment and records the order. */
  'links.create': call(LinkRequest, OrderDetail),
  /** Customers whose name, e-mail or phone starts with what was typed. */
  'customers.search': call(z.object({ text: FormText(FIELD_LIMITS.customerSearch) }), z.object({ customers: z.array(CustomerView) })),
  'customers.get': call(z.object({ id: z.number().int().positive() }), z.object({ customer: CustomerView, cards: z.array(SavedCardView), orders: z.array(OrderView) })),
  'customers.save': call(CustomerInput, CustomerView),
  /** A card token pasted from the gateway's back office. */
  'cards.add': call(
    z.object({
      customerId: z.number().int().positive(),
      token: FormText(FIELD_LIMITS.cardToken),
      masked: FormText(FIELD_LIMITS.cardMasked),
      brand: FormText(FIELD_LIMITS.cardBrand),
    }),
    SavedCardView,
  ),
  /** Unbinds the token at the gateway, then marks the card inactive here. */
  'cards.remove': call(z.object({ cardId: z.number().int().positive() }), SavedCardView),
  'phoneOrders.prepare': call(
    NoInput,
    z.object({
      invoiceNumber: z.string(),
      chargeLimitSen: z.number(),
      duplicateWindowMinutes: z.number(),
      descriptor: z.string(),
      /** The gateway's answer timeout (Settings): what a waiting charge counts its seconds against. */
      responseTimeoutSeconds: z.number(),
    }),
  ),
  /**
   * What would refuse this charge now (a used invoice, a locked card, the per-charge limit, a Clerk's
   * limit, the duplicate guard), all at once, for the form to show before the confirmation. Reads
   * only: nothing is written or sent, and the charge checks everything again.
   */
  'phoneOrders.check': call(PhoneOrderRequest, z.object({ problems: z.array(ChargeProblem) })),
  /** A MOTO charge of a saved card, written ahead; never sent twice for one order. */
  'phoneOrders.charge': call(PhoneOrderRequest, ChargeResult),
  /** A supervisor lifts the lock of an unknown outcome without a settled status (audited). */
  'phoneOrders.override': call(z.object({ orderId: z.number().int().positive(), reason: FormText(FIELD_LIMITS.overrideReason) }), OrderDetail),
  'phoneOrders.receipt': call(z.object({ orderId: z.number().int().positive() }), Receipt),
  /** A refund or void of a paid card order, written ahead; never sent twice. */
  'refunds.request': call(RefundRequest, RefundResult),
  /** Asks the gateway about a refund by its Request-Id; refused (TOO_EARLY) before its check is due. */
  'refunds.checkStatus': call(z.object({ refundId: z.number().int().positive() }), RefundResult),
  /** A refund made elsewhere (e.g. the gateway's back office), followed here by its request id. */
  'refunds.register': call(
    z.object({
      orderId: z.number().int().positive(),
      requestId: z
        .string()
        .trim()
        .min(1, says('said.input.refundRequestId'))
        .max(FIELD_LIMITS.refundRequestId, tooLongMessage(FIELD_LIMITS.refundRequestId))
        .regex(/^[A-Za-z0-9._:-]+$/, says('said.input.requestIdCharacters')),
    }),
    RefundResult,
  ),
  'tracker.status': call(NoInput, TrackerStatus),
  /** Checks every waiting order and refund that is due now; those not due yet are left to the tracker. */
  'tracker.refreshAll': call(NoInput, TrackerStatus),
  'tracker.cancelRefresh': call(NoInput, TrackerStatus),
  'listener.status': call(NoInput, ListenerStatus),
  /** Today's, this week's and this month's takings beside the period before (Malaysia time), with their charts. */
  'home.figures': call(NoInput, HomeFigures),
  /** What needs a person now: outcomes unknown, Needs review, links expiring within the hour, refunds waiting, failed notifications. */
  'home.attention': call(NoInput, Attention),
  'report.get': call(ReportPeriod, EndOfDayReport),
  /** Writes the report as CSV where the user chooses (or the exports folder). */
  'report.exportCsv': call(ReportPeriod, z.object({ file: z.string().nullable(), rows: z.number() })),
  /** The desktop app only: the report on show saved as a PDF (printToPDF); browser mode answers DESKTOP_ONLY. */
  'report.savePdf': call(ReportPeriod, z.object({ file: z.string().nullable() })),
} as const

/** main → renderer. */
export const events = {
  'environment.changed': z.object({ environment: Environment }),
  /** A keyboard shortcut chosen from the application menu (src-common/shortcuts.ts); the renderer runs it. */
  'app.shortcut': z.object({ action: z.enum(SHORTCUT_ACTIONS) }),
  'export.progress': z.object({ jobId: z.string(), written: z.number(), total: z.number() }),
  'export.finished': ExportFinished,
  /** An order changed in main (created, checked, cancelled, notified): screens showing it refetch it. */
  'orders.changed': z.object({ id: z.number() }),
  /** The tracker's state or a refresh's progress changed. */
  'tracker.changed': TrackerStatus,
  /** A notification arrived or the listener started or stopped: the settings screen refetches. */
  'listener.changed': z.object({}),
  /** Team mode changed: connected, unreachable, leader moved, import progress. */
  'team.changed': TeamView,
} as const

export type CallName = keyof typeof calls
export type EventName = keyof typeof events
/** What the renderer may pass (before parsing). */
export type CallInput<K extends CallName> = z.input<(typeof calls)[K]['input']>
/** What a main-process handler receives (after parsing). */
export type ParsedInput<K extends CallName> = z.output<(typeof calls)[K]['input']>
export type CallOutput<K extends CallName> = z.output<(typeof calls)[K]['output']>
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>

export const callNames: readonly CallName[] = CALL_NAMES

/** Exactly the same names, both ways: a call or event added here and not to ./bridge-names.ts (or the other way round) does not compile. */
type SameNames<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type MustBeTrue<T extends true> = T
export type ContractNamesMatch = [MustBeTrue<SameNames<CallName, (typeof CALL_NAMES)[number]>>, MustBeTrue<SameNames<EventName, (typeof EVENT_NAMES)[number]>>]

/** Who may make a call: anyone (signed out too), or an operator of at least this role. */
export type Access = 'anyone' | Role

export interface Permission {
  readonly access: Access
  /** A Supervisor may approve it on the spot for a Clerk (approvals.grant). */
  readonly approvable?: boolean
  /** An input flag that raises the call to this role (phone order "charge again" past the duplicate guard). */
  readonly raisedBy?: { readonly field: string; readonly access: Role }
  /** An input amount above a limit of Settings raises the call to this role (a Clerk's phone-order limit). */
  readonly raisedAbove?: { readonly field: string; readonly limit: 'clerkChargeLimitSen'; readonly access: Role }
}

/**
 * Who may do what, declared once for every call (a call without an entry does not compile), and
 * enforced by the bridge's dispatch in main before the handler runs. Screens only mirror it.
 */
export const PERMISSIONS: { readonly [K in CallName]: Permission } = {
  'app.info': { access: 'anyone' },
  'session.status': { access: 'anyone' },
  'session.setup': { access: 'anyone' },
  'session.signIn': { access: 'anyone' },
  'session.signOut': { access: 'anyone' },
  'session.lock': { access: 'anyone' },
  'session.changePin': { access: 'clerk' },
  'operators.list': { access: 'admin' },
  'operators.create': { access: 'admin' },
  'operators.update': { access: 'admin' },
  'operators.resetPin': { access: 'admin' },
  'approvals.grant': { access: 'clerk' },
  'audit.list': { access: 'supervisor' },
  'audit.exportCsv': { access: 'supervisor' },
  'team.get': { access: 'anyone' },
  'team.probe': { access: 'admin' },
  'team.create': { access: 'admin' },
  'team.join': { access: 'admin' },
  'team.importHistory': { access: 'admin' },
  'team.leave': { access: 'admin' },
  'environment.switch': { access: 'admin' },
  'app.setLanguage': { access: 'anyone' },
  'welcome.finish': { access: 'admin' },
  'settings.get': { access: 'clerk' },
  'settings.update': { access: 'admin' },
  'credentials.get': { access: 'admin' },
  'credentials.update': { access: 'admin' },
  'credentials.removeSecret': { access: 'admin' },
  'gateway.testConnection': { access: 'admin' },
  'orders.search': { access: 'clerk' },
  'orders.count': { access: 'clerk' },
  'orders.get': { access: 'clerk' },
  'orders.attempt': { access: 'clerk' },
  'orders.exportCsv': { access: 'clerk' },
  'orders.cancelExport': { access: 'clerk' },
  'orders.checkStatus': { access: 'clerk' },
  'orders.resolveReview': { access: 'supervisor', approvable: true },
  'orders.cancelLink': { access: 'supervisor', approvable: true },
  'links.prepare': { access: 'clerk' },
  'links.banks': { access: 'clerk' },
  'links.create': { access: 'clerk' },
  'customers.search': { access: 'clerk' },
  'customers.get': { access: 'clerk' },
  'customers.save': { access: 'clerk' },
  'cards.add': { access: 'clerk' },
  'cards.remove': { access: 'supervisor', approvable: true },
  'phoneOrders.prepare': { access: 'clerk' },
  'phoneOrders.check': { access: 'clerk' },
  'phoneOrders.charge': {
    access: 'clerk',
    approvable: true,
    raisedBy: { field: 'confirmDuplicate', access: 'supervisor' },
    raisedAbove: { field: 'amountSen', limit: 'clerkChargeLimitSen', access: 'supervisor' },
  },
  'phoneOrders.override': { access: 'supervisor', approvable: true },
  'phoneOrders.receipt': { access: 'clerk' },
  'refunds.request': { access: 'supervisor', approvable: true },
  'refunds.checkStatus': { access: 'clerk' },
  'refunds.register': { access: 'supervisor', approvable: true },
  'tracker.status': { access: 'clerk' },
  'tracker.refreshAll': { access: 'clerk' },
  'tracker.cancelRefresh': { access: 'clerk' },
  'listener.status': { access: 'clerk' },
  'home.figures': { access: 'supervisor' },
  'home.attention': { access: 'clerk' },
  'report.get': { access: 'supervisor' },
  'report.exportCsv': { access: 'supervisor' },
  'report.savePdf': { access: 'supervisor' },
}
export const eventNames: readonly EventName[] = EVENT_NAMES

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.hasOwn(calls, name)
}

export { BridgeErrorCode } from './bridge-names'

/**
 * A message of main's catalogue (src-common/said): its id and values. A value is data (a number, an
 * invoice number, a name, the gateway's own text) or another whole message of the catalogue.
 */
export interface Said {
  id: string
  values?: Record<string, string | number | Said>
}

export interface CallError {
  code: string
  /** In English, for logs and tests; the renderer shows `say` worded in the desk's language instead (src-renderer/api.ts). */
  message: string
  /** What main says, as a message id with its values, worded by the renderer from its catalogues' `said` section; absent for a text main has no id for yet. */
  say?: Said
  /** The input field the error is about, as a dotted path, when there is one. */
  field?: string
  /** A FORBIDDEN call: the role it needs, and whether a Supervisor may approve it on the spot. */
  needs?: { role: Role; approvable: boolean }
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: CallError }

export { callChannel, eventChannel, isEventName } from './bridge-names'

type CallFn<K extends CallName> = undefined extends CallInput<K> ? (input?: CallInput<K>) => Promise<Result<CallOutput<K>>> : (input: CallInput<K>) => Promise<Result<CallOutput<K>>>

type DomainOf<K> = K extends `${infer D}.${string}` ? D : never
type ActionOf<K, D extends string> = K extends `${D}.${infer A}` ? A : never

/** What the renderer sees as `window.api`: one function per call, grouped by domain, and `on`. */
export type Api = {
  readonly [D in DomainOf<CallName>]: {
    readonly [K in CallName as ActionOf<K, D>]: CallFn<K>
  }
} & {
  /** Subscribe to an event; returns the function that unsubscribes. */
  readonly on: <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void
}
