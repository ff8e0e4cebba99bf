import { z } from 'zod';
import { invalidRequest, missingParameter, StripeError, unknownParameter } from './errors';
import type { Metadata } from './state';

/*
 * Request parameters arrive form-encoded (`card[number]=4242…`, `payment_method_types[0]=card`),
 * every value a string, and are parsed with qs into nested objects. The schemas here are strict,
 * like Stripe: an unknown parameter is refused with parameter_unknown, a missing one with
 * parameter_missing, a malformed one with Stripe's "Invalid …" message.
 */

export const integer = z
  .string()
  .regex(/^-?\d+$/, { error: (issue) => `Invalid integer: ${String(issue.input)}` })
  .transform(Number);

export const boolean = z.enum(['true', 'false'], { error: (issue) => `Invalid boolean: ${String(issue.input)}` }).transform((value) => value === 'true');

export const text = (max = 5000) => z.string({ error: 'Invalid string' }).max(max, { error: `Invalid string: must be at most ${max} characters` });

/** `metadata[key]=value`; an empty string for a key unsets it, `metadata=` unsets them all. */
export const metadata = z.union([z.literal(''), z.record(z.string().max(40), z.string().max(500))], {
  error: 'Invalid metadata: must be a hash of string keys and string values',
});

/** The metadata after an update: `''` clears it, a key given `''` goes, at most 50 keys remain. */
export function applyMetadata(current: Metadata, update: '' | Metadata | undefined): Metadata {
  if (update === undefined) return current;
  if (update === '') return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  if (Object.keys(next).length > 50) throw invalidRequest('Metadata can have up to 50 keys.', { param: 'metadata' });
  return next;
}

/** `expand[]=…` naming only the given fields. */
export const expandable = (fields: readonly string[]) =>
  z.array(z.string().refine((field) => fields.includes(field), { error: (issue) => `This property cannot be expanded (${String(issue.input)}).` })).optional();

/** Only `payment_method` (of a PaymentIntent) can be expanded here. */
export const expand = expandable(['payment_method']);

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => `Invalid value: must be one of ${values.join(', ')}, not ${String(issue.input)}` });

export function bracketPath(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path.map(String);
  return `${first ?? ''}${rest.map((part) => `[${part}]`).join('')}`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined), input);
}

/** Validates `params` against a strict schema and answers Stripe's error for the first problem. */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const unknown = issues.find((issue) => issue.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') throw unknownParameter(bracketPath([...unknown.path, unknown.keys[0] ?? '']));
  const missing = issues.find((issue) => valueAt(params, issue.path) === undefined);
  if (missing) throw missingParameter(bracketPath(missing.path));
  const first = issues[0];
  if (first?.code === 'custom' && first.params?.stripeError instanceof StripeError) throw first.params.stripeError;
  throw invalidRequest(first?.message ?? 'Invalid request', { param: first ? bracketPath(first.path) : undefined });
}
