import { z } from 'zod';
import type { Caller } from './caller';
import { behaviourOf, brandOf, checkedCard, fingerprintOf, testPaymentMethods, type CardBehaviour } from './cards';
import { publishableKeyNotAllowed, resourceMissing } from './errors';
import { newId, nowSeconds } from './ids';
import { expand, integer, metadata, oneOf, parseParams, text } from './params';
import type { Account, PaymentMethod } from './state';

const address = z.strictObject({
  city: text(200).optional(),
  country: text(2).optional(),
  line1: text(200).optional(),
  line2: text(200).optional(),
  postal_code: text(20).optional(),
  state: text(200).optional(),
});

const createParams = z.strictObject({
  type: oneOf(['card']),
  card: z.strictObject({ number: text(30), exp_month: integer, exp_year: integer, cvc: text(10).optional() }),
  billing_details: z
    .strictObject({ address: address.optional(), email: text(800).optional(), name: text(500).optional(), phone: text(50).optional() })
    .optional(),
  metadata: metadata.optional(),
  expand,
});

const retrieveParams = z.strictObject({ expand });

export function createPaymentMethod(caller: Caller, params: unknown): PaymentMethod {
  const input = parseParams(createParams, params);
  const card = checkedCard(input.card);
  const details = input.billing_details ?? {};
  return storeCard(
    caller.account,
    card,
    {
      address: {
        city: details.address?.city ?? null,
        country: details.address?.country ?? null,
        line1: details.address?.line1 ?? null,
        line2: details.address?.line2 ?? null,
        postal_code: details.address?.postal_code ?? null,
        state: details.address?.state ?? null,
      },
      email: details.email ?? null,
      name: details.name ?? null,
      phone: details.phone ?? null,
      tax_id: null,
    },
    input.metadata || {},
    input.card.cvc !== undefined,
  );
}

export function retrievePaymentMethod(caller: Caller, id: string, params: unknown): PaymentMethod {
  if (caller.publishable) throw publishableKeyNotAllowed();
  parseParams(retrieveParams, params);
  return paymentMethodOf(caller.account, id, 'payment_method').method;
}

/** A stored PaymentMethod with its card number; a test id such as `pm_card_visa` makes a new one from its card, as Stripe does. */
export function paymentMethodOf(account: Account, id: string, param: string): { method: PaymentMethod; behaviour: CardBehaviour } {
  const testCard = testPaymentMethods[id];
  if (testCard) {
    const nextYear = new Date().getUTCFullYear() + 1;
    const method = storeCard(account, { number: testCard, exp_month: 12, exp_year: nextYear }, emptyBillingDetails(), {}, false);
    return { method, behaviour: behaviourOf(testCard) };
  }
  const stored = account.paymentMethods.get(id);
  if (!stored) throw resourceMissing('PaymentMethod', id, param);
  return { method: stored.method, behaviour: behaviourOf(stored.number) };
}

function emptyBillingDetails(): PaymentMethod['billing_details'] {
  return {
    address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
    email: null,
    name: null,
    phone: null,
    tax_id: null,
  };
}

function storeCard(
  account: Account,
  card: { number: string; exp_month: number; exp_year: number },
  billingDetails: PaymentMethod['billing_details'],
  methodMetadata: Record<string, string>,
  cvcGiven: boolean,
): PaymentMethod {
  const brand = brandOf(card.number);
  const method: PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billingDetails,
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: cvcGiven ? 'pass' : 'unchecked' },
      country: 'US',
      display_brand: brand,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      fingerprint: fingerprintOf(card.number),
      funding: 'credit',
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: nowSeconds(),
    customer: null,
    livemode: false,
    metadata: methodMetadata,
    type: 'card',
  };
  account.paymentMethods.set(method.id, { method, number: card.number });
  return method;
}
