/**
 * Realistic made-up orders for demos, the end-to-end harness and the search benchmark: Malaysian
 * customers (Malay, Chinese and Indian names, +60 mobile numbers written the many ways people write
 * them), card links, phone orders and the generic channels in believable proportions, mostly paid.
 *
 * Deterministic: the same `seed` and `now` give the same rows. Fast: prepared statements, one
 * transaction per `batchSize` orders; the full-text triggers still run for every order.
 * Training data only: scripts/seed.ts refuses any other environment.
 */
import type { Db } from './database'
import type { History } from './history'
import type { OrderKind, OrderStatus } from './history-types'
import { OPEN_STATUSES } from './reports'
import { cardSaid } from '../../src-common/said/card-said'
import { englishOf } from '../../src-common/said/english'
import { say, type Said } from '../../src-common/said/say'

export interface SeedOptions {
  count: number
  /** The PRNG seed; default 1. */
  seed?: number
  /** The newest order is at most this recent; orders spread over the 365 days before it. */
  now?: Date
  /** Orders per transaction; default 10,000. */
  batchSize?: number
  onProgress?: (done: number, total: number) => void
}

export interface SeedResult {
  orders: number
  customers: number
  events: number
  firstId: number | null
  lastId: number | null
}

/** A timeline entry's summary (main's English) and details (its words by id, `say`, beside other facts). */
function entry(said: Said, facts: Record<string, string> = {}): { summary: string; details: string } {
  return { summary: englishOf(said), details: JSON.stringify({ ...facts, say: said }) }
}

const LINK_CREATED = entry(say('said.timeline.linkCreated'))
const NOTIFIED = entry(say('said.timeline.seededNotification'))
const STATUS_CHANGES = new Map<string, ReturnType<typeof entry>>()

/** PENDING → `status` (a final one), made once a status and kind: the seed writes one for most of its orders. */
function statusChange(status: OrderStatus, link: boolean): ReturnType<typeof entry> {
  const key = `${status}:${String(link)}`
  let change = STATUS_CHANGES.get(key)
  if (!change) {
    const raw = RAW_STATUS[status]
    // A status no gateway word stands for was set here: a cancelled link as the app marks one.
    const said =
      raw !== undefined
        ? say('said.timeline.seededChange', { from: 'PENDING', to: status, gatewayStatus: raw })
        : status === 'CANCELLED' && link
          ? say('said.timeline.cancelled')
          : say('said.timeline.seededChangeHere', { from: 'PENDING', to: status })
    change = entry(said, { from: 'PENDING', to: status })
    STATUS_CHANGES.set(key, change)
  }
  return change
}

const DAY_MS = 86_400_000
/** How long a seeded link can be paid. */
const LINK_VALID_MS = DAY_MS

/** mulberry32: small, fast, good enough for made-up data, and reproducible. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

type Random = () => number

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T
}

/** Picks by weight: [[item, weight], ...]. */
function weighted<T>(random: Random, table: readonly (readonly [T, number])[]): T {
  const total = table.reduce((sum, [, weight]) => sum + weight, 0)
  let roll = random() * total
  for (const [item, weight] of table) {
    roll -= weight
    if (roll < 0) return item
  }
  return (table.at(-1) as readonly [T, number])[0]
}

function digits(random: Random, count: number): string {
  let out = ''
  for (let i = 0; i < count; i += 1) out += String(Math.floor(random() * 10))
  return out
}

const HEX = '0123456789abcdef'
function hex(random: Random, count: number): string {
  let out = ''
  for (let i = 0; i < count; i += 1) out += HEX[Math.floor(random() * 16)] ?? '0'
  return out
}

/** A version 4 UUID from the seeded generator (crypto.randomUUID would not be reproducible). */
export function seededUuid(random: Random): string {
  const variant = HEX[8 + Math.floor(random() * 4)] ?? '8'
  return `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-${variant}${hex(random, 3)}-${hex(random, 12)}`
}

