import { z } from 'zod';
import { membershipActivatedV1Schema, paymentSucceededV1Schema } from './billing';
import { EMAIL_PATTERN } from './constants';
import { membershipReminderDueV1Schema, userDeletedV1Schema } from './my-account';
import { paymentChangedV1Schema, paymentRefundedV1Schema } from './orders';

/** The one durable topic exchange every event goes through; the routing key is the event type. */
export const EVENTS_EXCHANGE = 'altmed.events';

/** The longest tracestate an event keeps. */
export const MAX_TRACESTATE_LENGTH = 512;

export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  time: z.iso.datetime(),
  source: z.string().min(1),
  data: z.unknown(),
  /**
   * W3C trace context of the request that made the event (https://www.w3.org/TR/trace-context/):
   * its consumer's work joins that trace. A value that is not one is dropped, never a reason to
   * refuse the event.
   */
  traceparent: z
    .string()
    .regex(/^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-[\da-f]{2}$/)
    .optional()
    .catch(undefined),
  tracestate: z.string().max(MAX_TRACESTATE_LENGTH).optional().catch(undefined),
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

/** A provider finished the portal's step 3: the admins are told, and the provider is welcomed. */
export const providerRegisteredV1Schema = z.object({
  providerId: z.string().min(1),
  providerName: z.string(),
  practiceName: z.string(),
  email: z.string().regex(EMAIL_PATTERN),
  phone: z.string().optional(),
  npiNumber: z.string(),
  fullAddress: z.string(),
  specialties: z.array(z.string()),
  boardCertifications: z.array(z.string()),
  hospitalAffiliations: z.array(z.string()),
  educationAndTraining: z.array(z.string()),
  practiceDescription: z.string(),
});
export type ProviderRegisteredV1 = z.infer<typeof providerRegisteredV1Schema>;

/** An administrator approved, blocked or unblocked a provider (svc-notify tells an approved provider). */
export const providerStatusChangedV1Schema = z.object({
  providerId: z.string().min(1),
  providerName: z.string(),
  practiceName: z.string(),
  email: z.string().regex(EMAIL_PATTERN),
  action: z.enum(['approve', 'block', 'unblock']),
  status: z.enum(['approved', 'pending', 'blocked']),
  previousStatus: z.enum(['approved', 'pending', 'blocked']),
  /** The administrator's user id and email. */
  changedBy: z.object({ id: z.string(), email: z.string() }),
  changedAt: z.iso.datetime(),
});
export type ProviderStatusChangedV1 = z.infer<typeof providerStatusChangedV1Schema>;

/** At most this many providers in one provider.changed (a bulk write, such as the seed, names them in batches). */
export const PROVIDER_CHANGED_MAX_IDS = 1000;

/**
 * What members or admins find of these providers may have changed (profile, review figures, status):
 * every svc-providers instance reads them again into its search index. Names the records only; the
 * record itself stays the truth.
 */
export const providerChangedV1Schema = z.object({
  providerIds: z.array(z.string().min(1)).min(1).max(PROVIDER_CHANGED_MAX_IDS),
});
export type ProviderChangedV1 = z.infer<typeof providerChangedV1Schema>;

/** At most this many reviews in one review.changed (the seed names them in batches). */
export const REVIEW_CHANGED_MAX_IDS = 1000;

/**
 * These reviews were written, moderated or removed: every svc-providers instance reads them again
 * into its moderation queue (the admin Reviews page). Names the records only.
 */
export const reviewChangedV1Schema = z.object({
  reviewIds: z.array(z.string().min(1)).min(1).max(REVIEW_CHANGED_MAX_IDS),
});
export type ReviewChangedV1 = z.infer<typeof reviewChangedV1Schema>;
/** At most this many members in one member.changed (the seed names them in batches). */
export const MEMBER_CHANGED_MAX_IDS = 1000;

/**
 * What the admin member list shows of these members may have changed (blocked, unblocked, written by
 * the seed): every svc-identity instance reads them again into its member list. Names the records only.
 */
export const memberChangedV1Schema = z.object({
  userIds: z.array(z.string().min(1)).min(1).max(MEMBER_CHANGED_MAX_IDS),
});
export type MemberChangedV1 = z.infer<typeof memberChangedV1Schema>;

/** An admin asked for a payment's receipt to be emailed again: svc-notify sends it once per request. */
export const receiptResendRequestedV1Schema = z.object({
  /** Names this request: the key that makes the send happen once. */
  requestId: z.uuid(),
  paymentId: z.string().min(1),
  userId: z.string().min(1),
  requestedBy: z.object({ id: z.string().min(1), email: z.string().min(1) }),
  requestedAt: z.iso.datetime(),
});
export type ReceiptResendRequestedV1 = z.infer<typeof receiptResendRequestedV1Schema>;

