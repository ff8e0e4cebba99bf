import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { Messages, SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_TOPIC_LABELS, SupportMessages } from '@altmed/contracts/web';
import { createSessionStore, type SessionStore } from '@altmed/web-kit';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderApp } from '../../../test/renderApp';

const server = setupTestServer();
beforeEach(() => localStorage.clear());
// The page is loaded lazily; its first import, a cold transform on a busy test run, outlasts findBy's wait.
beforeAll(() => import('../components/InfoPage'));

async function openContact(store?: SessionStore) {
  renderApp('/contact', store);
  // The whole app's first render, the lazy page's included, can outlast findBy's 1 s on a busy machine.
  const region = await screen.findByRole('region', { name: 'Send us a message' }, { timeout: 10_000 });
  return { region, form: within(region).getByRole('form', { name: 'Send us a message' }) };
}

const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const posts = () => server.requests.filter((r) => r.method === 'POST');

function fill(form: HTMLElement) {
  type(form, 'Name', '  Mae Jemison ');
  type(form, 'Email', ' mae@example.com ');
  fireEvent.change(within(form).getByLabelText('Topic'), { target: { value: 'billing' } });
  type(form, 'Message', '  My receipt for May never arrived.  ');
}

it('offers the topics after an empty "Choose a topic", and counts the message’s characters', async () => {
  const { form } = await openContact();
  expect(
    within(within(form).getByLabelText('Topic'))
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Choose a topic', ...Object.values(SUPPORT_TOPIC_LABELS)]);
  expect(within(form).getByLabelText('Topic')).toHaveValue('');
  const message = within(form).getByLabelText('Message');
  expect(message).toHaveAccessibleDescription('0 / 5,000 characters');
  fireEvent.change(message, { target: { value: 'Hello there' } });
  expect(message).toHaveAccessibleDescription('11 / 5,000 characters');
});

it('checks every field with the server’s texts before sending anything, and moves the focus to the first one', async () => {
  const { form } = await openContact();
  fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
  expect(
    within(form)
      .getAllByRole('alert')
      .map((alert) => alert.textContent),
  ).toEqual([SupportMessages.nameRequired, Messages.validEmailRequired, SupportMessages.topicInvalid, SupportMessages.messageRequired]);
  expect(within(form).getByLabelText('Name')).toHaveFocus();
  expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

  type(form, 'Name', 'Mae');
  type(form, 'Email', 'mae@example');
  fireEvent.change(within(form).getByLabelText('Topic'), { target: { value: 'other' } });
  type(form, 'Message', ' too short ');
  fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
  expect(
    within(form)
      .getAllByRole('alert')
      .map((alert) => alert.textContent),
  ).toEqual([Messages.validEmailRequired, SupportMessages.messageTooShort]);
  expect(within(form).getByLabelText('Email')).toHaveFocus();

  type(form, 'Email', 'mae@example.com');
  type(form, 'Message', 'x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1));
  fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
  expect(within(form).getByRole('alert')).toHaveTextContent(SupportMessages.messageTooLong);
  expect(within(form).getByLabelText('Message')).toHaveAccessibleDescription(`5,001 / 5,000 characters ${SupportMessages.messageTooLong}`);
  expect(posts()).toHaveLength(0);
});

it('sends the message without a token, says "Sending..." meanwhile, and shows the server’s thank-you in place of the form', async () => {
  server.setRoutes([{ method: 'POST', path: '/api/support/messages', status: 202, body: { message: SupportMessages.received }, delayMs: 50 }]);
  const { region, form } = await openContact();
  fill(form);
  fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
  expect(within(form).getByRole('button', { name: 'Sending...' })).toBeDisabled();

  const thanks = await within(region).findByRole('status');
  expect(thanks).toHaveTextContent(SupportMessages.received);
  expect(thanks).toHaveFocus();
  expect(within(region).queryByRole('form')).not.toBeInTheDocument();
  expect(posts()).toEqual([
    expect.objectContaining({
      url: '/api/support/messages',
      body: { name: 'Mae Jemison', email: 'mae@example.com', topic: 'billing', message: 'My receipt for May never arrived.' },
      authorization: undefined,
    }),
  ]);
});

it.each([
  [429, 'Too many messages from this address; try again in an hour'],
  [400, SupportMessages.topicInvalid],
])('shows the server’s message when it answers %s, and keeps what was typed', async (status, message) => {
  server.setRoutes([{ method: 'POST', path: '/api/support/messages', status, body: { message } }]);
  const { form } = await openContact();
  fill(form);
  fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(message);
  expect(within(form).getByRole('button', { name: 'Send message' })).toBeEnabled();
  expect(within(form).getByLabelText('Message')).toHaveValue('  My receipt for May never arrived.  ');
  await waitFor(() => expect(posts()).toHaveLength(1));
});

it('keeps a way to join for visitors: the Join button opens the join dialog', async () => {
  const { region } = await openContact();
  expect(region).toHaveTextContent('Not a member yet?');
  fireEvent.click(within(region).getByRole('button', { name: 'Join' }));
  expect(await screen.findByRole('dialog', { name: 'What You Get with Your Membership' })).toBeInTheDocument();
});

describe('for a logged-in member', () => {
  const member = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'user' };
  const loggedIn = () => {
    const store = createSessionStore(localStorage);
    store.login('member-token', member);
    return store;
  };

  it('comes with the name and email filled in, sends the token with the message, and offers no Join', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/support/messages', status: 202, body: { message: SupportMessages.received } }]);
    const { region, form } = await openContact(loggedIn());
    expect(within(form).getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(within(form).getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(region).not.toHaveTextContent('Not a member yet?');
    expect(within(region).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('Topic'), { target: { value: 'account' } });
    type(form, 'Message', 'Please change the email of my account.');
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(region).findByRole('status')).toHaveTextContent(SupportMessages.received);
    expect(posts()).toEqual([
      expect.objectContaining({
        body: { name: 'Ada Lovelace', email: 'ada@example.com', topic: 'account', message: 'Please change the email of my account.' },
        authorization: 'Bearer member-token',
      }),
    ]);
  });

  it('fills in what is still empty when the visitor logs in on the page', async () => {
    const store = createSessionStore(localStorage);
    const { region, form } = await openContact(store);
    type(form, 'Name', 'Ada L.');
    act(() => store.login('member-token', member));
    expect(within(form).getByLabelText('Name')).toHaveValue('Ada L.');
    expect(within(form).getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(region).not.toHaveTextContent('Not a member yet?');
  });
});