const MALAY_MALE = ['Ahmad', 'Muhammad', 'Mohd', 'Faiz', 'Hafiz', 'Amir', 'Irfan', 'Azman', 'Syafiq', 'Haziq', 'Danial', 'Zulkifli', 'Khairul', 'Aiman', 'Rizal']
const MALAY_FEMALE = ['Nur', 'Siti', 'Nurul', 'Aisyah', 'Farah', 'Aina', 'Hidayah', 'Zulaikha', 'Noraini', 'Fatimah', 'Sofea', 'Izzati', 'Amirah', 'Syahirah', 'Hanis']
const MALAY_FATHER = ['Abdullah', 'Ismail', 'Hassan', 'Razak', 'Ibrahim', 'Yusof', 'Osman', 'Hamzah', 'Rahman', 'Salleh', 'Kassim', 'Zakaria', 'Aziz', 'Jamil', 'Idris']
const CHINESE_SURNAME = ['Tan', 'Lim', 'Lee', 'Wong', 'Ng', 'Chong', 'Chan', 'Teo', 'Goh', 'Ong', 'Yap', 'Loh', 'Cheah', 'Khoo', 'Liew', 'Chin', 'Foo', 'Low']
const CHINESE_GIVEN = [
  'Wei Ming',
  'Mei Ling',
  'Kah Wai',
  'Siew Lan',
  'Jia Hui',
  'Zhi Hao',
  'Chee Keong',
  'Boon Huat',
  'Hui Min',
  'Xin Yi',
  'Kok Leong',
  'Pei Shan',
  'Jun Jie',
  'Yee Ling',
  'Wai Kit',
  'Siew-Ling',
]
const INDIAN_MALE = ['Arjun', 'Ravi', 'Suresh', 'Ganesh', 'Vinod', 'Kumar', 'Rajesh', 'Prakash', 'Sanjay', 'Muthu']
const INDIAN_FEMALE = ['Kavitha', 'Priya', 'Thivya', 'Lakshmi', 'Deepa', 'Anjali', 'Shalini', 'Meena', 'Revathi', 'Sangeetha']
const INDIAN_FATHER = ['Subramaniam', 'Muthusamy', 'Raman', 'Krishnan', 'Nair', 'Pillai', 'Rajendran', 'Selvam', 'Ramasamy', 'Govindasamy']
const DOMAINS = ['gmail.com', 'gmail.com', 'gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'yahoo.com.my', 'icloud.com', 'live.com.my', 'unimas.my']
const CITIES: readonly (readonly [string, string, string])[] = [
  ['Kuala Lumpur', 'WP Kuala Lumpur', '50'],
  ['Petaling Jaya', 'Selangor', '46'],
  ['Shah Alam', 'Selangor', '40'],
  ['George Town', 'Pulau Pinang', '10'],
  ['Johor Bahru', 'Johor', '80'],
  ['Ipoh', 'Perak', '30'],
  ['Kuching', 'Sarawak', '93'],
  ['Kota Kinabalu', 'Sabah', '88'],
  ['Melaka', 'Melaka', '75'],
  ['Seremban', 'Negeri Sembilan', '70'],
]
const STREETS = ['Jalan Ampang', 'Jalan Tun Razak', 'Jalan SS2/24', 'Lorong Burma', 'Jalan Bukit Bintang', 'Jalan Sultan Ismail', 'Persiaran Gurney', 'Jalan Tebrau']

interface FakeCustomer {
  name: string
  email: string
  phone: string
}

function fakePerson(random: Random): FakeCustomer {
  const group = weighted(random, [
    ['malay', 55],
    ['chinese', 30],
    ['indian', 15],
  ] as const)
  let name: string
  let first: string
  let last: string
  if (group === 'malay') {
    const female = random() < 0.5
    first = pick(random, female ? MALAY_FEMALE : MALAY_MALE)
    const second = pick(random, female ? MALAY_FEMALE : MALAY_MALE)
    last = pick(random, MALAY_FATHER)
    name = `${first}${second === first ? '' : ` ${second}`} ${female ? 'binti' : 'bin'} ${last}`
  } else if (group === 'chinese') {
    last = pick(random, CHINESE_SURNAME)
    const given = pick(random, CHINESE_GIVEN)
    first = given.replace(/[\s-]/g, '')
    name = `${last} ${given}`
  } else {
    const female = random() < 0.5
    first = pick(random, female ? INDIAN_FEMALE : INDIAN_MALE)
    last = pick(random, INDIAN_FATHER)
    name = `${first} ${female ? 'a/p' : 'a/l'} ${last}`
  }
  const local = weighted(random, [
    [`${first}.${last}`, 3],
    [`${first}${last}${String(Math.floor(random() * 100))}`, 3],
    [`${first}_${String(1960 + Math.floor(random() * 45))}`, 2],
    [`${last[0] ?? 'x'}${first}`, 1],
  ] as const)
  const email = `${local.toLowerCase()}@${pick(random, DOMAINS)}`
  // Mobile numbers: 01X, 011 with eight digits; written the ways staff and forms write them.
  const operator = weighted(random, [
    ['12', 20],
    ['13', 12],
    ['14', 10],
    ['16', 12],
    ['17', 12],
    ['18', 8],
    ['19', 14],
    ['11', 12],
  ] as const)
  const subscriber = digits(random, operator === '11' ? 8 : 7)
  const head = subscriber.slice(0, 3)
  const tail = subscriber.slice(3)
  const phone = weighted(random, [
    [`+60 ${operator}-${head} ${tail}`, 4],
    [`+60${operator}${subscriber}`, 2],
    [`0${operator}-${head} ${tail}`, 2],
    [`0${operator}${subscriber}`, 2],
    [`60${operator}${subscriber}`, 1],
  ] as const)
  return { name, email, phone }
}

const CHANNELS: readonly (readonly [readonly [OrderKind, string], number])[] = [
  [['card_link', 'CARD'], 38],
  [['phone_order', 'CARD'], 22],
  [['generic_link', 'INTERNET_BANKING_FPX'], 16],
  [['generic_link', 'EWALLET_TNG'], 8],
  [['generic_link', 'EWALLET_GRABPAY'], 5],
  [['generic_link', 'EWALLET_SHOPEEPAY'], 5],
  [['generic_link', 'BNPL_ATOME'], 3],
  [['generic_link', 'BNPL_GRABPAY'], 2],
  [['generic_link', 'BNPL_SHOPEEPAY'], 1],
]

const STATUSES: readonly (readonly [OrderStatus, number])[] = [
  ['PAID', 78],
  ['PENDING', 5],
  ['FAILED', 6],
  ['EXPIRED', 5],
  ['REFUNDED', 3.5],
  ['CANCELLED', 1.5],
  ['VOIDED', 0.5],
  ['OUTCOME_UNKNOWN', 0.3],
]

const RAW_STATUS: Partial<Record<OrderStatus, string>> = { PAID: 'SUCCESS', PENDING: 'PENDING', FAILED: 'FAILED', EXPIRED: 'EXPIRED', REFUNDED: 'REFUNDED', VOIDED: 'VOIDED' }
const STAFF = ['Aisyah', 'Mei Ling', 'Kumar', 'Hafiz', 'Jessica Tan', 'Farah']
const BRANDS: readonly (readonly [string, string, number])[] = [
  ['VISA', '4', 55],
  ['MASTERCARD', '5', 40],
  ['AMEX', '3', 5],
]

/** Amounts in sen, RM 5 to RM 5,000, most of them small, rounded the way prices are. */
function amountSen(random: Random): number {
  const ringgit = Math.exp(Math.log(5) + random() * (Math.log(5_000) - Math.log(5)))
  const sen = random() < 0.6 ? Math.round(ringgit) * 100 : Math.round((ringgit * 100) / 5) * 5
  return Math.min(500_000, Math.max(500, sen))
}

const ORDER_COLUMNS = [
  'id',
  'kind',
  'invoice_number',
  'amount_sen',
  'currency',
  'channel',
  'status',
  'raw_status',
  'customer_id',
  'customer_name',
  'customer_email',
  'customer_phone',
  'request_id',
  'payment_id',
  'gateway_reference_id',
  'link_url',
  'link_expires_at',
  'card_masked',
  'card_last4',
  'card_brand',
  'created_by',
  'created_at',
  'updated_at',
  'completed_at',
] as const

function isHistory(target: Db | History): target is History {
  return 'orders' in target && 'db' in target
}

/** Adds `count` made-up orders (and their customers and timelines) after whatever is there. */
export function seedOrders(target: Db | History, options: SeedOptions): SeedResult {
  const db = isHistory(target) ? target.db : target
  const count = Math.max(0, Math.floor(options.count))
  const random = createRandom(options.seed ?? 1)
  const now = (options.now ?? new Date()).getTime()
  const batchSize = Math.max(1, options.batchSize ?? 10_000)
  const insertCustomer = db.prepare(`insert into customers (external_id, name, email, phone, address, city, state, zip_code, country, created_at, updated_at)
    values (?, ?, ?, ?, ?, ?, ?, ?, 'MY', ?, ?)`)
  const insertOrder = db.prepare(`insert into orders (${ORDER_COLUMNS.join(', ')}) values (${ORDER_COLUMNS.map(() => '?').join(', ')})`)
  const insertEvent = db.prepare('insert into events (order_id, type, summary, details, attempt_id, actor, at) values (?, ?, ?, ?, null, ?, ?)')
  const start = now - 365 * DAY_MS
  const firstId = ((db.prepare('select max(id) from orders').pluck().get() as number | null) ?? 0) + 1
  const firstCustomer = ((db.prepare('select max(id) from customers').pluck().get() as number | null) ?? 0) + 1

  // Returning customers: about one customer per eight orders, so a name or phone has history.
  const customerCount = count === 0 ? 0 : Math.min(150_000, Math.max(20, Math.ceil(count / 8)))
  const customers: FakeCustomer[] = []
  for (let done = 0; done < customerCount; done += batchSize) {
    db.transaction(() => {
      for (let i = done; i < Math.min(customerCount, done + batchSize); i += 1) {
        const person = fakePerson(random)
        const [city, state, zip] = pick(random, CITIES)
        const at = new Date(start - Math.floor(random() * 365 * DAY_MS)).toISOString()
        insertCustomer.run(
          `CUST-${String(firstCustomer + i).padStart(7, '0')}`,
          person.name,
          person.email,
          person.phone,
          `${String(1 + Math.floor(random() * 200))} ${pick(random, STREETS)}`,
          city,
          state,
          `${zip}${digits(random, 3)}`,
          at,
          at,
        )
        customers.push(person)
      }
    })()
  }

  let events = 0
  for (let done = 0; done < count; done += batchSize) {
    db.transaction(() => {
      for (let i = done; i < Math.min(count, done + batchSize); i += 1) {
        const id = firstId + i
        // Spread evenly with jitter inside each slot, so created_at never goes back as the id grows.
        const created = start + Math.floor(((i + random() * 0.9) / count) * 365 * DAY_MS)
        const createdAt = new Date(created).toISOString()
        const [kind, channel] = weighted(random, CHANNELS)
        let status = weighted(random, STATUSES)
        // Only recent links are still waiting; older ones have paid or expired.
        if (status === 'PENDING' && now - created > 7 * DAY_MS && kind !== 'phone_order') status = random() < 0.5 ? 'EXPIRED' : 'PAID'
        if (kind === 'phone_order' && (status === 'PENDING' || status === 'EXPIRED')) status = 'FAILED'
        // Every value below is drawn as it was for the status drawn so far, so that a seed's orders stay
        // what they were before expired and cancelled links lost their card and an expired link's end
        // moved to its expiry (the benches' databases and the tests' seeded histories with them).
        const drawnStatus = status
        const linkExpires = created + LINK_VALID_MS
        // A link expires a day after it was made: one younger than that is still waiting.
        if (status === 'EXPIRED' && linkExpires > now) status = 'PENDING'
        const walkIn = random() < 0.08
        const customerIndex = Math.floor(Math.pow(random(), 1.5) * customers.length)
        const person = walkIn ? fakePerson(random) : (customers[customerIndex] as FakeCustomer)
        const customerId = walkIn ? null : firstCustomer + customerIndex
        const link = kind !== 'phone_order'
        const cardDrawn = channel === 'CARD' && (!link || drawnStatus !== 'PENDING')
        // A card is on the order only when one was presented: a phone order's saved card, or a card link
        // paid or tried (declined, refunded, voided); a link still waiting, expired or cancelled has none.
        const card = channel === 'CARD' && (!link || !['PENDING', 'EXPIRED', 'CANCELLED'].includes(status))
        const [brand, bin] = cardDrawn
          ? weighted(
              random,
              BRANDS.map(([b, prefix, w]) => [[b, prefix], w] as const),
            )
          : [null, null]
        const last4 = cardDrawn ? digits(random, 4) : null
        const year = new Date(created).getUTCFullYear()
        const drawnFinal = !OPEN_STATUSES.includes(drawnStatus)
        const outcomeDraw = drawnFinal ? random() : 0
        const final = !OPEN_STATUSES.includes(status)
        // An expired link ends at its expiry; every other outcome within minutes of the order.
        const completedAt = final ? new Date(status === 'EXPIRED' ? linkExpires : created + 30_000 + Math.floor(outcomeDraw * 20 * 60_000)).toISOString() : null
        const staff = pick(random, STAFF)
        const invoiceNumber = `INV-${String(year)}-${String(id).padStart(6, '0')}`
        const amount = amountSen(random)
        const email = random() < 0.95 ? person.email : null
        const phone = random() < 0.97 ? person.phone : null
        const requestId = seededUuid(random)
        const paymentId = kind === 'generic_link' ? `PAY-${createdAt.slice(0, 10).replaceAll('-', '')}-${digits(random, 6)}` : null
        const reference = status === 'CANCELLED' ? null : channel === 'CARD' ? digits(random, 12) : `DK${hex(random, 14).toUpperCase()}`
        const linkUrl = link ? `https://pay.training.invalid/p/${hex(random, 16)}` : null
        const masked = cardDrawn && bin !== null ? `${bin}${digits(random, 5)}******${last4 ?? ''}` : null
        const notified = drawnFinal && link && random() < 0.5
        insertOrder.run(
          id,
          kind,
          invoiceNumber,
          amount,
          'MYR',
          channel,
          status,
          RAW_STATUS[status] ?? null,
          customerId,
          person.name,
          email,
          phone,
          requestId,
          paymentId,
          reference,
          linkUrl,
          link ? new Date(linkExpires).toISOString() : null,
          card ? masked : null,
          card ? last4 : null,
          card ? brand : null,
          staff,
          createdAt,
          completedAt ?? createdAt,
          completedAt,
        )
        // Each entry's words by id (`say`), which the screens put in the desk's language, as the app's own entries do; its summary is their English.
        const made = link ? LINK_CREATED : entry(say('said.timeline.phoneOrder', { card: cardSaid({ brand, masked, last4 }, say('said.timeline.savedCard')) }))
        insertEvent.run(id, 'created', made.summary, made.details, staff, createdAt)
        events += 1
        if (final && completedAt !== null) {
          const change = statusChange(status, link)
          insertEvent.run(id, 'status_changed', change.summary, change.details, null, completedAt)
          events += 1
          if (notified) {
            insertEvent.run(id, 'notification', NOTIFIED.summary, NOTIFIED.details, null, completedAt)
            events += 1
          }
        }
      }
    })()
    options.onProgress?.(Math.min(count, done + batchSize), count)
  }
  return { orders: count, customers: customerCount, events, firstId: count > 0 ? firstId : null, lastId: count > 0 ? firstId + count - 1 : null }
}

/** Merges the full-text index into one segment: worth it once after a large seed, for query speed. */
export function optimizeSearchIndex(db: Db): void {
  db.exec("insert into orders_fts (orders_fts) values ('optimize'); insert into customers_fts (customers_fts) values ('optimize')")
}
