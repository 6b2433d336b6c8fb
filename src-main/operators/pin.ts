/**
 * PINs and passwords of operators: the rule (at least 6 digits, or 8 characters when not all digits)
 * and a slow salted hash (scrypt, node:crypto). A PIN is never stored, logged nor returned; the hash
 * keeps its own parameters so that they can be raised later without locking anyone out.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { easyPin } from '../../src-common/pin-rule'
import { AppError } from '../bridge/app-error'
import { say } from '../../src-common/said/say'

/** scrypt's cost N, 2^15 × r 8: about 70 ms and 32 MiB a check on the desk's computer; a guess costs an attacker as much. */
export const PIN_COST = 2 ** 15
/**
 * The lowest cost a back end accepts (BackendConfig.pinCost). Only tests ask for less than PIN_COST:
 * the hundreds of desks they set up and the thousands of wrong PINs the fuzzing tries spent a sixth
 * of `npm test` in scrypt.
 */
export const LOWEST_PIN_COST = 2 ** 10
/** The highest cost a stored hash may ask for (1 GiB a check): above it a hash is refused unread. */
const HIGHEST_PIN_COST = 2 ** 20
const R = 8
const P = 1
const KEY_LENGTH = 32
const SALT_BYTES = 16

export const PIN_RULE = 'Use at least 6 digits, or at least 8 characters if not only digits.'

/** Refuses a PIN that breaks the rule, as INVALID_INPUT at `field`. */
export function checkPinRule(pin: string, field: string): void {
  const digitsOnly = /^\d+$/.test(pin)
  if (digitsOnly ? pin.length < 6 : pin.length < 8) {
    throw new AppError('INVALID_INPUT', say(digitsOnly ? 'said.desk.pinDigits' : 'said.desk.pinText'), field)
  }
  if (Array.from(pin).some((char) => char < ' ' || char === '\u007f')) throw new AppError('INVALID_INPUT', say('said.desk.pinSigns'), field)
  if (easyPin(pin)) throw new AppError('INVALID_INPUT', say('said.desk.pinEasy'), field)
}

function derive(pin: string, salt: Buffer, n: number, r: number, p: number, length: number): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }
  return new Promise((resolve, reject) => {
    scrypt(pin.normalize('NFKC'), salt, length, options, (error, key) => {
      if (error) reject(error)
      else resolve(key)
    })
  })
}

/** A cost a back end may hash PINs at: a power of two from LOWEST_PIN_COST to HIGHEST_PIN_COST. */
export function isPinCost(cost: number): boolean {
  return Number.isInteger(cost) && cost >= LOWEST_PIN_COST && cost <= HIGHEST_PIN_COST && (cost & (cost - 1)) === 0
}

/** `scrypt$N$r$p$salt$hash` (base64): the parameters travel with the hash. */
export async function hashPin(pin: string, cost: number): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(pin, salt, cost, R, P, KEY_LENGTH)
  return ['scrypt', String(cost), String(R), String(P), salt.toString('base64'), key.toString('base64')].join('$')
}

/** Compares in constant time; a malformed stored hash is simply no match. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const params = [Number(n), Number(r), Number(p)] as const
  if (params.some((value) => !Number.isInteger(value) || value < 1) || params[0] > HIGHEST_PIN_COST || expected.length < 16) return false
  const key = await derive(pin, Buffer.from(salt, 'base64'), params[0], params[1], params[2], expected.length)
  return timingSafeEqual(key, expected)
}

/** One dummy hash per cost (a process has one cost but for tests). */
const dummies = new Map<number, Promise<string>>()

function dummyHash(cost: number): Promise<string> {
  let dummy = dummies.get(cost)
  if (!dummy) {
    dummy = hashPin(randomBytes(12).toString('base64'), cost)
    dummies.set(cost, dummy)
  }
  return dummy
}

/** Makes the dummy hash ahead (at start-up), so that even the first unknown login costs one check, not two. */
export function warmPinCheck(cost: number): void {
  dummyHash(cost).catch(() => undefined)
}

/** Spends a check's time on a hash that matches nothing, so that an unknown login costs what a known one does. */
export async function burnPinCheck(pin: string, cost: number): Promise<void> {
  await verifyPin(pin, await dummyHash(cost))
}