/** An administrator invited an email to become one: svc-notify emails the link, once per invitation sent. */
export const adminInvitedV1Schema = z.object({
  /** Names this sending of the invitation (a new one replaces the link): the key of the email. */
  sendId: z.uuid(),
  invitationId: z.uuid(),
  email: z.string().regex(EMAIL_PATTERN),
  /** The link's single-use secret: only the email may show it (identity keeps its hash). */
  token: z.string().min(32),
  invitedBy: z.object({ id: z.string().min(1), email: z.string().min(1) }),
  expiresAt: z.iso.datetime(),
});
export type AdminInvitedV1 = z.infer<typeof adminInvitedV1Schema>;

/** A visitor's message from the Contact page, stored by svc-notify: the support team is emailed once. */
export const supportMessageReceivedV1Schema = z.object({
  messageId: z.uuid(),
  name: z.string().min(1),
  email: z.string().regex(EMAIL_PATTERN),
  topic: z.string().min(1),
  message: z.string().min(1),
  receivedAt: z.iso.datetime(),
});
export type SupportMessageReceivedV1 = z.infer<typeof supportMessageReceivedV1Schema>;

/** At most this many Contact messages in one support.message_changed. */
export const SUPPORT_MESSAGE_CHANGED_MAX_IDS = 1000;

/**
 * These Contact messages changed or were deleted (their sender deleted their account): every
 * svc-notify instance reads them again into its Support Center list. Names the records only.
 */
export const supportMessageChangedV1Schema = z.object({
  messageIds: z.array(z.string().min(1)).min(1).max(SUPPORT_MESSAGE_CHANGED_MAX_IDS),
});
export type SupportMessageChangedV1 = z.infer<typeof supportMessageChangedV1Schema>;

/** An administrator answered a Contact message: svc-notify emails the reply once. */
export const supportReplyRequestedV1Schema = z.object({
  replyId: z.uuid(),
  messageId: z.uuid(),
  to: z.object({ name: z.string().min(1), email: z.string().regex(EMAIL_PATTERN) }),
  topic: z.string().min(1),
  originalMessage: z.string().min(1),
  text: z.string().min(1),
  repliedBy: z.object({ id: z.string().min(1), email: z.string().min(1) }),
  repliedAt: z.iso.datetime(),
});
export type SupportReplyRequestedV1 = z.infer<typeof supportReplyRequestedV1Schema>;

/** What became of an account in svc-identity: blocked, unblocked, deleted by its member or removed as an administrator (`deleted`). */
export const ACCOUNT_STATUSES_ANNOUNCED = ['active', 'blocked', 'deleted'] as const;

/**
 * An account was blocked, unblocked or deleted: every instance of every service that checks tokens
 * drops what it kept of that account's status, so its tokens are refused at once.
 */
export const accountStatusChangedV1Schema = z.object({
  userId: z.string().min(1),
  status: z.enum(ACCOUNT_STATUSES_ANNOUNCED),
  changedAt: z.iso.datetime(),
});
export type AccountStatusChangedV1 = z.infer<typeof accountStatusChangedV1Schema>;

export const passwordResetRequestedV1Schema = z.object({
  userId: z.string().min(1),
  name: z.string().min(1),
  email: z.string().regex(EMAIL_PATTERN),
  /** Names this reset in logs and as the email's id; never the secret. */
  resetId: z.uuid(),
  /** The link's single-use secret: only the email may show it (identity keeps its hash). */
  token: z.string().min(32),
  expiresAt: z.iso.datetime(),
});
export type PasswordResetRequestedV1 = z.infer<typeof passwordResetRequestedV1Schema>;

/**
 * One event type's contract: its current version and data schema, and the version before it,
 * which consumers still accept (producers upgrade one at a time) and turn into current data with
 * `upgrade`. A third version retires the first: consumers accept the current and the previous one.
 */
export interface EventDefinition<TData extends z.ZodType = z.ZodType> {
  version: number;
  data: TData;
  /**
   * Heard only on the queues of running instances (`subscribeThisInstance`), which come and go: it
   * is published even when no queue is bound, since an instance that is not listening keeps nothing
   * the event would change.
   */
  toInstancesOnly?: boolean;
  previous?: { data: z.ZodType; upgrade: (data: unknown) => z.input<TData> };
}

