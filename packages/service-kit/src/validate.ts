import { z, type ZodObject, type ZodType } from 'zod';
import { AppError, badRequest, fieldMessages, firstIssueMessage, notFound } from './errors';

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

/**
 * Like `parseInput`, for a query string: a parameter of the schema sent empty (`?status=&search=`,
 * as a client that serializes its whole filter object sends it) is taken as not sent, so it means
 * no filter; any other value, and any parameter the schema does not know, still meets the strict schema.
 */
export function parseQuery<T>(schema: ZodObject & ZodType<T>, query: Record<string, unknown>): T {
  const known = new Set(Object.keys(schema.shape));
  return parseInput(schema, Object.fromEntries(Object.entries(query).filter(([name, value]) => !(known.has(name) && value === ''))));
}

/** Record ids are ours (UUIDs); a path naming anything else names no record: 404 with the given message. */
export function recordIdOf(value: unknown, message: string): string {
  const parsed = z.uuid().safeParse(value);
  if (!parsed.success) throw notFound(message);
  return parsed.data;
}
