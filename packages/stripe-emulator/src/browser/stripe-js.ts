/*
 * The Stripe emulator's stand-in for Stripe.js (served at /v3/): `window.Stripe(publishableKey)` with
 * the subset the join flow uses (elements() and a card element, createPaymentMethod,
 * confirmCardPayment, handleCardAction, retrievePaymentIntent), answering with Stripe.js's result
 * shapes ({ paymentIntent } / { paymentMethod } / { error }). The card element renders plain inputs
 * in the page instead of Stripe's iframe. It talks to the emulator it was loaded from.
 */

import { brandOf, cvcLengthOf, numberLengthOf, passesLuhn, type CardBrand } from '../card-rules';

type Listener = (event: unknown) => void;
type Params = Record<string, unknown>;

interface StripeError {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  payment_intent?: PaymentIntent;
  payment_method?: unknown;
}

interface PaymentIntent {
  id: string;
  status: string;
  client_secret: string;
  last_payment_error?: StripeError | null;
  [key: string]: unknown;
}

interface CardValue {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

interface FieldState {
  complete: boolean;
  empty: boolean;
  /** Shown while typing (an impossible value). */
  invalid?: { code: string; message: string };
  /** Shown once the field loses focus unfinished. */
  incomplete: { code: string; message: string };
}

const apiBase = new URL((document.currentScript as HTMLScriptElement | null)?.src ?? window.location.href).origin;

/** Form-encodes nested parameters as Stripe's clients do: `card[number]=…`, `expand[0]=…`. */
function formEncode(params: Params): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (typeof value === 'object') {
      for (const [child, childValue] of Object.entries(value as Params)) add(`${key}[${child}]`, childValue);
      return;
    }
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value as string | number | boolean)}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}

