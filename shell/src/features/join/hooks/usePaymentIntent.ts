import { useQuery } from '@tanstack/react-query';
import { Messages, PAYMENT_INTENT_RETRIES, PAYMENT_INTENT_RETRY_DELAY_MS, PaymentMessages, membershipPriceCents } from '@altmed/contracts/web';
import { ApiError, useSession } from '@altmed/web-kit';
import { createPaymentIntent } from '../api/payments';

/** A promo code the server accepted, and what it takes off. */
export interface AppliedPromo {
  code: string;
  discountPercentage: number;
}

const isFinal = (error: unknown): error is ApiError => error instanceof ApiError && [400, 401, 403].includes(error.status);

/** 400, 401 and 403 are final answers; anything else is tried twice more, 1 s and then 2 s later (SPEC §8, §9). */
function retryIntent(failureCount: number, error: unknown): boolean {
  return !isFinal(error) && failureCount < PAYMENT_INTENT_RETRIES;
}

/** The membership's payment intent as the card step sees it. */
export interface PaymentIntent {
  clientSecret: string | null;
  /** Not answered yet. */
  pending: boolean;
  /** Asked again after a failure. */
  retrying: boolean;
  /** What to say when no intent could be made. */
  failure: string | null;
  settledWithoutCard: boolean;
  refetch: () => void;
}

/**
 * The payment intent for the membership at the promo code's price, made again whenever the code
 * changes: its client secret, whether it is being retried, what to say when it could not be made,
 * and whether a 100 % code settled the membership without a card.
 */
export function usePaymentIntent(promo: AppliedPromo | null): PaymentIntent {
  const { token, user } = useSession();
  const amount = membershipPriceCents(promo?.discountPercentage ?? 0);
  const intent = useQuery({
    queryKey: ['payment-intent', user?.id, promo?.code ?? '', amount],
    queryFn: () => createPaymentIntent({ amount, userId: user!.id, doctorId: null, promoCode: promo?.code ?? null }, token!),
    enabled: Boolean(token && user?.id),
    retry: retryIntent,
    retryDelay: (failureCount) => PAYMENT_INTENT_RETRY_DELAY_MS * (failureCount + 1),
    staleTime: Infinity,
    gcTime: 0,
  });
  const failure = intent.isError ? (isFinal(intent.error) ? intent.error.message : PaymentMessages.intentFailedAfterRetries) : null;
  return {
    clientSecret: intent.data?.clientSecret ?? null,
    pending: intent.isPending,
    retrying: intent.isFetching && intent.failureCount > 0,
    failure,
    // A 100 % code: nothing to charge, the server has activated the membership already.
    settledWithoutCard: intent.data?.clientSecret === null && intent.data.message === Messages.paymentConfirmed,
    refetch: () => void intent.refetch(),
  };
}
