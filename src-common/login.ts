/**
 * An operator's login, what they type to sign in: the same rule in the forms that make one (the first
 * Admin, Operators → Add) and in the contract, so that a form shows every problem at once, in the
 * desk's language, and main refuses what the form let through.
 */
export const LOGIN_MIN_LENGTH = 2
export const LOGIN_CHARACTERS = /^[A-Za-z0-9._-]+$/

/** What is wrong with a login as typed (spaces around it are dropped); null when nothing is. */
export function loginProblem(login: string): 'short' | 'characters' | null {
  const trimmed = login.trim()
  if (trimmed.length < LOGIN_MIN_LENGTH) return 'short'
  return LOGIN_CHARACTERS.test(trimmed) ? null : 'characters'
}
