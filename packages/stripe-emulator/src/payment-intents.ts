import { z } from 'zod';
import type { Caller } from './caller';
import { newCharge } from './charges';
import { cardError, invalidRequest, publishableKeyNotAllowed, resourceMissing, StripeError, unexpectedState } from './errors';
import { newId, nowSeconds, randomToken } from './ids';
import { applyMetadata, boolean, expand, integer, metadata, oneOf, parseParams, text } from './params';
import { paymentMethodOf } from './payment-methods';
import type { PaymentIntent, PaymentMethod } from './state';

const currency = z
  .string()
  .regex(/^[a-zA-Z]{3}$/, { error: (issue) => `Invalid currency: ${String(issue.input)}. Stripe currently supports these currencies: usd, eur, gbp, …` })
  .transform((value) => value.toLowerCase());
const email = z.email({ error: (issue) => `Invalid email address: ${String(issue.input)}` });
// Only cards here. API version 2026-10-28 names the parameter allowed_payment_method_types; payment_method_types still works.
const paymentMethodTypes = z.array(oneOf(['card']));
const automaticPaymentMethods = z.strictObject({ enabled: boolean, allow_redirects: oneOf(['always', 'never']).optional() });

const createParams = z.strictObject({
  amount: integer,
  currency,
  automatic_payment_methods: automaticPaymentMethods.optional(),
  capture_method: oneOf(['automatic', 'automatic_async']).optional(),
  confirm: boolean.optional(),
  description: text(1000).optional(),
  metadata: metadata.optional(),
  payment_method: text(255).optional(),
  allowed_payment_method_types: paymentMethodTypes.optional(),
  payment_method_types: paymentMethodTypes.optional(),
  receipt_email: email.optional(),
  return_url: text(2048).optional(),
  statement_descriptor_suffix: text(22).optional(),
  expand,
});

const updateParams = z.strictObject({
  amount: integer.optional(),
  currency: currency.optional(),
  description: z.union([z.literal(''), text(1000)]).optional(),
  metadata: metadata.optional(),
  payment_method: text(255).optional(),
  allowed_payment_method_types: paymentMethodTypes.optional(),
  payment_method_types: paymentMethodTypes.optional(),
  receipt_email: z.union([z.literal(''), email]).optional(),
  statement_descriptor_suffix: text(22).optional(),
  expand,
});

const confirmParams = z.strictObject({
  client_secret: text(255).optional(),
  error_on_requires_action: boolean.optional(),
  payment_method: text(255).optional(),
  receipt_email: email.optional(),
  return_url: text(2048).optional(),
  use_stripe_sdk: boolean.optional(),
  expand,
});

const retrieveParams = z.strictObject({ client_secret: text(255).optional(), expand });

const cancelParams = z.strictObject({
  cancellation_reason: oneOf(['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned']).optional(),
  expand,
});

const authenticateParams = z.strictObject({ client_secret: text(255).optional(), result: oneOf(['complete', 'fail']) });

const editableStatuses = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const confirmableStatuses = ['requires_confirmation', 'requires_payment_method', 'requires_action'];
const cancelableStatuses = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];