async function request<T>(
  key: string,
  method: 'GET' | 'POST',
  path: string,
  params: Params,
): Promise<{ ok: true; body: T } | { ok: false; error: StripeError }> {
  const query = formEncode(params);
  try {
    const response = await fetch(method === 'GET' ? `${apiBase}${path}?${query}` : `${apiBase}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: method === 'POST' ? query : undefined,
    });
    const body = (await response.json()) as T & { error?: StripeError };
    return response.ok
      ? { ok: true, body }
      : { ok: false, error: body.error ?? { type: 'api_error', message: `The Stripe emulator answered ${response.status}` } };
  } catch (error) {
    return { ok: false, error: { type: 'api_connection_error', message: `Could not reach the Stripe emulator at ${apiBase}: ${(error as Error).message}` } };
  }
}

function numberState(digits: string): FieldState {
  const length = numberLengthOf(brandOf(digits));
  const incomplete = { code: 'incomplete_number', message: 'Your card number is incomplete.' };
  if (digits.length < length) return { complete: false, empty: digits.length === 0, incomplete };
  if (!passesLuhn(digits)) return { complete: false, empty: false, invalid: { code: 'invalid_number', message: 'Your card number is invalid.' }, incomplete };
  return { complete: true, empty: false, incomplete };
}

function expiryState(digits: string, now = new Date()): FieldState {
  const incomplete = { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
  const month = Number(digits.slice(0, 2));
  if (digits.length >= 2 && (month < 1 || month > 12))
    return { complete: false, empty: false, invalid: { code: 'invalid_expiry_month', message: "Your card's expiration date is invalid." }, incomplete };
  if (digits.length < 4) return { complete: false, empty: digits.length === 0, incomplete };
  const year = 2000 + Number(digits.slice(2, 4));
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
    return { complete: false, empty: false, invalid: { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." }, incomplete };
  return { complete: true, empty: false, incomplete };
}

function cvcState(digits: string, brand: CardBrand): FieldState {
  const incomplete = { code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  return { complete: digits.length >= cvcLengthOf(brand), empty: digits.length === 0, incomplete };
}

const digitsOf = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

let elementCount = 0;

class CardElement {
  private readonly listeners = new Map<string, Set<Listener>>();
  private root: HTMLElement | undefined;
  private inputs: { number: HTMLInputElement; expiry: HTMLInputElement; cvc: HTMLInputElement } | undefined;
  private readonly touched = new Set<string>();
  private destroyed = false;
  private disabled = false;
  private readonly id = ++elementCount;

  constructor(
    private readonly onDestroy: () => void,
    options: Params = {},
  ) {
    this.disabled = options.disabled === true;
  }

  mount(target: string | HTMLElement): void {
    if (this.destroyed) throw new Error('This Element has already been destroyed. Please create a new one.');
    const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (!host)
      throw new Error(
        `The selector you specified (${typeof target === 'string' ? target : target.tagName}) applies to no DOM elements that are currently on the page.`,
      );
    this.root = document.createElement('div');
    this.root.className = 'StripeElement StripeElement--empty';
    this.root.style.cssText = 'display:flex;flex-wrap:wrap;gap:8px';
    const field = (name: string, label: string, autocomplete: string, placeholder: string, grow: number) => {
      const wrapper = document.createElement('label');
      wrapper.style.cssText = `display:flex;flex-direction:column;flex:${grow} 1 6em;font:inherit`;
      wrapper.append(label);
      const input = document.createElement('input');
      Object.assign(input, { name: `${name}-${this.id}`, autocomplete, placeholder, inputMode: 'numeric', disabled: this.disabled });
      input.style.cssText = 'font:inherit;padding:6px;border:1px solid #8a8a8a;border-radius:4px';
      input.addEventListener('input', () => this.onInput(name));
      input.addEventListener('blur', () => this.onBlur(name));
      input.addEventListener('focus', () => this.emit('focus', { elementType: 'card' }));
      wrapper.append(input);
      this.root!.append(wrapper);
      return input;
    };
    this.inputs = {
      number: field('cardnumber', 'Card number', 'cc-number', '1234 1234 1234 1234', 3),
      expiry: field('exp-date', 'Expiration date', 'cc-exp', 'MM / YY', 1),
      cvc: field('cvc', 'CVC', 'cc-csc', 'CVC', 1),
    };
    host.append(this.root);
    setTimeout(() => this.emit('ready', { elementType: 'card' }), 0);
  }

  unmount(): void {
    this.root?.remove();
    this.root = undefined;
    this.inputs = undefined;
  }

  destroy(): void {
    this.unmount();
    this.destroyed = true;
    this.listeners.clear();
    this.onDestroy();
  }

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  once(event: string, listener: Listener): this {
    const wrapped: Listener = (payload) => {
      this.off(event, wrapped);
      listener(payload);
    };
    return this.on(event, wrapped);
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  update(options: Params): void {
    if (typeof options.disabled === 'boolean') {
      this.disabled = options.disabled;
      for (const input of Object.values(this.inputs ?? {})) input.disabled = this.disabled;
    }
  }

  focus(): void {
    this.inputs?.number.focus();
  }

  blur(): void {
    (document.activeElement as HTMLElement | null)?.blur();
  }

  clear(): void {
    for (const input of Object.values(this.inputs ?? {})) input.value = '';
    this.touched.clear();
    this.emit('change', this.changeEvent());
  }

  /** The card typed in, or the validation error Stripe.js answers for an unfinished one. */
  value(): { card: CardValue } | { error: StripeError } {
    const state = this.state();
    if (!this.inputs) return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
    for (const field of [state.number, state.expiry, state.cvc]) {
      const problem = field.invalid ?? (field.complete ? undefined : field.incomplete);
      if (problem) return { error: { type: 'validation_error', ...problem } };
    }
    const expiry = digitsOf(this.inputs.expiry.value, 4);
    return {
      card: {
        number: digitsOf(this.inputs.number.value, 19),
        expMonth: Number(expiry.slice(0, 2)),
        expYear: 2000 + Number(expiry.slice(2, 4)),
        cvc: digitsOf(this.inputs.cvc.value, 4),
      },
    };
  }

  private state() {
    const number = digitsOf(this.inputs?.number.value ?? '', 19);
    const brand = brandOf(number);
    return {
      brand,
      number: numberState(number),
      expiry: expiryState(digitsOf(this.inputs?.expiry.value ?? '', 4)),
      cvc: cvcState(digitsOf(this.inputs?.cvc.value ?? '', 4), brand),
    };
  }

  private onInput(name: string): void {
    const inputs = this.inputs!;
    if (name === 'cardnumber') inputs.number.value = digitsOf(inputs.number.value, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
    if (name === 'exp-date') {
      const digits = digitsOf(inputs.expiry.value, 4);
      inputs.expiry.value = digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
    }
    if (name === 'cvc') inputs.cvc.value = digitsOf(inputs.cvc.value, 4);
    this.emit('change', this.changeEvent());
  }

  private onBlur(name: string): void {
    this.touched.add(name);
    this.emit('blur', { elementType: 'card' });
    this.emit('change', this.changeEvent());
  }

  private changeEvent() {
    const state = this.state();
    const fields = [
      ['cardnumber', state.number],
      ['exp-date', state.expiry],
      ['cvc', state.cvc],
    ] as const;
    const problem = fields
      .map(([name, field]) => field.invalid ?? (this.touched.has(name) && !field.empty && !field.complete ? field.incomplete : undefined))
      .find(Boolean);
    const empty = fields.every(([, field]) => field.empty);
    const complete = fields.every(([, field]) => field.complete);
    this.root?.classList.toggle('StripeElement--empty', empty);
    this.root?.classList.toggle('StripeElement--complete', complete);
    this.root?.classList.toggle('StripeElement--invalid', Boolean(problem));
    return {
      elementType: 'card',
      empty,
      complete,
      brand: state.brand,
      value: { postalCode: '' },
      error: problem ? { type: 'validation_error', ...problem } : undefined,
    };
  }

  private emit(event: string, payload: unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
  }
}

class Elements {
  private card: CardElement | undefined;

  create(type: string, options?: Params): CardElement {
    if (type !== 'card') throw new Error(`The Stripe emulator supports only the card Element, not ${type}.`);
    if (this.card) throw new Error('Can only create one Element of type card.');
    this.card = new CardElement(() => (this.card = undefined), options);
    return this.card;
  }

  /** By type name, or by a react-stripe-js component (which carries `__elementType`). */
  getElement(type: string | { __elementType?: string }): CardElement | null {
    const name = typeof type === 'string' ? type : type.__elementType;
    return name === 'card' ? (this.card ?? null) : null;
  }

  update(_options: Params): void {}

  fetchUpdates(): Promise<Record<string, never>> {
    return Promise.resolve({});
  }
}

const idOfSecret = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

/** The in-page stand-in for the 3-D Secure challenge: resolves with what the cardholder chose. */
function challenge(): Promise<'complete' | 'fail'> {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.setAttribute('aria-labelledby', 'stripe-emulator-3ds-title');
    dialog.style.cssText = 'max-width:24rem;padding:1.5rem;border-radius:8px;font-family:system-ui,sans-serif';
    const title = document.createElement('h2');
    title.id = 'stripe-emulator-3ds-title';
    title.textContent = '3D Secure authentication';
    const text = document.createElement('p');
    text.textContent = 'Stripe emulator: complete or fail the authentication of this payment.';
    const choose = (result: 'complete' | 'fail') => () => {
      dialog.close();
      dialog.remove();
      resolve(result);
    };
    const buttons = document.createElement('div');
    buttons.style.cssText = 'display:flex;gap:8px';
    for (const [label, result] of [
      ['Complete', 'complete'],
      ['Fail', 'fail'],
    ] as const) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      button.addEventListener('click', choose(result));
      buttons.append(button);
    }
    dialog.addEventListener('cancel', (event) => event.preventDefault());
    dialog.append(title, text, buttons);
    document.body.append(dialog);
    dialog.showModal();
  });
}

class StripeEmulatorClient {
  constructor(private readonly key: string) {}

  elements(_options?: Params): Elements {
    return new Elements();
  }

  async createPaymentMethod(data: Params): Promise<{ paymentMethod: unknown } | { error: StripeError }> {
    if (data.type !== 'card' || !(data.card instanceof CardElement))
      return { error: { type: 'invalid_request_error', message: 'The Stripe emulator creates card payment methods from a card Element only.' } };
    const value = data.card.value();
    if ('error' in value) return value;
    const { card } = value;
    const created = await request(this.key, 'POST', '/v1/payment_methods', {
      type: 'card',
      card: { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc },
      billing_details: data.billing_details,
      metadata: data.metadata,
    });
    return created.ok ? { paymentMethod: created.body } : { error: created.error };
  }

  async confirmCardPayment(
    clientSecret: string,
    data: { payment_method?: string | Params; return_url?: string; receipt_email?: string } = {},
    options: { handleActions?: boolean } = {},
  ): Promise<{ paymentIntent: PaymentIntent } | { error: StripeError }> {
    let paymentMethod: string | undefined;
    if (typeof data.payment_method === 'string') paymentMethod = data.payment_method;
    else if (data.payment_method) {
      const created = await this.createPaymentMethod({ type: 'card', ...data.payment_method });
      if ('error' in created) return created;
      paymentMethod = (created.paymentMethod as { id: string }).id;
    }
    const confirmed = await request<PaymentIntent>(this.key, 'POST', `/v1/payment_intents/${idOfSecret(clientSecret)}/confirm`, {
      client_secret: clientSecret,
      payment_method: paymentMethod,
      return_url: data.return_url,
      receipt_email: data.receipt_email,
      use_stripe_sdk: true,
    });
    if (!confirmed.ok) return { error: confirmed.error };
    if (confirmed.body.status !== 'requires_action' || options.handleActions === false) return { paymentIntent: confirmed.body };
    return this.authenticate(confirmed.body);
  }

  async handleCardAction(clientSecret: string): Promise<{ paymentIntent: PaymentIntent } | { error: StripeError }> {
    const retrieved = await this.retrievePaymentIntent(clientSecret);
    if ('error' in retrieved || retrieved.paymentIntent.status !== 'requires_action') return retrieved;
    return this.authenticate(retrieved.paymentIntent);
  }

  async retrievePaymentIntent(clientSecret: string): Promise<{ paymentIntent: PaymentIntent } | { error: StripeError }> {
    const retrieved = await request<PaymentIntent>(this.key, 'GET', `/v1/payment_intents/${idOfSecret(clientSecret)}`, { client_secret: clientSecret });
    return retrieved.ok ? { paymentIntent: retrieved.body } : { error: retrieved.error };
  }

  async createToken(): Promise<{ error: StripeError }> {
    return { error: { type: 'invalid_request_error', message: 'The Stripe emulator does not make tokens: use createPaymentMethod.' } };
  }

  registerAppInfo(_info: Params): void {}

  _registerWrapper(_wrapper: Params): void {}

  /** Shows the challenge; a failed one answers Stripe.js's error with the intent back in requires_payment_method. */
  private async authenticate(intent: PaymentIntent): Promise<{ paymentIntent: PaymentIntent } | { error: StripeError }> {
    const result = await challenge();
    const answered = await request<PaymentIntent>(this.key, 'POST', `/v1/payment_intents/${intent.id}/emulator_authenticate`, {
      client_secret: intent.client_secret,
      result,
    });
    if (!answered.ok) return { error: answered.error };
    if (answered.body.status === 'succeeded') return { paymentIntent: answered.body };
    const failure = answered.body.last_payment_error;
    return {
      error: {
        type: failure?.type ?? 'invalid_request_error',
        code: failure?.code ?? 'payment_intent_authentication_failure',
        message: failure?.message ?? 'The provided PaymentMethod has failed authentication.',
        payment_intent: answered.body,
      },
    };
  }
}

function Stripe(publishableKey: string): StripeEmulatorClient {
  if (typeof publishableKey !== 'string' || !publishableKey.startsWith('pk_'))
    throw new Error('Please call Stripe() with your publishable key. You used an empty string.');
  return new StripeEmulatorClient(publishableKey);
}
// The release train @stripe/stripe-js 10 expects; another value makes loadStripe warn.
Stripe.version = 'endive';

(window as unknown as { Stripe: typeof Stripe }).Stripe = Stripe;
