import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ZodError } from 'zod';
import { Messages } from '@altmed/contracts';

/** The one error type of a service: a status and a message that is safe to show the client. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Response headers that belong to the error, such as `Retry-After`. */
    readonly headers: Record<string, string> = {},
    /** One message per input field, answered as `errors` beside `message`. */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
/** A 400 about named fields: `{ message, errors: { field: message } }`. */
export const fieldError = (field: string, message: string) => new AppError(400, message, {}, { [field]: message });
export const unauthorized = (message: string = Messages.notAuthenticated) => new AppError(401, message);
export const forbidden = (message: string = Messages.forbidden) => new AppError(403, message);
export const notFound = (message: string = Messages.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, Messages.tooManyRequests, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Each field's first message, keyed by its path (`stateLicenses.1`); problems with the whole input under `_`. */
export function fieldMessages(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.code === 'unrecognized_keys' ? '_' : issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : issue.message;
  }
  return fields;
}

/** The first issue's message: the spec checks fields in order and shows one message at a time. */
export function firstIssueMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`;
  return issue.message;
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(notFound());

interface BodyParserError extends Error {
  type?: string;
}

/** The one error handler of a service: every failure leaves as `{ message }`. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  const { status, message } = toHttpError(err);
  if (status >= 500) req.log?.error({ err }, 'request failed');
  if (res.headersSent) return;
  if (err instanceof AppError) res.set(err.headers);
  const errors = err instanceof AppError ? err.fieldErrors : undefined;
  res.status(status).json(errors ? { message, errors } : { message });
};

/** Input validation (`parseInput`) answers 400 itself; a ZodError that reaches here came from our own data: a 500. */
function toHttpError(err: unknown): { status: number; message: string } {
  if (err instanceof AppError) return { status: err.status, message: err.message };
  const type = (err as BodyParserError | null)?.type;
  if (type === 'entity.parse.failed') return { status: 400, message: Messages.invalidJson };
  if (type === 'entity.too.large') return { status: 413, message: Messages.payloadTooLarge };
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return { status: 415, message: 'Unsupported request encoding' };
  return { status: 500, message: Messages.internalError };
}
