import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState } from 'react';
import { BILLING_COUNTRY, BILLING_POSTAL_CODE, Messages, PaymentMessages } from '@altmed/contracts/web';
import { ApiError, toast, useSession } from '@altmed/web-kit';
import { confirmPayment, sendSubscriptionEmail } from '../api/payments';
import type { PaymentIntent } from './usePaymentIntent';

/** Why a payment did not go through: the spec's message, and the card issuer's or Stripe's reason when there is one. */
export interface PaymentFailure {
  message: string;
  detail?: string;
}

/** The Stripe id of the intent: its client secret up to the secret marker (SPEC §7). */
const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? clientSecret;

/**
 * Pays the intent with the card in Stripe's CardElement (SPEC §4, §8): a payment method from the
 * card, the server's confirmation, Stripe's authentication when the card asks for it and a second
 * confirmation; then the subscription email and `onPaid`. Must run inside Stripe's Elements.
 */
export function useCardPayment(intent: PaymentIntent, onPaid: () => void) {
  const stripe = useStripe();
  const elements = useElements();
  const { token, user } = useSession();
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [busy, setBusy] = useState(false);

  async function finish() {
    try {
      await sendSubscriptionEmail(user!.id, token!);
      toast.success(PaymentMessages.paymentSucceeded);
    } catch {
      toast.error(PaymentMessages.subscriptionEmailFailed);
    }
    onPaid();
  }

  async function pay() {
    setFailure(null);
    if (!token) return setFailure({ message: PaymentMessages.logInToPay });
    if (!user?.id) return setFailure({ message: PaymentMessages.userIdMissing });
    if (intent.settledWithoutCard) return finish();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return setFailure({ message: PaymentMessages.elementsNotReady });
    const clientSecret = intent.clientSecret;
    if (!clientSecret) {
      intent.refetch();
      return setFailure({ message: PaymentMessages.intentRetrying });
    }

    setBusy(true);
    try {
      // Country and ZIP are shown, not sent: the billing address is fixed (SPEC §9).
      const method = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: { name: user.name, email: user.email, address: { country: BILLING_COUNTRY, postal_code: BILLING_POSTAL_CODE } },
      });
      if (method.error) return setFailure({ message: PaymentMessages.paymentFailed, detail: method.error.message });
      const paymentIntentId = intentIdOf(clientSecret);
      const reply = await confirmPayment(paymentIntentId, method.paymentMethod.id, token);
      if (reply.message === Messages.paymentConfirmed) return await finish();
      if (!reply.requiresAction) return setFailure({ message: PaymentMessages.paymentFailed });

      const authenticated = await stripe.confirmCardPayment(reply.clientSecret ?? clientSecret);
      if (authenticated.error) return setFailure({ message: PaymentMessages.failedAfterAuthentication, detail: authenticated.error.message });
      const afterAuthentication = await confirmPayment(paymentIntentId, method.paymentMethod.id, token);
      if (afterAuthentication.message === Messages.paymentConfirmed) return await finish();
      setFailure({ message: PaymentMessages.failedAfterAuthentication });
    } catch (error) {
      // A refused card is a 402 with the card issuer's reason; anything else did not reach a verdict.
      if (error instanceof ApiError && error.status === 402) setFailure({ message: PaymentMessages.paymentFailed, detail: error.message });
      else setFailure({ message: PaymentMessages.submissionFailed });
    } finally {
      setBusy(false);
    }
  }

  return { pay, busy, failure, clearFailure: () => setFailure(null) };
}
