/** POST /tokenization/v2/delete-token: unbinds a stored card; deleting an inactive token again is harmless. */
import { z } from 'zod'
import type { Operation } from '../context'
import { cardInvalidParameter, cardNotFound } from '../errors'
import { json } from '../http'
import { cardProblemText, text, validate } from '../validation'

const deleteTokenRequest = z.object({ token: z.object({ id: text(128) }) })

export const deleteToken: Operation = ({ ctx, body }) => {
  const parsed = validate(deleteTokenRequest, body)
  if (!parsed.ok) return { response: cardInvalidParameter(parsed.problem.field, cardProblemText(parsed.problem)), applied: false }
  const { id } = parsed.value.token
  const token = ctx.state.findToken(id)
  if (!token) return { response: cardNotFound('token.id Not Found'), applied: false }
  token.status = 'INACTIVE'
  return { response: json(200, { token: { id, status: token.status } }), applied: true }
}
