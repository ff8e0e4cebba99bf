import { MEMBER_DETAIL_LIMIT, type MemberPaymentsResponse, type MyPayments } from '@altmed/contracts';
import { ADMIN_PAYMENT_FIELDS, adminPaymentView, paymentAnswer, type AdminPaymentRecord } from './payment-answers';
import type { PaymentModel } from './payment.model';

export interface MemberPaymentsDeps {
  payments: PaymentModel;
}

/** A member's payment attempts, newest first; a record still being written (`creating`) is not one yet. */
function paymentAttemptsOf(deps: MemberPaymentsDeps, userId: string): Promise<AdminPaymentRecord[]> {
  return deps.payments
    .find({ userId, status: { $ne: 'creating' } })
    .sort({ createdAt: -1 })
    .limit(MEMBER_DETAIL_LIMIT)
    .select(ADMIN_PAYMENT_FIELDS)
    .lean<AdminPaymentRecord[]>()
    .exec();
}

/** A member's payment attempts for an admin. */
export async function listMemberPayments(deps: MemberPaymentsDeps, userId: string): Promise<MemberPaymentsResponse> {
  return { payments: (await paymentAttemptsOf(deps, userId)).map(adminPaymentView) };
}

/** Download my data: every payment attempt of the caller. */
export async function listMyPayments(deps: MemberPaymentsDeps, callerId: string): Promise<MyPayments> {
  return { payments: (await paymentAttemptsOf(deps, callerId)).map(paymentAnswer) };
}