export function defineEvent<TData extends z.ZodType, TPrevious extends z.ZodType = z.ZodNever>(definition: {
  version: number;
  data: TData;
  toInstancesOnly?: boolean;
  previous?: { data: TPrevious; upgrade: (data: z.infer<TPrevious>) => z.input<TData> };
}): EventDefinition<TData> {
  const { previous } = definition;
  const toInstances = definition.toInstancesOnly ? { toInstancesOnly: true } : {};
  if (!previous) return { version: definition.version, data: definition.data, ...toInstances };
  // `upgrade` only ever receives data its own schema has parsed.
  return {
    version: definition.version,
    data: definition.data,
    ...toInstances,
    previous: { data: previous.data, upgrade: (data) => previous.upgrade(data as z.infer<TPrevious>) },
  };
}

/** Every event type with its current version, the schema of its data and its previous version (none yet). */
export const EventCatalog = {
  'user.signed_up': defineEvent({ version: 1, data: userSignedUpV1Schema }),
  'payment.succeeded': defineEvent({ version: 1, data: paymentSucceededV1Schema }),
  'membership.activated': defineEvent({ version: 1, data: membershipActivatedV1Schema }),
  'provider.registered': defineEvent({ version: 1, data: providerRegisteredV1Schema }),
  'provider.status_changed': defineEvent({ version: 1, data: providerStatusChangedV1Schema }),
  'provider.changed': defineEvent({ version: 1, data: providerChangedV1Schema }),
  'review.changed': defineEvent({ version: 1, data: reviewChangedV1Schema }),
  'member.changed': defineEvent({ version: 1, data: memberChangedV1Schema }),
  'receipt.resend_requested': defineEvent({ version: 1, data: receiptResendRequestedV1Schema }),
  'payment.refunded': defineEvent({ version: 1, data: paymentRefundedV1Schema }),
  'payment.changed': defineEvent({ version: 1, data: paymentChangedV1Schema }),
  'user.deleted': defineEvent({ version: 1, data: userDeletedV1Schema }),
  'membership.reminder_due': defineEvent({ version: 1, data: membershipReminderDueV1Schema }),
  'admin.invited': defineEvent({ version: 1, data: adminInvitedV1Schema }),
  'support.message_received': defineEvent({ version: 1, data: supportMessageReceivedV1Schema }),
  'support.reply_requested': defineEvent({ version: 1, data: supportReplyRequestedV1Schema }),
  'support.message_changed': defineEvent({ version: 1, data: supportMessageChangedV1Schema, toInstancesOnly: true }),
  'user.password_reset_requested': defineEvent({ version: 1, data: passwordResetRequestedV1Schema }),
  'account.status_changed': defineEvent({ version: 1, data: accountStatusChangedV1Schema, toInstancesOnly: true }),
} as const;
export type EventType = keyof typeof EventCatalog;
export type EventData<T extends EventType> = z.infer<(typeof EventCatalog)[T]['data']>;

/** Whether events of this type go only to running instances' own queues (see `EventDefinition.toInstancesOnly`). */
export function isToInstancesOnly(type: string): boolean {
  return Object.hasOwn(EventCatalog, type) && (EventCatalog[type as EventType] as EventDefinition).toInstancesOnly === true;
}

/** An event that can never be handled as it is (unknown type or version). */
export class InvalidEventError extends Error {
  override name = 'InvalidEventError';
}

/**
 * Parses an envelope of the expected type in the current version, or in the previous one (its data
 * upgraded to the current shape and the envelope's version set to the current); throws a ZodError
 * or an InvalidEventError on anything else.
 */
export function parseEventOf<TData extends z.ZodType>(type: string, definition: EventDefinition<TData>, raw: unknown): EventEnvelope<z.infer<TData>> {
  const envelope = eventEnvelopeSchema.parse(raw);
  if (envelope.type !== type) throw new InvalidEventError(`Expected event ${type}, got ${envelope.type}`);
  if (envelope.version === definition.version) return { ...envelope, data: definition.data.parse(envelope.data) };
  const { previous } = definition;
  if (previous && envelope.version === definition.version - 1) {
    return { ...envelope, version: definition.version, data: definition.data.parse(previous.upgrade(previous.data.parse(envelope.data))) };
  }
  throw new InvalidEventError(`Unsupported ${type} version ${envelope.version}`);
}

/** Parses an envelope of a known type in its current or previous version (see `parseEventOf`). */
export function parseEvent<T extends EventType>(type: T, raw: unknown): EventEnvelope<EventData<T>> {
  return parseEventOf(type, EventCatalog[type] as EventDefinition, raw) as EventEnvelope<EventData<T>>;
}
