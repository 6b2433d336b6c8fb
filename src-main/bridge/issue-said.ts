/**
 * A zod issue of the bridge's schemas in main's catalogue's words, for the common shapes: a field
 * missing, a text too long, a number not whole or out of range, a date and time, and a shared rule of
 * src-common (its id in the issue's params). A message the contract gives a schema is made from an
 * id (`schemaMessage`, "Must be a number of minutes") and travels with it. Otherwise an id is given
 * only where its English is the issue's message word for word, or where the message is zod's own
 * (then the id's English replaces it).
 */
import type { z } from 'zod'
import { isSaid, say, type Said } from '../../src-common/said/say'
import { englishOf, saidOfSchemaMessage } from '../../src-common/said/english'

/** zod's own messages start so ("Invalid input: expected string, received undefined"). */
const ZOD_DEFAULT = /^(Invalid input|Too big|Too small|Invalid)/

function candidate(issue: z.core.$ZodIssue): Said | null {
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined$/.test(issue.message)) return say('said.input.required')
      return issue.expected === 'int' ? say('said.input.notWhole') : say('said.input.wrongType')
    case 'too_big':
      if (issue.origin === 'string') return say('said.input.tooLong', { max: Number(issue.maximum) })
      if (issue.origin === 'number') return say('said.input.tooBig', { max: Number(issue.maximum) })
      return null
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return say('said.input.required')
      if (issue.origin === 'number') return say('said.input.tooSmall', { min: Number(issue.minimum) })
      return null
    case 'invalid_format':
      return issue.format === 'datetime' ? say('said.input.dateTime') : null
    case 'custom': {
      // A shared rule of src-common (descriptor, shop name) puts its id in the issue's params.
      const said: unknown = issue.params?.['say']
      return isSaid(said) ? said : null
    }
    default:
      return null
  }
}

/** The issue's id and values, and the English message that goes with them. */
export function issueSaid(issue: z.core.$ZodIssue): { say: Said; message: string } | null {
  // The contract's own message, made from an id (schemaMessage).
  const given = saidOfSchemaMessage(issue.message)
  if (given) return { say: given, message: issue.message }
  const said = candidate(issue)
  if (!said) return null
  const english = englishOf(said)
  if (english === issue.message) return { say: said, message: english }
  return ZOD_DEFAULT.test(issue.message) ? { say: said, message: english } : null
}
