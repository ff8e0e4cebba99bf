import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Messages, PAYMENT_INTENT_RETRY_DELAY_MS, PaymentMessages } from '@altmed/contracts/web';
import { SessionProvider, Toaster, createSessionStore, getToastStore } from '@altmed/web-kit';
import { createHttpFetch, setupTestServer, type TestRoute } from '@altmed/web-kit/src/testing/httpFetch';
import CardPaymentStep from './CardPaymentStep';

const server = setupTestServer();
const member = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'user' as const, isAdmin: false };

let publishableKey: string;

/**
 * The card step runs inside Stripe's Elements: here with the Stripe.js stand-in of the run's Stripe
 * emulator (STRIPE_API_URL of the test stack) and a Stripe account of this file's own on it. jsdom
 * loads no external script, so the script's text is run in the page as if loaded from the emulator.
 */
beforeAll(async () => {
  const apiUrl = process.env.STRIPE_API_URL;
  if (!apiUrl) throw new Error('STRIPE_API_URL is not set: the shell jest config starts the Stripe emulator (webJestConfig stripeEmulator)');
  // Through HTTP rather than the local stack's testing entry, whose other helpers load mongoose (not for jsdom).
  const emulator = createHttpFetch(apiUrl);
  publishableKey = ((await (await emulator(`${apiUrl}/emulator/accounts`, { method: 'POST' })).json()) as { publishable_key: string }).publishable_key;
  const scriptUrl = `${apiUrl}/v3/`;
  const answer = await emulator(scriptUrl);
  const script = document.createElement('script');
  script.textContent = await answer.text();
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => ({ src: scriptUrl }) });
  document.head.append(script);
  Reflect.deleteProperty(document, 'currentScript');
  if (!window.Stripe) throw new Error('the Stripe emulator’s Stripe.js did not define window.Stripe');
});

beforeEach(() => {
  localStorage.clear();
  getToastStore().clear();
});

const paymentConfig = (): TestRoute => ({
  method: 'GET',
  path: '/payment-config.json',
  status: 200,
  body: { stripe: { publishableKey, scriptUrl: `${process.env.STRIPE_API_URL}/v3/` } },
});
const intentRoute = (status: number, body: unknown): TestRoute => ({ method: 'POST', path: '/api/payments/create-payment-intent', status, body });
/** The texts of the alerts on the page (the card field's own alert is there, empty, all along). */
const alertTexts = () => screen.getAllByRole('alert').map((alert) => alert.textContent);
const intentRequests = () => server.requests.filter((request) => request.url === '/api/payments/create-payment-intent');

function renderCardStep() {
  const store = createSessionStore(localStorage);
  store.login('member-token', member);
  const onPaid = jest.fn();
  render(
    <SessionProvider store={store}>
      <CardPaymentStep onBack={jest.fn()} onClose={jest.fn()} onPaid={onPaid} />
      <Toaster />
    </SessionProvider>,
  );
  return { onPaid };
}

