import { randomBytes, randomUUID } from 'node:crypto'

/** Opaque identifiers the gateway assigns. Random, so that two simulator runs never collide. */
export const newToken = (): string => randomBytes(16).toString('hex')
export const newRequestId = (): string => randomUUID()
export const newReference = (prefix: string): string => `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`
export const newApprovalCode = (): string => String(100_000 + (randomBytes(4).readUInt32BE(0) % 900_000))
export const newPageId = (): string => randomBytes(12).toString('base64url')
