import { z } from 'zod';
import { EMAIL_PATTERN } from './constants';

/** The one durable topic exchange every event goes through; the routing key is the event type. */
export const EVENTS_EXCHANGE = 'altmed.events';

export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  time: z.iso.datetime(),
  source: z.string().min(1),
  data: z.unknown(),
});
export type EventEnvelope<TData = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: TData };

export const userSignedUpV1Schema = z.object({
  userId: z.string().min(1),
  name: z.string().min(1),
  // The same rule sign-up applies, so every account it accepts can be announced.
  email: z.string().regex(EMAIL_PATTERN),
  role: z.enum(['user', 'provider', 'admin']),
});
export type UserSignedUpV1 = z.infer<typeof userSignedUpV1Schema>;

/** Every event type with its current version and the schema of its data. */
export const EventCatalog = {
  'user.signed_up': { version: 1, data: userSignedUpV1Schema },
} as const;
export type EventType = keyof typeof EventCatalog;
export type EventData<T extends EventType> = z.infer<(typeof EventCatalog)[T]['data']>;

/** An event that can never be handled as it is (unknown type or version). */
export class InvalidEventError extends Error {
  override name = 'InvalidEventError';
}

/** Parses an envelope of a known type and version; throws a ZodError or an InvalidEventError on anything else. */
export function parseEvent<T extends EventType>(type: T, raw: unknown): EventEnvelope<EventData<T>> {
  const envelope = eventEnvelopeSchema.parse(raw);
  const entry = EventCatalog[type];
  if (envelope.type !== type) throw new InvalidEventError(`Expected event ${type}, got ${envelope.type}`);
  if (envelope.version !== entry.version) throw new InvalidEventError(`Unsupported ${type} version ${envelope.version}`);
  return { ...envelope, data: entry.data.parse(envelope.data) as EventData<T> };
}