describe('card payment step', () => {
  it('tries a failing intent twice more, 1 s and then 2 s later, saying so, then gives up with the spec’s message', async () => {
    server.setRoutes([paymentConfig(), intentRoute(500, { message: 'Internal server error' })]);
    renderCardStep();
    expect(await screen.findByText(PaymentMessages.intentRetrying, {}, { timeout: 5_000 })).toBeInTheDocument();
    await screen.findByText(PaymentMessages.intentFailedAfterRetries, {}, { timeout: 10_000 });
    expect(alertTexts()).toContain(PaymentMessages.intentFailedAfterRetries);
    expect(screen.queryByText(PaymentMessages.intentRetrying)).not.toBeInTheDocument();

    const asked = intentRequests();
    expect(asked).toHaveLength(3);
    // Not sooner than the delays (a little slack for timer granularity).
    expect(asked[1]!.receivedAt - asked[0]!.receivedAt).toBeGreaterThanOrEqual(PAYMENT_INTENT_RETRY_DELAY_MS - 50);
    expect(asked[2]!.receivedAt - asked[1]!.receivedAt).toBeGreaterThanOrEqual(2 * PAYMENT_INTENT_RETRY_DELAY_MS - 50);
    // The server prices the membership: the step asks for the full price, for the member logged in.
    expect(asked[0]!.body).toEqual({ amount: 11988, userId: 'u1', doctorId: null, promoCode: null });
    expect(asked[0]!.authorization).toBe('Bearer member-token');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await waitFor(() => expect(server.requests.every((request) => request.answered)).toBe(true));
  }, 20_000);

  it.each([
    [400, 'Amount does not match the membership price'],
    [403, 'You can only pay for your own membership'],
  ])('takes a %i as the final answer and shows its message without trying again', async (status, message) => {
    server.setRoutes([paymentConfig(), intentRoute(status, { message })]);
    renderCardStep();
    await screen.findByText(message, {}, { timeout: 5_000 });
    expect(alertTexts()).toContain(message);
    // Longer than the first retry delay: no second request came.
    await new Promise((resolve) => setTimeout(resolve, PAYMENT_INTENT_RETRY_DELAY_MS + 500));
    expect(intentRequests()).toHaveLength(1);
    expect(screen.queryByText(PaymentMessages.intentRetrying)).not.toBeInTheDocument();
  });

  it('shows the card entry and the default billing country and ZIP once the intent is there', async () => {
    server.setRoutes([paymentConfig(), intentRoute(200, { clientSecret: 'pi_123_secret_abc' })]);
    renderCardStep();
    const card = await screen.findByRole('group', { name: 'Card details' }, { timeout: 5_000 });
    expect(await within(card).findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toHaveValue('US');
    expect(screen.getByLabelText('ZIP')).toHaveValue('90210');
    expect(within(screen.getByLabelText('Amount summary')).getAllByText('119.88 USD')).toHaveLength(2);
    // Continue waits for a complete card.
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('activates with a 100 % code without a card, and says so when the confirmation email could not be sent', async () => {
    server.setRoutes([
      paymentConfig(),
      intentRoute(200, { clientSecret: 'pi_full_price_secret_abc' }),
      { method: 'POST', path: '/api/promo-codes/validate', status: 200, body: { discountPercentage: 100 } },
      { method: 'POST', path: '/api/email/send-subscription-email', status: 500, body: { message: 'Internal server error' } },
    ]);
    const { onPaid } = renderCardStep();
    await screen.findByRole('group', { name: 'Card details' }, { timeout: 5_000 });
    server.setRoutes([
      paymentConfig(),
      intentRoute(200, { clientSecret: null, message: Messages.paymentConfirmed }),
      { method: 'POST', path: '/api/promo-codes/validate', status: 200, body: { discountPercentage: 100 } },
      { method: 'POST', path: '/api/email/send-subscription-email', status: 500, body: { message: 'Internal server error' } },
    ]);
    fireEvent.change(screen.getByLabelText('Promo code', { exact: false }), { target: { value: ' free ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(PaymentMessages.promoApplied, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(await screen.findByText('Your promo code covers the whole year: no card is needed.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(intentRequests().at(-1)!.body).toEqual({ amount: 0, userId: 'u1', doctorId: null, promoCode: 'FREE' });

    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(PaymentMessages.subscriptionEmailFailed, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(server.requests.find((request) => request.url === '/api/email/send-subscription-email')?.body).toEqual({ userId: 'u1' });
  });

  describe('paying with a card', () => {
    const confirmRoute = (status: number, body: unknown): TestRoute => ({ method: 'POST', path: '/api/payments/confirm-payment', status, body });

    async function payWith(cardNumber: string, confirm: TestRoute) {
      server.setRoutes([
        paymentConfig(),
        intentRoute(200, { clientSecret: 'pi_cardstep_secret_abc' }),
        confirm,
        { method: 'POST', path: '/api/email/send-subscription-email', status: 200, body: { message: 'Email sent' } },
      ]);
      const rendered = renderCardStep();
      const card = await screen.findByRole('group', { name: 'Card details' }, { timeout: 5_000 });
      fireEvent.input(await within(card).findByLabelText('Card number'), { target: { value: cardNumber } });
      fireEvent.input(within(card).getByLabelText('Expiration date'), { target: { value: '12 / 34' } });
      fireEvent.input(within(card).getByLabelText('CVC'), { target: { value: '123' } });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
      return rendered;
    }

    it('makes the payment method on Stripe, confirms it with the intent’s id, and tells the member it worked', async () => {
      const { onPaid } = await payWith('4242 4242 4242 4242', confirmRoute(200, { message: Messages.paymentConfirmed, requiresAction: false }));
      expect(await screen.findByText(PaymentMessages.paymentSucceeded, {}, { timeout: 5_000 })).toBeInTheDocument();
      expect(onPaid).toHaveBeenCalledTimes(1);
      const confirmed = server.requests.find((request) => request.url === '/api/payments/confirm-payment')!.body as Record<string, string>;
      expect(confirmed.paymentIntentId).toBe('pi_cardstep');
      expect(confirmed.paymentMethodId).toMatch(/^pm_/);
    });

    it('shows the card issuer’s reason under the spec’s message when the card is refused', async () => {
      const { onPaid } = await payWith('4000 0000 0000 0002', confirmRoute(402, { message: 'Your card was declined.' }));
      await screen.findByText(PaymentMessages.paymentFailed, {}, { timeout: 5_000 });
      expect(alertTexts()).toContain(`${PaymentMessages.paymentFailed}Your card was declined.`);
      expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
      expect(onPaid).not.toHaveBeenCalled();
    });

    it('says the submission failed when the confirmation gets no verdict', async () => {
      const { onPaid } = await payWith('4242 4242 4242 4242', confirmRoute(500, { message: 'Internal server error' }));
      await screen.findByText(PaymentMessages.submissionFailed, {}, { timeout: 5_000 });
      expect(alertTexts()).toContain(PaymentMessages.submissionFailed);
      expect(onPaid).not.toHaveBeenCalled();
      await waitFor(() => expect(server.requests.every((request) => request.answered)).toBe(true));
    });
  });
});
