import type { ZodType } from 'zod';
import { AppError, badRequest, fieldMessages, firstIssueMessage } from './errors';

/** Parses untrusted input; a failure is a 400 with the first issue's message. */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(firstIssueMessage(result.error));
  return result.data;
}

/** Like `parseInput`, for forms: the 400 also carries `errors`, one message per field. */
export function parseForm<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError(400, firstIssueMessage(result.error), {}, fieldMessages(result.error));
  return result.data;
}
