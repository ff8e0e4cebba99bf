import Stripe from 'stripe';
import { Messages } from '@altmed/contracts';
import { AppError } from '@altmed/service-kit';

/**
 * What a failed Stripe call means for our caller: a card the bank refused is 402 with Stripe's
 * message (written for the cardholder); a request Stripe found invalid is 400 with its message;
 * Stripe unreachable, rate limiting or failing is 503; anything else (a bad key) is our fault, 500.
 */
export function stripeFailure(err: unknown): unknown {
  if (err instanceof Stripe.errors.StripeCardError) return new AppError(402, err.message || Messages.paymentConfirmationFailed);
  if (err instanceof Stripe.errors.StripeInvalidRequestError) return new AppError(400, err.message || Messages.paymentConfirmationFailed);
  if (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    err instanceof Stripe.errors.StripeIdempotencyError
  ) {
    return new AppError(503, Messages.serviceUnavailable);
  }
  return err;
}

/** Runs a Stripe call and turns its failure into the answer for our caller (see stripeFailure). */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw stripeFailure(err);
  }
}
