// Typed errors that handlers throw; the error handler turns them into { error: { message } } with their status.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A 429 in the wording of the address rate limits (app.ts), so the sign-in back-off reads the same. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, retryAfterSeconds);
  return new HttpError(429, `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`);
}
