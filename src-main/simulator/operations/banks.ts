/** POST /v3/payments/internet-banking/banks: the FPX bank list. One bank is INACTIVE, so the app can be seen to honour it. */
import { z } from 'zod'
import type { Operation } from '../context'
import { genericError } from '../errors'
import { json } from '../http'
import { genericProblemText, validate } from '../validation'

export const FPX_BANKS = [
  { bank_code: 'MBB0228', bank_name: 'Maybank2U', status: 'ACTIVE' },
  { bank_code: 'BCBB0235', bank_name: 'CIMB Clicks', status: 'ACTIVE' },
  { bank_code: 'PBB0233', bank_name: 'Public Bank', status: 'ACTIVE' },
  { bank_code: 'RHB0218', bank_name: 'RHB Now', status: 'ACTIVE' },
  { bank_code: 'HLB0224', bank_name: 'Hong Leong Connect', status: 'ACTIVE' },
  { bank_code: 'ABB0233', bank_name: 'Affin Bank', status: 'INACTIVE' },
] as const

const bankListRequest = z.object({
  payment_channel: z.literal('INTERNET_BANKING_FPX', { error: 'Must Be INTERNET_BANKING_FPX' }),
  type: z.enum(['B2C', 'B2B'], { error: 'Must Be B2C Or B2B' }),
})

export const listBanks: Operation = ({ body }) => {
  const parsed = validate(bankListRequest, body)
  if (!parsed.ok) return { response: genericError(400, 'invalid_request', genericProblemText(parsed.problem)), applied: false }
  return { response: json(200, { payment_channel: parsed.value.payment_channel, type: parsed.value.type, banks: FPX_BANKS }), applied: false }
}
