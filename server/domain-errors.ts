// What went wrong, in the domain's words: the code that decides (units, inspections, accounts, routes)
// throws one of these with a message for people, and knows nothing of HTTP. app.ts's error handler is
// the one place that turns them into statuses and the spec §8 `{ message }` shape.

export interface ErrorOptions {
  /**
   * The request field the message is about (its top-level key, e.g. 'make'), so a form can show the
   * message under that field; the message itself never names the key.
   */
  field?: string
}

export abstract class DomainError extends Error {
  override name = this.constructor.name
  readonly field?: string

  constructor(message: string, options: ErrorOptions = {}) {
    super(message)
    if (options.field !== undefined) this.field = options.field
  }
}

/** The request is not valid as sent: a field, a value, a combination (400). */
export class Invalid extends DomainError {}

/** No session, or it has ended (401). */
export class Unauthenticated extends DomainError {}

/** The caller may not do this: wrong role, not theirs (403). */
export class Refused extends DomainError {}

/** It does not exist — or, as far as this caller may know, it does not (404). */
export class NotFound extends DomainError {}

/** It cannot be done in the state things are in (409). */
export class Conflict extends DomainError {
  /** Seconds after which the same request may succeed (the first try is still running); none: it will not. */
  readonly retryAfterSeconds?: number

  constructor(message: string, options: ErrorOptions & { retryAfterSeconds?: number } = {}) {
    super(message, options)
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds
  }
}

/** Too big to take (413). */
export class TooLarge extends DomainError {}

/** Understood, but not something we will do with it (422). */
export class Unprocessable extends DomainError {}

/** Too many tries; `retryAfterSeconds` says when the next may come (429). */
export class TooManyAttempts extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message)
  }
}
