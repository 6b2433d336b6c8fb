/**
 * Hostile inputs for the bridge: what a compromised renderer or a clumsy one could send. Wrong types,
 * huge strings, prototype-pollution keys, NaN / Infinity / -0 / fractional sen, control characters
 * (NUL included), full-text search syntax, and valid inputs with one thing broken.
 */
import fc from 'fast-check'

/** Full-text (FTS5) syntax and other text that has broken parsers before. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '   ',
  '\u0000',
  'a\u0000b',
  'INV\u0000',
  '\u0000\u0000\u0000',
  '\u0001\u0002\u001f\u007f',
  '\r\n',
  '\t',
  '\b',
  '\u001b[2J',
  '"',
  '""',
  '"unterminated',
  'a"b',
  '*',
  'a*',
  '**',
  '* *',
  'NEAR(',
  'NEAR(a b)',
  'NEAR(a b, 0)',
  'NEAR/2',
  'OR',
  'a OR b',
  'AND',
  'NOT',
  'a NOT b',
  ':',
  'name:x',
  'invoice : "1"',
  '{invoice name}: x',
  '(',
  ')',
  '()',
  '^a',
  '-a',
  '+',
  '{',
  '}',
  '[',
  ']',
  "'",
  "''",
  "'; drop table orders; --",
  '%',
  '_',
  '%_%',
  '\\',
  '\\u0000',
  '../../etc/passwd',
  '..\\..\\windows',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '\u202e',
  '\ud800',
  '\udfff',
  '\ufeff',
  '\u2028',
  '😀',
  'İ',
  'ß',
  'ＩＮＶ',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'training',
  'sandbox',
  'production',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '0x10',
  ' 12 ',
  '12.345',
  '4509198934905332',
  'x'.repeat(201),
  'x'.repeat(4097),
  'é'.repeat(300),
  '('.repeat(5_000),
  '"'.repeat(5_001),
]

export const NASTY_NUMBERS: readonly number[] = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  0,
  -1,
  0.5,
  0.1 + 0.2,
  1.005,
  12.345,
  1e21,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  99_999_999_999,
  100_000_000_000,
  Number.MIN_VALUE,
  Number.EPSILON,
]

/** Objects whose own keys try to reach Object.prototype when merged or spread carelessly. */
export function pollutingObjects(): object[] {
  return [
    JSON.parse('{"__proto__":{"polluted":"yes","isAdmin":true}}') as object,
    JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}') as object,
    JSON.parse('{"__proto__":{"toString":"not a function"},"constructor":"x","prototype":{}}') as object,
    Object.assign(Object.create(null) as object, { polluted: 'yes' }),
  ]
}

const HUGE = ['A'.repeat(1_000_000), `INV-${'\u0000'.repeat(100_000)}`, '😀'.repeat(250_000)]

const OTHER_VALUES: readonly unknown[] = [
  null,
  undefined,
  true,
  false,
  [],
  {},
  [null],
  [[]],
  { length: 1 },
  10n,
  new Date(Number.NaN),
  new Date(0),
  new Map([['a', 1]]),
  new Set([1]),
  new Uint8Array(4),
  '1',
  '0',
  'true',
  'null',
]

/** Every special value, for the deterministic examples that run before the random ones. */
export function specialValues(): unknown[] {
  return [...NASTY_STRINGS, ...NASTY_NUMBERS, ...OTHER_VALUES, ...pollutingObjects()]
}

const ftsText = fc.string({ unit: fc.constantFrom('"', '*', '(', ')', ':', '^', '-', '+', ' ', 'a', 'b', 'N', 'E', 'A', 'R', 'O', '\u0000', '\u001f', '{', '}', ','), maxLength: 40 })

/** Any hostile value: the special ones, random text of every code point, random numbers and random structures. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...specialValues()), weight: 6 },
  { arbitrary: fc.constantFrom(...HUGE), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 2 },
  { arbitrary: ftsText, weight: 2 },
  {
    arbitrary: fc.oneof(
      fc.integer(),
      fc.double(),
      fc.integer({ min: -5, max: 5 }).map((n) => n + 0.5),
    ),
    weight: 2,
  },
  {
    arbitrary: fc.anything({
      maxDepth: 3,
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withTypedArray: true,
      withSparseArray: true,
      withBoxedValues: true,
      key: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'polluted')),
    }),
    weight: 2,
  },
)

type Path = (string | number)[]

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null
}

/** Every path into a plain input (objects and arrays), the root excluded. */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (!isContainer(value)) return []
  const paths: Path[] = []
  const keys = Array.isArray(value) ? value.map((_item, index) => index) : Object.keys(value)
  for (const key of keys) {
    const path = [...prefix, key]
    paths.push(path, ...pathsOf((value as Record<string | number, unknown>)[key], path))
  }
  return paths
}

function clone<T>(value: T): T {
  return structuredClone(value)
}

