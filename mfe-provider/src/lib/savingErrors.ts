import { ApiError } from '@altmed/web-kit';

/**
 * What a failed save tells the provider: the server's reason when it refused the input (400, its
 * rules are the contract's field messages), else the screen's own text.
 */
export function savingErrorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 400 ? error.message : fallback;
}

/** The per-field messages of a refused save (`{ message, errors: { field: text } }`). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const errors = (error.data as { errors?: unknown } | undefined)?.errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  return Object.fromEntries(Object.entries(errors as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
