import { randomUUID } from 'node:crypto';
import {
  ADMIN_SUPPORT_PAGE_SIZE,
  SupportMessages,
  type AccessTokenClaims,
  type AdminSupportMessage,
  type AdminSupportMessagesResponse,
  type SupportMessageStatus,
  type SupportMessageRequest,
  type SupportReplyResponse,
} from '@altmed/contracts';
import { createEvent, notFound, outboxFieldsFor, withEvents } from '@altmed/service-kit';
import type { SupportMessageDocument, SupportMessageModel } from './support-message.model';

const SOURCE = 'svc-notify';

export interface SupportDeps {
  messages: SupportMessageModel;
  onEventsWritten: () => void;
}

function adminView(message: SupportMessageDocument): AdminSupportMessage {
  return {
    id: message._id,
    name: message.name,
    email: message.email,
    topic: message.topic,
    message: message.message,
    status: message.status,
    receivedAt: message.receivedAt.toISOString(),
    replies: message.replies.map((reply) => ({ by: reply.by.email, text: reply.text, at: reply.at.toISOString() })),
  };
}

/** Stores a Contact message with its support.message_received event (the team's email), in one write. */
export async function receiveSupportMessage(deps: SupportDeps, request: SupportMessageRequest, now = new Date()): Promise<{ message: string }> {
  const messageId = randomUUID();
  const event = createEvent('support.message_received', { messageId, ...request, receivedAt: now.toISOString() }, SOURCE);
  await deps.messages.create({ _id: messageId, ...request, status: 'open', replies: [], receivedAt: now, ...outboxFieldsFor([event]) });
  deps.onEventsWritten();
  return { message: SupportMessages.received };
}

/** One state's messages, newest first, a page at a time, with how many each state holds. */
export async function listSupportMessages(
  deps: SupportDeps,
  { status, page }: { status: SupportMessageStatus; page: number },
): Promise<AdminSupportMessagesResponse> {
  const [messages, open, answered] = await Promise.all([
    deps.messages
      .find({ status })
      .sort({ receivedAt: -1, _id: 1 })
      .skip((page - 1) * ADMIN_SUPPORT_PAGE_SIZE)
      .limit(ADMIN_SUPPORT_PAGE_SIZE)
      .lean<SupportMessageDocument[]>(),
    deps.messages.countDocuments({ status: 'open' }),
    deps.messages.countDocuments({ status: 'answered' }),
  ]);
  const total = status === 'open' ? open : answered;
  return {
    messages: messages.map(adminView),
    counts: { open, answered },
    page,
    pageSize: ADMIN_SUPPORT_PAGE_SIZE,
    total,
    totalPages: Math.max(1, Math.ceil(total / ADMIN_SUPPORT_PAGE_SIZE)),
  };
}

/** An administrator's answer: kept on the message, which becomes answered, with the event that emails it, in one write. */
export async function replyToSupportMessage(
  deps: SupportDeps,
  messageId: string,
  text: string,
  admin: AccessTokenClaims,
  now = new Date(),
): Promise<SupportReplyResponse> {
  const message = await deps.messages.findById(messageId).lean<SupportMessageDocument>();
  if (!message) throw notFound(SupportMessages.messageNotFound);
  const reply = { by: { id: admin.sub, email: admin.email }, text, at: now };
  const event = createEvent(
    'support.reply_requested',
    {
      replyId: randomUUID(),
      messageId,
      to: { name: message.name, email: message.email },
      topic: message.topic,
      originalMessage: message.message,
      text,
      repliedBy: reply.by,
      repliedAt: now.toISOString(),
    },
    SOURCE,
  );
  await deps.messages.updateOne({ _id: messageId }, withEvents<SupportMessageDocument>({ $set: { status: 'answered' }, $push: { replies: reply } }, [event]));
  deps.onEventsWritten();
  const updated = await deps.messages.findById(messageId).lean<SupportMessageDocument>();
  return { message: SupportMessages.replySent, supportMessage: adminView(updated!) };
}