export function createPaymentIntent(caller: Caller, params: unknown): PaymentIntent {
  secretKeyOnly(caller);
  const input = parseParams(createParams, params);
  checkAmount(input.amount, input.currency);
  const types = input.allowed_payment_method_types ?? input.payment_method_types;
  if (input.automatic_payment_methods && types)
    throw invalidRequest(
      `You may only specify one of these parameters: automatic_payment_methods, ${input.allowed_payment_method_types ? 'allowed_payment_method_types' : 'payment_method_types'}.`,
      { param: 'automatic_payment_methods' },
    );
  if (input.return_url !== undefined && !input.confirm) throw invalidRequest('You can only pass `return_url` when `confirm` is true.', { param: 'return_url' });
  const id = newId('pi');
  const intent: PaymentIntent = {
    id,
    object: 'payment_intent',
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    // Since API version 2023-08-16 an intent without payment_method_types has automatic payment methods.
    allowed_payment_method_types: types ?? null,
    automatic_payment_methods: types
      ? null
      : { allow_redirects: input.automatic_payment_methods?.allow_redirects ?? 'always', enabled: input.automatic_payment_methods?.enabled ?? true },
    canceled_at: null,
    cancellation_reason: null,
    capture_method: input.capture_method ?? 'automatic_async',
    client_secret: `${id}_secret_${randomToken(25)}`,
    confirmation_method: 'automatic',
    created: nowSeconds(),
    currency: input.currency,
    customer: null,
    customer_account: null,
    description: input.description ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: applyMetadata({}, input.metadata),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: types ?? ['card'],
    processing: null,
    receipt_email: input.receipt_email ?? null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    statement_descriptor: null,
    statement_descriptor_suffix: input.statement_descriptor_suffix ?? null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
  if (input.payment_method) {
    intent.payment_method = paymentMethodOf(caller.account, input.payment_method, 'payment_method').method.id;
    intent.status = 'requires_confirmation';
  }
  caller.account.paymentIntents.set(id, intent);
  caller.emit('payment_intent.created', intent);
  if (input.confirm) return confirm(caller, intent, { return_url: input.return_url }, input.expand);
  return view(caller, intent, input.expand);
}

export function retrievePaymentIntent(caller: Caller, id: string, params: unknown): PaymentIntent {
  const input = parseParams(retrieveParams, params);
  const intent = intentOf(caller, id, input.client_secret);
  return view(caller, intent, input.expand);
}

export function updatePaymentIntent(caller: Caller, id: string, params: unknown): PaymentIntent {
  secretKeyOnly(caller);
  const input = parseParams(updateParams, params);
  const intent = intentOf(caller, id, undefined);
  for (const field of ['amount', 'currency', 'payment_method', 'allowed_payment_method_types', 'payment_method_types'] as const) {
    if (input[field] !== undefined && !editableStatuses.includes(intent.status))
      throw invalidRequest(
        `This PaymentIntent's ${field} could not be updated because it has a status of ${intent.status}. You may only update the ${field} of a PaymentIntent with one of the following statuses: ${editableStatuses.join(', ')}.`,
        { code: 'payment_intent_unexpected_state', param: field },
      );
  }
  if (input.amount !== undefined) checkAmount(input.amount, input.currency ?? intent.currency);
  if (input.amount !== undefined) intent.amount = input.amount;
  if (input.currency !== undefined) intent.currency = input.currency;
  if (input.description !== undefined) intent.description = input.description || null;
  if (input.receipt_email !== undefined) intent.receipt_email = input.receipt_email || null;
  if (input.statement_descriptor_suffix !== undefined) intent.statement_descriptor_suffix = input.statement_descriptor_suffix;
  const types = input.allowed_payment_method_types ?? input.payment_method_types;
  if (types !== undefined) {
    Object.assign(intent, { allowed_payment_method_types: types, payment_method_types: types, automatic_payment_methods: null });
  }
  intent.metadata = applyMetadata(intent.metadata, input.metadata);
  if (input.payment_method !== undefined) {
    intent.payment_method = paymentMethodOf(caller.account, input.payment_method, 'payment_method').method.id;
    intent.status = 'requires_confirmation';
    intent.next_action = null;
  }
  return view(caller, intent, input.expand);
}

export function confirmPaymentIntent(caller: Caller, id: string, params: unknown): PaymentIntent {
  const input = parseParams(confirmParams, params);
  const intent = intentOf(caller, id, input.client_secret);
  if (!caller.publishable && !input.return_url && intent.automatic_payment_methods?.allow_redirects === 'always')
    throw invalidRequest(
      "This PaymentIntent is configured to accept payment methods enabled in your Dashboard, because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don't want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.",
    );
  if (input.receipt_email) intent.receipt_email = input.receipt_email;
  return confirm(caller, intent, input, input.expand);
}

export function cancelPaymentIntent(caller: Caller, id: string, params: unknown): PaymentIntent {
  secretKeyOnly(caller);
  const input = parseParams(cancelParams, params);
  const intent = intentOf(caller, id, undefined);
  if (!cancelableStatuses.includes(intent.status))
    throw unexpectedState(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelableStatuses.join(', ')}.`,
    );
  Object.assign(intent, { status: 'canceled', canceled_at: nowSeconds(), cancellation_reason: input.cancellation_reason ?? null, next_action: null });
  caller.emit('payment_intent.canceled', intent);
  return view(caller, intent, input.expand);
}

/**
 * The emulator's stand-in for the 3-D Secure page: the browser script (or the redirect page) reports
 * whether the cardholder completed or failed the challenge.
 */
export function authenticatePaymentIntent(caller: Caller, id: string, params: unknown): PaymentIntent {
  const input = parseParams(authenticateParams, params);
  const intent = intentOf(caller, id, input.client_secret);
  if (intent.status !== 'requires_action')
    throw unexpectedState(
      `You cannot authenticate this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with a status of requires_action may be authenticated.`,
    );
  const method = caller.account.paymentMethods.get(methodIdOf(intent) ?? '')?.method;
  if (input.result === 'complete' && method) return view(caller, succeed(caller, intent, method), undefined);
  Object.assign(intent, {
    status: 'requires_payment_method',
    payment_method: null,
    next_action: null,
    last_payment_error: {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
      message:
        'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      ...(method ? { payment_method: method } : {}),
    },
  });
  caller.emit('payment_intent.payment_failed', intent);
  return view(caller, intent, undefined);
}

function confirm(
  caller: Caller,
  intent: PaymentIntent,
  input: { payment_method?: string; return_url?: string },
  expandFields: string[] | undefined,
): PaymentIntent {
  if (!confirmableStatuses.includes(intent.status))
    throw unexpectedState(
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${confirmableStatuses.join(', ')}.`,
    );
  const methodId = input.payment_method ?? methodIdOf(intent);
  if (!methodId)
    throw unexpectedState(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
    );
  const { method, behaviour } = paymentMethodOf(caller.account, methodId, 'payment_method');
  intent.payment_method = method.id;
  intent.last_payment_error = null;

  if (behaviour.kind === 'succeeds') return view(caller, succeed(caller, intent, method), expandFields);
  if (behaviour.kind === 'requires_authentication') {
    const challenge = `${caller.baseUrl}/emulator/3ds/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`;
    intent.status = 'requires_action';
    intent.next_action = input.return_url
      ? { type: 'redirect_to_url', redirect_to_url: { url: `${challenge}&return_url=${encodeURIComponent(input.return_url)}`, return_url: input.return_url } }
      : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: challenge, source: newId('src') } };
    caller.emit('payment_intent.requires_action', intent);
    return view(caller, intent, expandFields);
  }

  const error = cardError('card_declined', behaviour.message, { declineCode: behaviour.declineCode });
  const charge = newCharge(caller.account, intent, method, { code: 'card_declined', declineCode: behaviour.declineCode, message: behaviour.message });
  Object.assign(intent, {
    status: 'requires_payment_method',
    payment_method: null,
    next_action: null,
    latest_charge: charge.id,
    last_payment_error: { ...error.body, payment_method: method },
  });
  caller.emit('payment_intent.payment_failed', intent);
  throw new StripeError(402, { ...error.body, charge: charge.id, payment_intent: view(caller, intent, expandFields), payment_method: method });
}

