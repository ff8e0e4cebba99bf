import { Messages } from '@altmed/contracts';
import { forbidden, type EventInbox } from '@altmed/service-kit';
import type { Mailer } from '../mail/mailer';
import type { ForgottenMemberModel } from './forgotten-member.model';
import type { ReceiptDocument, ReceiptModel } from './receipt.model';

/** What the subscription emails (receipt, resend, refund, reminders) need. */
export interface SubscriptionDeps {
  inbox: EventInbox;
  mailer: Mailer;
  receipts: ReceiptModel;
  forgottenMembers: ForgottenMemberModel;
  siteUrl: string;
}

/**
 * POST /email/send-subscription-email, kept for the join flow, which calls it after a payment.
 * The email itself follows the payment's events, so this never sends: it says whether the email
 * of the caller's latest payment went out (200) or is on its way (202).
 */
export async function subscriptionEmailStatus(
  deps: Pick<SubscriptionDeps, 'receipts'>,
  callerId: string,
  userId: string,
): Promise<{ status: 200 | 202; message: string }> {
  if (userId !== callerId) throw forbidden();
  const latest = await deps.receipts.findOne({ userId }).sort({ paidAt: -1 }).select({ emailSentAt: 1 }).lean<Pick<ReceiptDocument, 'emailSentAt'>>();
  if (latest?.emailSentAt) return { status: 200, message: Messages.subscriptionEmailSent };
  return { status: 202, message: Messages.subscriptionEmailQueued };
}