function getAt(value: unknown, path: Path): unknown {
  let node = value
  for (const key of path) node = isContainer(node) ? (node as Record<string | number, unknown>)[key] : undefined
  return node
}

/** A copy of `value` with the thing at `path` replaced (or removed, for `remove`). */
export function withAt(value: unknown, path: Path, replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement
  const copy = clone(value)
  const parent = getAt(copy, path.slice(0, -1))
  const key = path.at(-1)
  if (!isContainer(parent) || key === undefined) return copy
  if (remove) {
    if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1)
    else Reflect.deleteProperty(parent, key)
  } else {
    // defineProperty, so that a key such as __proto__ is an own property, as after JSON.parse or structured clone.
    Object.defineProperty(parent, key, { value: replacement, enumerable: true, configurable: true, writable: true })
  }
  return copy
}

/** Own keys that try to pollute prototypes, added to an object of the input. */
function withPollutingKeys(value: unknown, path: Path): unknown {
  const copy = clone(value)
  const target = path.length === 0 ? copy : getAt(copy, path)
  if (!isContainer(target)) return copy
  for (const [key, payload] of [
    ['__proto__', { polluted: 'yes', isAdmin: true }],
    ['constructor', { prototype: { polluted: 'yes' } }],
    ['prototype', { polluted: 'yes' }],
  ] as const) {
    Object.defineProperty(target, key, { value: payload, enumerable: true, configurable: true, writable: true })
  }
  return copy
}

/** Valid inputs with one thing broken, and hostile values in their place. */
export function inputsNear(valid: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(valid)
  const objectPaths: Path[] = [[], ...paths.filter((path) => isContainer(getAt(valid, path)) && !Array.isArray(getAt(valid, path)))]
  const stringPaths = paths.filter((path) => typeof getAt(valid, path) === 'string')
  const numberPaths = paths.filter((path) => typeof getAt(valid, path) === 'number')
  const options: fc.Arbitrary<unknown>[] = [fc.constant(valid), hostileValue]
  if (paths.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...paths), hostileValue).map(([path, replacement]) => withAt(valid, path, replacement)),
      fc.constantFrom(...paths).map((path) => withAt(valid, path, undefined, true)),
    )
  }
  options.push(fc.constantFrom(...objectPaths).map((path) => withPollutingKeys(valid, path)))
  if (stringPaths.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...stringPaths), fc.constantFrom(...NASTY_STRINGS), fc.constantFrom<'replace' | 'prefix' | 'suffix'>('replace', 'prefix', 'suffix')).map(([path, nasty, how]) => {
        const current = String(getAt(valid, path))
        return withAt(valid, path, how === 'replace' ? nasty : how === 'prefix' ? nasty + current : current + nasty)
      }),
    )
  }
  if (numberPaths.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...numberPaths), fc.oneof(fc.constantFrom(...NASTY_NUMBERS), fc.double(), fc.integer())).map(([path, replacement]) => withAt(valid, path, replacement)),
      // Near the valid value: off by one, a fraction of a sen, the other sign.
      fc.tuple(fc.constantFrom(...numberPaths), fc.constantFrom(1, -1, 0.5, 0.01, -0.01)).map(([path, delta]) => withAt(valid, path, Number(getAt(valid, path)) + delta)),
      fc.constantFrom(...numberPaths).map((path) => withAt(valid, path, -Number(getAt(valid, path)))),
    )
  }
  return fc.oneof(...options)
}

/** Deterministic examples: every special value at every place of the valid input, and as the whole input. */
export function examplesNear(valid: unknown): unknown[] {
  const examples: unknown[] = [valid, ...specialValues(), ...HUGE]
  const paths = pathsOf(valid)
  for (const path of paths) {
    const current = getAt(valid, path)
    examples.push(withAt(valid, path, undefined, true))
    const values: readonly unknown[] = typeof current === 'string' ? NASTY_STRINGS : typeof current === 'number' ? NASTY_NUMBERS : [null, 'true', 0, ...pollutingObjects().slice(0, 1)]
    for (const value of values) examples.push(withAt(valid, path, value))
    for (const other of [null, true, [], {}, '1', 1]) if (typeof other !== typeof current) examples.push(withAt(valid, path, other))
    if (typeof current === 'string') for (const nasty of ['\u0000', '"', '*', 'NEAR(', ' OR ', ':', '\u007f']) examples.push(withAt(valid, path, current + nasty))
  }
  for (const path of [[], ...paths]) if (isContainer(path.length === 0 ? valid : getAt(valid, path))) examples.push(withPollutingKeys(valid, path))
  return examples
}

/** A short description of an input for a failure message (a 1 MB string is not printed whole). */
export function describe(value: unknown, max = 600): string {
  let text: string
  try {
    text = fc.stringify(value)
  } catch {
    text = String(value)
  }
  return text.length > max ? `${text.slice(0, max)}… (${String(text.length)} characters)` : text
}
