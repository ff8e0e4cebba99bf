import { z } from 'zod';
import type { Caller } from './caller';
import { publishableKeyNotAllowed, resourceMissing } from './errors';
import { newId, nowSeconds } from './ids';
import { expandable, parseParams } from './params';
import type { Account, Charge, ChargeOutcome, PaymentIntent, PaymentMethod } from './state';

export interface Decline {
  code: string;
  declineCode: string;
  message: string;
}

const retrieveParams = z.strictObject({ expand: expandable(['refunds']) });

const approved: ChargeOutcome = {
  advice_code: null,
  network_advice_code: null,
  network_decline_code: null,
  network_status: 'approved_by_network',
  reason: null,
  seller_message: 'Payment complete.',
  type: 'authorized',
};

const declinedBy = ({ declineCode }: Decline): ChargeOutcome => ({
  advice_code: null,
  network_advice_code: null,
  network_decline_code: null,
  network_status: 'declined_by_network',
  reason: declineCode,
  seller_message:
    declineCode === 'generic_decline'
      ? 'The bank did not return any further details with this decline.'
      : `The bank returned the decline code \`${declineCode}\`.`,
  type: 'issuer_declined',
});

/** The Charge a confirm makes with a card: a successful one, or a failed one carrying the card's decline. */
export function newCharge(account: Account, intent: PaymentIntent, method: PaymentMethod, decline?: Decline): Charge {
  const paid = !decline;
  const { card } = method;
  const charge: Charge = {
    id: newId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: paid ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: structuredClone(method.billing_details),
    calculated_statement_descriptor: null,
    captured: paid,
    created: nowSeconds(),
    currency: intent.currency,
    customer: null,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: { ...intent.metadata },
    on_behalf_of: null,
    outcome: decline ? declinedBy(decline) : approved,
    paid,
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: {
      card: {
        amount_authorized: paid ? intent.amount : null,
        authorization_code: null,
        brand: card.brand,
        checks: { ...card.checks },
        country: card.country,
        electronic_commerce_indicator: null,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        fingerprint: card.fingerprint,
        funding: card.funding,
        installments: null,
        last4: card.last4,
        mandate: null,
        network: card.brand,
        network_transaction_id: null,
        regulated_status: card.regulated_status,
        three_d_secure: null,
        transaction_link_id: null,
        wallet: null,
      },
      type: 'card',
    },
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: intent.statement_descriptor_suffix,
    status: paid ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  };
  account.charges.set(charge.id, charge);
  return charge;
}

export function retrieveCharge(caller: Caller, id: string, params: unknown): Charge {
  if (caller.publishable) throw publishableKeyNotAllowed();
  const input = parseParams(retrieveParams, params);
  const charge = caller.account.charges.get(id);
  if (!charge) throw resourceMissing('charge', id, 'id');
  return chargeView(caller.account, charge, input.expand);
}

/** A copy of the charge as the API answers it, with its refunds (newest first, a page of 10) only when expanded. */
export function chargeView(account: Account, charge: Charge, expandFields: string[] | undefined): Charge {
  const copy = structuredClone(charge);
  if (!expandFields?.includes('refunds')) return copy;
  const refunds = [...account.refunds.values()].filter((refund) => refund.charge === charge.id).reverse();
  copy.refunds = { object: 'list', data: structuredClone(refunds.slice(0, 10)), has_more: refunds.length > 10, url: `/v1/charges/${charge.id}/refunds` };
  return copy;
}
