import { z } from 'zod';
import type { Caller } from './caller';
import { refundStartsPending } from './cards';
import { chargeView } from './charges';
import { invalidRequest, publishableKeyNotAllowed, resourceMissing } from './errors';
import { newId, nowSeconds } from './ids';
import { applyMetadata, expandable, integer, metadata, oneOf, parseParams, text } from './params';
import type { Account, Charge, Refund } from './state';

const createParams = z.strictObject({
  amount: integer.optional(),
  charge: text(255).optional(),
  payment_intent: text(255).optional(),
  reason: oneOf(['duplicate', 'fraudulent', 'requested_by_customer']).optional(),
  metadata: metadata.optional(),
  expand: expandable(['charge']),
});

const retrieveParams = z.strictObject({ expand: expandable(['charge']) });

/** Refunds a succeeded card charge, all that is left of it unless `amount` says less; card refunds succeed at once in test mode. */
export function createRefund(caller: Caller, params: unknown): Refund {
  if (caller.publishable) throw publishableKeyNotAllowed();
  const input = parseParams(createParams, params);
  if (input.amount !== undefined && input.amount < 1)
    throw invalidRequest('This value must be greater than or equal to 1.', { code: 'parameter_invalid_integer', param: 'amount' });
  const charge = chargeToRefund(caller.account, input);
  const amount = amountToRefund(charge, input.amount);
  const refund: Refund = {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    customer: null,
    customer_account: null,
    destination_details: { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
    metadata: applyMetadata({}, input.metadata),
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: input.reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: startsPending(caller.account, charge) ? 'pending' : 'succeeded',
    transfer_reversal: null,
  };
  caller.account.refunds.set(refund.id, refund);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount_captured;
  caller.emit('refund.created', refund);
  caller.emit('charge.refunded', chargeView(caller.account, charge, undefined));
  return refundView(caller.account, refund, input.expand);
}

const settleParams = z.strictObject({ status: oneOf(['succeeded', 'failed']) });

/**
 * A pending refund settles, as the card network's answer does some time later in Stripe: it
 * succeeds, or fails and gives its amount back to the charge; Stripe sends refund.updated (and
 * refund.failed for a failure). The emulator's own call, for tests of the pending-refund card.
 */
export function settleRefund(caller: Caller, id: string, params: unknown): Refund {
  if (caller.publishable) throw publishableKeyNotAllowed();
  const { status } = parseParams(settleParams, params);
  const refund = caller.account.refunds.get(id);
  if (!refund) throw resourceMissing('refund', id, 'refund');
  if (refund.status !== 'pending') throw invalidRequest(`Refund ${id} is not pending: it is ${refund.status}.`);
  refund.status = status;
  if (status === 'failed') {
    const charge = caller.account.charges.get(refund.charge as string)!;
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
  }
  caller.emit('refund.updated', refund);
  if (status === 'failed') caller.emit('refund.failed', refund);
  return refundView(caller.account, refund, undefined);
}

function startsPending(account: Account, charge: Charge): boolean {
  const stored = account.paymentMethods.get(charge.payment_method);
  return stored !== undefined && refundStartsPending(stored.number);
}

export function retrieveRefund(caller: Caller, id: string, params: unknown): Refund {
  if (caller.publishable) throw publishableKeyNotAllowed();
  const input = parseParams(retrieveParams, params);
  const refund = caller.account.refunds.get(id);
  if (!refund) throw resourceMissing('refund', id, 'refund');
  return refundView(caller.account, refund, input.expand);
}

function chargeToRefund(account: Account, { charge: chargeId, payment_intent: intentId }: { charge?: string; payment_intent?: string }): Charge {
  if (chargeId !== undefined && intentId !== undefined)
    throw invalidRequest('You may only specify one of these parameters: charge, payment_intent.', { param: 'charge' });
  if (intentId !== undefined) return chargeOfIntent(account, intentId);
  if (chargeId === undefined) throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.');
  const charge = account.charges.get(chargeId);
  if (!charge) throw resourceMissing('charge', chargeId, 'id');
  if (charge.status !== 'succeeded') throw nothingToRefund(charge.payment_intent);
  return charge;
}

function chargeOfIntent(account: Account, intentId: string): Charge {
  const intent = account.paymentIntents.get(intentId);
  if (!intent) throw resourceMissing('payment_intent', intentId, 'payment_intent');
  const charge = intent.status === 'succeeded' && intent.latest_charge ? account.charges.get(intent.latest_charge) : undefined;
  if (!charge) throw nothingToRefund(intent.id);
  return charge;
}

function amountToRefund(charge: Charge, asked: number | undefined): number {
  const left = charge.amount_captured - charge.amount_refunded;
  if (left === 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  const amount = asked ?? left;
  if (amount > left)
    throw invalidRequest(
      `Refund amount (${money(amount, charge.currency)}) is greater than ${charge.amount_refunded ? 'unrefunded amount on charge' : 'charge amount'} (${money(left, charge.currency)})`,
      { param: 'amount' },
    );
  return amount;
}

const nothingToRefund = (intentId: string) => invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`);

/** An amount in the currency's smallest unit as Stripe's messages write it: 11988 usd is "$119.88". */
function money(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** A copy of the refund as the API answers it, with `charge` expanded when asked for. */
function refundView(account: Account, refund: Refund, expandFields: string[] | undefined): Refund {
  const copy = structuredClone(refund);
  const charge = typeof copy.charge === 'string' ? account.charges.get(copy.charge) : undefined;
  if (expandFields?.includes('charge') && charge) copy.charge = chargeView(account, charge, undefined);
  return copy;
}