function succeed(caller: Caller, intent: PaymentIntent, method: PaymentMethod): PaymentIntent {
  const charge = newCharge(caller.account, intent, method);
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, next_action: null, last_payment_error: null });
  caller.emit('payment_intent.succeeded', intent);
  return intent;
}

function intentOf(caller: Caller, id: string, clientSecret: string | undefined): PaymentIntent {
  if (caller.publishable && clientSecret === undefined) throw publishableKeyNotAllowed();
  const intent = caller.account.paymentIntents.get(id);
  if (!intent) throw resourceMissing('payment_intent', id, 'intent');
  if (clientSecret !== undefined && clientSecret !== intent.client_secret)
    throw invalidRequest('The client_secret provided does not match the client_secret associated with the PaymentIntent.', { param: 'client_secret' });
  return intent;
}

function methodIdOf(intent: PaymentIntent): string | undefined {
  return typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
}

function secretKeyOnly(caller: Caller): void {
  if (caller.publishable) throw publishableKeyNotAllowed();
}

function checkAmount(amount: number, currencyCode: string): void {
  if (amount < 1) throw invalidRequest('This value must be greater than or equal to 1.', { code: 'parameter_invalid_integer', param: 'amount' });
  if (currencyCode === 'usd' && amount < 50) throw invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
  if (amount > 99_999_999) throw invalidRequest('Amount must be no more than $999,999.99', { code: 'amount_too_large', param: 'amount' });
}

/** A copy of the intent as the API answers it, with `payment_method` expanded when asked for. */
function view(caller: Caller, intent: PaymentIntent, expandFields: string[] | undefined): PaymentIntent {
  const copy = structuredClone(intent);
  for (const field of expandFields ?? []) {
    if (field !== 'payment_method') throw invalidRequest(`This property cannot be expanded (${field}).`, { param: 'expand' });
    const methodId = typeof copy.payment_method === 'string' ? copy.payment_method : undefined;
    if (methodId) copy.payment_method = caller.account.paymentMethods.get(methodId)?.method ?? methodId;
  }
  return copy;
}
