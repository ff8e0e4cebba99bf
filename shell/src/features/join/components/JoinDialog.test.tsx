import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Messages, PaymentMessages } from '@altmed/contracts/web';
import { createSessionStore, getToastStore } from '@altmed/web-kit';
import { accountFixture } from '@altmed/web-kit/src/testing/fixtures';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderApp } from '../../../test/renderApp';

const server = setupTestServer();
beforeEach(() => {
  localStorage.clear();
  getToastStore().clear();
});

const user = accountFixture({ id: 'u-new', name: 'Ada Lovelace', email: 'ada@example.com' });

function openJoin() {
  const utils = renderApp('/');
  fireEvent.click(screen.getByRole('button', { name: 'Join Now' }));
  return utils;
}

const dialog = (name: string) => screen.getByRole('dialog', { name });
const click = (scope: HTMLElement, name: string) => fireEvent.click(within(scope).getByRole('button', { name }));

function fillContact(scope: HTMLElement) {
  const type = (label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label, { exact: false }), { target: { value } });
  type('First Name', 'Ada');
  type('Last Name', 'Lovelace');
  type('Email', 'ada@example.com');
  type('Password', 'secret1');
  type('Phone Number', '555-123-4567');
  fireEvent.click(within(scope).getByRole('checkbox', { name: 'Nutrition' }));
  fireEvent.click(within(scope).getByRole('checkbox', { name: /Terms & Services/ }));
}

describe('join flow', () => {
  it('goes membership → contact information and back; Back and the X on the first step end it', () => {
    openJoin();
    click(dialog('What You Get with Your Membership'), 'Continue');
    click(dialog('Contact Information'), 'Back');
    click(dialog('What You Get with Your Membership'), 'Close');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Join Now' }));
    click(dialog('What You Get with Your Membership'), 'Back');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('takes a logged-in member from the membership straight to the payment method, and back', () => {
    const store = createSessionStore(localStorage);
    store.login('member-token', user);
    renderApp('/', store);
    fireEvent.click(screen.getAllByRole('button', { name: 'Join Now' })[0]!);
    click(dialog('What You Get with Your Membership'), 'Continue');
    expect(screen.queryByRole('dialog', { name: 'Contact Information' })).not.toBeInTheDocument();
    click(dialog('Choose Payment Method'), 'Back');
    expect(dialog('What You Get with Your Membership')).toBeInTheDocument();
  });

  it('ticks both consent boxes together', () => {
    openJoin();
    click(dialog('What You Get with Your Membership'), 'Continue');
    const contact = dialog('Contact Information');
    const [terms, consent] = within(contact).getAllByRole('checkbox', { name: /agree|consent/i });
    fireEvent.click(consent!);
    expect(terms).toBeChecked();
    expect(consent).toBeChecked();
    fireEvent.click(terms!);
    expect(consent).not.toBeChecked();
  });

  it('shows the first broken rule and sends nothing', () => {
    openJoin();
    click(dialog('What You Get with Your Membership'), 'Continue');
    const contact = dialog('Contact Information');
    click(contact, 'Continue');
    expect(within(contact).getByRole('alert')).toHaveTextContent('You must agree to the Terms & Services');
    fireEvent.click(within(contact).getByRole('checkbox', { name: /Terms & Services/ }));
    click(contact, 'Continue');
    expect(within(contact).getByRole('alert')).toHaveTextContent('First Name and Last Name are required');
    expect(server.requests).toHaveLength(0);
  });

  it('tries a login first, signs up when it fails, and moves to the payment method with the member logged in', async () => {
    server.setRoutes([
      { method: 'POST', path: '/api/users/login', status: 401, body: { message: 'Invalid email or password' } },
      { method: 'POST', path: '/api/users/signup', status: 201, body: { token: 'tok-new', user } },
    ]);
    const { store } = openJoin();
    click(dialog('What You Get with Your Membership'), 'Continue');
    fillContact(dialog('Contact Information'));
    click(dialog('Contact Information'), 'Continue');
    const method = await screen.findByRole('dialog', { name: 'Choose Payment Method' });
    expect(server.requests.map((r) => r.url)).toEqual(['/api/users/login', '/api/users/signup']);
    expect(server.requests[1]!.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'secret1',
      contactInfo: { phone: '555-123-4567', address: '', specialties: ['Nutrition'] },
    });
    expect(store.getState().user).toEqual(user);

    expect(within(method).getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.click(within(method).getByRole('button', { name: /Credit Card/ }));
    // Card entry needs Stripe.js, which the gateway names in /payment-config.json (the browser
    // journeys pay through the Stripe emulator); without it the step says so and nothing is charged.
    const card = dialog('Credit Card Payment');
    expect(await within(card).findByRole('alert')).toHaveTextContent(PaymentMessages.cardPaymentsUnavailable);
    expect(server.requests.map((r) => r.url)).toContain('/payment-config.json');
    expect(server.requests.map((r) => r.url)).not.toContain('/api/payments/create-payment-intent');
    click(card, 'Back');
    click(dialog('Choose Payment Method'), 'Close');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('logs an existing member in without signing up', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/users/login', status: 200, body: { token: 'tok', user } }]);
    openJoin();
    click(dialog('What You Get with Your Membership'), 'Continue');
    fillContact(dialog('Contact Information'));
    click(dialog('Contact Information'), 'Continue');
    await screen.findByRole('dialog', { name: 'Choose Payment Method' });
    expect(server.requests.map((r) => r.url)).toEqual(['/api/users/login']);
  });

  it('tells a blocked member that the account is blocked, and signs nobody up', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/users/login', status: 403, body: { message: Messages.accountBlocked } }]);
    const { store } = openJoin();
    click(dialog('What You Get with Your Membership'), 'Continue');
    const contact = dialog('Contact Information');
    fillContact(contact);
    click(contact, 'Continue');
    await waitFor(() => expect(within(contact).getByRole('alert')).toHaveTextContent(Messages.accountBlocked));
    expect(server.requests.map((r) => r.url)).toEqual(['/api/users/login']);
    expect(store.getState().token).toBeNull();
  });

  it.each([
    [{ status: 409, body: { message: 'User with this email already exists' } }, 'User with this email already exists'],
    [{ status: 500, body: { message: 'Something went wrong' } }, 'Server error during signup/login'],
    [
      { status: 201, body: { token: 'tok', user: { name: 'No id' } }, offContract: 'an account without an id (SPEC §8)' },
      'Signup failed due to an unknown error',
    ],
  ])('shows sign-up failures on the form: %j', async (signup, message) => {
    server.setRoutes([
      { method: 'POST', path: '/api/users/login', status: 401, body: { message: 'Invalid email or password' } },
      { method: 'POST', path: '/api/users/signup', ...signup },
    ]);
    const { store } = openJoin();
    click(dialog('What You Get with Your Membership'), 'Continue');
    const contact = dialog('Contact Information');
    fillContact(contact);
    click(contact, 'Continue');
    await waitFor(() => expect(within(contact).getByRole('alert')).toHaveTextContent(message));
    expect(store.getState().token).toBeNull();
  });
});
