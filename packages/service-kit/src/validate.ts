import type { ZodType } from 'zod';
import { badRequest, firstIssueMessage } from './errors';

/** Parses untrusted input; a failure is a 400 with the first issue's message. */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(firstIssueMessage(result.error));
  return result.data;
}
