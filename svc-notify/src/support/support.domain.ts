import { randomUUID } from 'node:crypto';
import {
  ADMIN_SUPPORT_MAX_PAGE,
  ADMIN_SUPPORT_PAGE_SIZE,
  SUPPORT_MESSAGE_CHANGED_MAX_IDS,
  SupportMessages,
  type AccessTokenClaims,
  type AdminSupportMessagesResponse,
  type SupportMessageStatus,
  type SupportMessageRequest,
  type SupportReplyResponse,
} from '@altmed/contracts';
import { createEvent, notFound, outboxFieldsFor, withEvents } from '@altmed/service-kit';
import type { ForgottenSenderDocument, ForgottenSenderModel } from './forgotten-sender.model';
import type { KeptSupportList } from './kept-support-list';
import { SUPPORT_LIST_FIELDS, adminSupportView, type SupportMessageRecord } from './support-list';
import { supportMessageChangedEvent } from './support-message-changed.event';
import type { SupportMessageModel } from './support-message.model';

const SOURCE = 'svc-notify';

export interface SupportDeps {
  messages: SupportMessageModel;
  supportList: KeptSupportList;
  onEventsWritten: () => void;
}

export interface ForgetSenderDeps extends SupportDeps {
  forgottenSenders: ForgottenSenderModel;
}

/**
 * Stores a Contact message with its support.message_received event (the team's email), in one write.
 * A member who sent it logged in (`sender`, from their token) is kept as its `userId`.
 */
export async function receiveSupportMessage(
  deps: SupportDeps,
  request: SupportMessageRequest,
  sender: AccessTokenClaims | undefined,
  now = new Date(),
): Promise<{ message: string }> {
  const messageId = randomUUID();
  const event = createEvent('support.message_received', { messageId, ...request, receivedAt: now.toISOString() }, SOURCE);
  const userId = sender?.role === 'user' ? sender.sub : undefined;
  await deps.messages.create({ _id: messageId, ...request, userId, status: 'open', replies: [], receivedAt: now, ...outboxFieldsFor([event]) });
  deps.onEventsWritten();
  await deps.supportList.kept.written([messageId]);
  return { message: SupportMessages.received };
}

/** One state's messages matching the search, newest first, a page at a time, with how many match in each state. */
export async function listSupportMessages(
  deps: SupportDeps,
  query: { status: SupportMessageStatus; search?: string; page: number },
): Promise<AdminSupportMessagesResponse> {
  await deps.supportList.kept.whenRead(SupportMessages.listLoading);
  const { messages, counts, total } = deps.supportList.find(query);
  return {
    messages,
    counts,
    page: query.page,
    pageSize: ADMIN_SUPPORT_PAGE_SIZE,
    total,
    totalPages: Math.min(ADMIN_SUPPORT_MAX_PAGE, Math.max(1, Math.ceil(total / ADMIN_SUPPORT_PAGE_SIZE))),
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
  const message = await deps.messages.findById(messageId).select(SUPPORT_LIST_FIELDS).lean<SupportMessageRecord>();
  if (!message) throw notFound(SupportMessages.messageNotFound);
  const reply = { by: { id: admin.sub, name: admin.name, email: admin.email }, text, at: now };
  const event = createEvent(
    'support.reply_requested',
    {
      replyId: randomUUID(),
      messageId,
      to: { name: message.name, email: message.email },
      topic: message.topic,
      originalMessage: message.message,
      text,
      repliedBy: { id: admin.sub, email: admin.email },
      repliedAt: now.toISOString(),
    },
    SOURCE,
  );
  await deps.messages.updateOne({ _id: messageId }, withEvents<SupportMessageRecord>({ $set: { status: 'answered' }, $push: { replies: reply } }, [event]));
  deps.onEventsWritten();
  await deps.supportList.kept.written([messageId]);
  const updated = await deps.messages.findById(messageId).select(SUPPORT_LIST_FIELDS).lean<SupportMessageRecord>();
  return { message: SupportMessages.replySent, supportMessage: adminSupportView(updated!) };
}

/**
 * A member deleted their account: the Contact messages they sent logged in, or from their email,
 * are deleted, with any reply still waiting to be emailed, and leave every instance's list. Their
 * ids are kept first, so a retry after a crash still tells the instances. Answers how many went.
 */
export async function forgetSender(deps: ForgetSenderDeps, sender: { userId: string; email?: string }): Promise<number> {
  const byUser = deps.messages.find({ userId: sender.userId }).select({ _id: 1 }).lean<{ _id: string }[]>();
  const byEmail = sender.email ? deps.messages.find({ email: sender.email }).select({ _id: 1 }).lean<{ _id: string }[]>() : Promise.resolve([]);
  const found = [...new Set([...(await byUser), ...(await byEmail)].map((message) => message._id))];
  const forgotten = await deps.forgottenSenders
    .findOneAndUpdate({ _id: sender.userId }, { $addToSet: { messageIds: { $each: found } } }, { upsert: true, returnDocument: 'after' })
    .lean<ForgottenSenderDocument>();
  const messageIds = forgotten?.messageIds ?? found;
  if (messageIds.length === 0) return 0;
  await deps.messages.deleteMany({ _id: { $in: messageIds } });
  for (let start = 0; start < messageIds.length; start += SUPPORT_MESSAGE_CHANGED_MAX_IDS) {
    const batch = messageIds.slice(start, start + SUPPORT_MESSAGE_CHANGED_MAX_IDS);
    await deps.forgottenSenders.updateOne({ _id: sender.userId }, withEvents<ForgottenSenderDocument>({}, [supportMessageChangedEvent(batch)]));
  }
  deps.onEventsWritten();
  await deps.supportList.kept.written(messageIds);
  return found.length;
}
