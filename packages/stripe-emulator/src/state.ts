import { newId, randomToken } from './ids';

export type Metadata = Record<string, string>;

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'unspecified';
  billing_details: {
    address: { city: string | null; country: string | null; line1: string | null; line2: string | null; postal_code: string | null; state: string | null };
    email: string | null;
    name: string | null;
    phone: string | null;
    tax_id: string | null;
  };
  card: {
    brand: string;
    checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' | 'unchecked' };
    country: string;
    display_brand: string;
    exp_month: number;
    exp_year: number;
    fingerprint: string;
    funding: 'credit';
    generated_from: null;
    last4: string;
    networks: { available: string[]; preferred: null };
    regulated_status: 'unregulated';
    three_d_secure_usage: { supported: boolean };
    wallet: null;
  };
  created: number;
  customer: null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
}

export type PaymentIntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';

export interface PaymentError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  doc_url: string;
  message: string;
  payment_method: PaymentMethod;
}

export interface NextAction {
  type: 'use_stripe_sdk' | 'redirect_to_url';
  use_stripe_sdk?: { type: 'three_d_secure_redirect'; stripe_js: string; source: string };
  redirect_to_url?: { url: string; return_url: string };
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  allowed_payment_method_types: string[] | null;
  amount: number;
  amount_capturable: number;
  amount_details: { tip: Record<string, never> };
  amount_received: number;
  application: null;
  application_fee_amount: null;
  automatic_payment_methods: { allow_redirects: 'always' | 'never'; enabled: boolean } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic' | 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: null;
  customer_account: null;
  description: string | null;
  excluded_payment_method_types: null;
  last_payment_error: PaymentError | null;
  latest_charge: string | null;
  livemode: false;
  managed_payments: null;
  metadata: Metadata;
  next_action: NextAction | null;
  on_behalf_of: null;
  payment_method: string | PaymentMethod | null;
  payment_method_configuration_details: null;
  payment_method_options: { card: { installments: null; mandate_options: null; network: null; request_three_d_secure: 'automatic' } };
  payment_method_types: string[];
  processing: null;
  receipt_email: string | null;
  review: null;
  setup_future_usage: null;
  shipping: null;
  statement_descriptor: string | null;
  statement_descriptor_suffix: string | null;
  status: PaymentIntentStatus;
  transfer_data: null;
  transfer_group: null;
}

export interface ChargeOutcome {
  advice_code: null;
  network_advice_code: null;
  network_decline_code: string | null;
  network_status: 'approved_by_network' | 'declined_by_network';
  reason: string | null;
  seller_message: string;
  type: 'authorized' | 'issuer_declined';
}

/** A card charge; since API version 2022-11-15 `refunds` is left out unless expanded. */
export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  application: null;
  application_fee: null;
  application_fee_amount: null;
  balance_transaction: null;
  billing_details: PaymentMethod['billing_details'];
  calculated_statement_descriptor: string | null;
  captured: boolean;
  created: number;
  currency: string;
  customer: null;
  description: string | null;
  disputed: false;
  failure_balance_transaction: null;
  failure_code: string | null;
  failure_message: string | null;
  fraud_details: Record<string, never>;
  livemode: false;
  metadata: Metadata;
  on_behalf_of: null;
  outcome: ChargeOutcome;
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: {
    card: {
      amount_authorized: number | null;
      authorization_code: null;
      brand: string;
      checks: PaymentMethod['card']['checks'];
      country: string;
      electronic_commerce_indicator: null;
      exp_month: number;
      exp_year: number;
      fingerprint: string;
      funding: string;
      installments: null;
      last4: string;
      mandate: null;
      network: string;
      network_transaction_id: null;
      regulated_status: 'unregulated';
      three_d_secure: null;
      transaction_link_id: null;
      wallet: null;
    };
    type: 'card';
  };
  receipt_email: string | null;
  receipt_number: null;
  receipt_url: null;
  refunded: boolean;
  refunds?: { object: 'list'; data: Refund[]; has_more: boolean; url: string };
  review: null;
  shipping: null;
  source_transfer: null;
  statement_descriptor: null;
  statement_descriptor_suffix: string | null;
  status: 'succeeded' | 'failed';
  transfer_data: null;
  transfer_group: null;
}

export type RefundReason = 'duplicate' | 'fraudulent' | 'requested_by_customer';

/** Card refunds succeed at once in test mode (but those of the pending-refund test card); the card network's reference comes later. */
export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: null;
  charge: string | Charge;
  created: number;
  currency: string;
  customer: null;
  customer_account: null;
  destination_details: {
    card: { reference_status: 'pending'; reference_type: 'acquirer_reference_number'; type: 'refund' };
    type: 'card';
  };
  metadata: Metadata;
  payment_intent: string;
  payment_method: string;
  reason: RefundReason | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'pending' | 'succeeded' | 'failed';
  transfer_reversal: null;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  enabled_events: string[];
  secret: string;
  status: 'enabled';
  created: number;
  livemode: false;
  metadata: Metadata;
  api_version: string | null;
  description: string | null;
  application: null;
}

export interface IdempotentAnswer {
  method: string;
  path: string;
  params: string;
  status: number;
  body: unknown;
}

/**
 * One Stripe account of the emulator: its keys, its webhook endpoints and its objects. Accounts
 * do not see each other's objects, so test files running at once each use an account of their own.
 */
export interface Account {
  id: string;
  secretKey: string;
  publishableKey: string;
  /** Every webhook endpoint of this account signs with this secret. */
  webhookSecret: string;
  webhookEndpoints: WebhookEndpoint[];
  paymentIntents: Map<string, PaymentIntent>;
  paymentMethods: Map<string, { method: PaymentMethod; number: string }>;
  charges: Map<string, Charge>;
  refunds: Map<string, Refund>;
  events: StripeEvent[];
  idempotency: Map<string, IdempotentAnswer>;
  /** Idempotency keys of the requests being answered now. */
  keysInFlight: Set<string>;
  /** How long creating a refund takes (the card network's answer), in milliseconds: 0 unless the account was made with `refund_latency_ms`. */
  refundLatencyMs: number;
}

export interface AccountKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

export function newAccountKeys(): AccountKeys {
  const token = randomToken(24);
  return { secretKey: `sk_test_${token}`, publishableKey: `pk_test_${token}`, webhookSecret: `whsec_${randomToken(32)}` };
}

export class Accounts {
  private readonly bySecretKey = new Map<string, Account>();
  private readonly byPublishableKey = new Map<string, Account>();

  add(keys: AccountKeys, refundLatencyMs = 0): Account {
    const account: Account = {
      id: newId('acct'),
      ...keys,
      webhookEndpoints: [],
      paymentIntents: new Map(),
      paymentMethods: new Map(),
      charges: new Map(),
      refunds: new Map(),
      events: [],
      idempotency: new Map(),
      keysInFlight: new Set(),
      refundLatencyMs,
    };
    this.bySecretKey.set(keys.secretKey, account);
    this.byPublishableKey.set(keys.publishableKey, account);
    return account;
  }

  all(): Account[] {
    return [...this.bySecretKey.values()];
  }

  withSecretKey(key: string): Account | undefined {
    return this.bySecretKey.get(key);
  }

  withPublishableKey(key: string): Account | undefined {
    return this.byPublishableKey.get(key);
  }
}
