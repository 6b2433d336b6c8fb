/**
 * An error a service means the user to see: a stable code, a message written for staff, and the input
 * field it is about when there is one. Anything else thrown by a service is a bug and reaches the
 * renderer only as INTERNAL.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message)
    this.name = 'AppError'
  }
}
