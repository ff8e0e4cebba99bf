import { createHash } from 'node:crypto';
import { brandOf, passesLuhn } from './card-rules';
import { cardError } from './errors';

export { brandOf };

/** What happens when a PaymentIntent is confirmed with a card, after Stripe's test cards. */
export type CardBehaviour = { kind: 'succeeds' } | { kind: 'requires_authentication' } | { kind: 'declined'; declineCode: string; message: string };

const succeeds: CardBehaviour = { kind: 'succeeds' };
const authentication: CardBehaviour = { kind: 'requires_authentication' };
const declined = (declineCode: string, message: string): CardBehaviour => ({ kind: 'declined', declineCode, message });

const testCards: Record<string, CardBehaviour> = {
  '4242424242424242': succeeds,
  '4000056655665556': succeeds,
  '5555555555554444': succeeds,
  '2223003122003222': succeeds,
  '5200828282828210': succeeds,
  '378282246310005': succeeds,
  '6011111111111117': succeeds,
  '4000000000007726': succeeds,
  '4000002500003155': authentication,
  '4000002760003184': authentication,
  '4000000000003220': authentication,
  '4000000000000002': declined('generic_decline', 'Your card was declined.'),
  '4000000000009995': declined('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000009987': declined('lost_card', 'Your card was declined.'),
  '4000000000009979': declined('stolen_card', 'Your card was declined.'),
};

const liveCard = declined(
  'test_mode_live_card',
  'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
);

/** Stripe's test PaymentMethod ids (`pm_card_visa`…) and the card each stands for. */
export const testPaymentMethods: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_threeDSecure2Required: '4000000000003220',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_visa_chargeDeclinedLostCard: '4000000000009987',
  pm_card_visa_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_pendingRefund: '4000000000007726',
};

/** Stripe's test card whose refunds start `pending` (and settle later: here when the emulator's `POST /v1/refunds/{id}/emulator_settle` says so). */
const PENDING_REFUND_CARD = '4000000000007726';

export const refundStartsPending = (number: string): boolean => number === PENDING_REFUND_CARD;

export function behaviourOf(number: string): CardBehaviour {
  return testCards[number] ?? liveCard;
}

export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc?: string;
}

/** Checks a card as Stripe does when a PaymentMethod is created (402 card_error), and returns it normalised. */
export function checkedCard(card: CardDetails, now = new Date()): CardDetails {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) throw cardError('incorrect_number', 'Your card number is incorrect.', { param: 'number' });
  if (!(card.exp_month >= 1 && card.exp_month <= 12))
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", { param: 'exp_month' });
  const expYear = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const thisYear = now.getUTCFullYear();
  if (expYear < thisYear || expYear > thisYear + 50) throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", { param: 'exp_year' });
  if (expYear === thisYear && card.exp_month < now.getUTCMonth() + 1)
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", { param: 'exp_month' });
  if (card.cvc !== undefined && !/^\d{3,4}$/.test(card.cvc)) throw cardError('invalid_cvc', "Your card's security code is invalid.", { param: 'cvc' });
  return { number, exp_month: card.exp_month, exp_year: expYear, cvc: card.cvc };
}

export function fingerprintOf(number: string): string {
  return createHash('sha256').update(number).digest('base64url').slice(0, 16);
}
