import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SupportMessages, type AdminSupportMessage, type AdminSupportMessagesResponse } from '@altmed/contracts/web';
import { createSessionStore } from '@altmed/web-kit';
import { setupTestServer, type TestRoute } from '@altmed/web-kit/src/testing/httpFetch';
import { adminUser, renderAdmin } from '../../../test/renderAdmin';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

function supportMessage(overrides: Partial<AdminSupportMessage> = {}): AdminSupportMessage {
  return {
    id: '0b6f3c2e-1111-4222-8333-444455556666',
    name: 'Mae Jemison',
    email: 'mae@example.com',
    topic: 'billing',
    message: 'My receipt for May never arrived.\n<b>Please</b> resend it.',
    status: 'open',
    receivedAt: '2026-05-03T10:00:00.000Z',
    userId: null,
    replies: [],
    ...overrides,
  };
}

const mae = supportMessage();
const otto = supportMessage({
  id: '0b6f3c2e-2222-4222-8333-444455556666',
  name: 'Otto Older',
  email: 'otto@example.com',
  topic: 'account',
  message: 'How do I change my email address?',
  receivedAt: '2026-05-01T08:00:00.000Z',
});
const answered = supportMessage({
  id: '0b6f3c2e-3333-4222-8333-444455556666',
  name: 'Ann Answered',
  email: 'ann@example.com',
  topic: 'providers',
  message: 'Is Dr. Quinn still taking new patients?',
  status: 'answered',
  receivedAt: '2026-04-20T08:00:00.000Z',
  userId: '6a1f0c1e-1111-4222-8333-444455556666',
  replies: [{ by: { name: 'Ada Admin', email: 'admin@example.com' }, text: 'Yes, she is.', at: '2026-04-21T09:30:00.000Z' }],
});
/** A reply kept before the administrators' names were: it shows the email. */
const byEmailOnly = { name: null, email: 'admin@example.com' };

function listOf(messages: AdminSupportMessage[], extra: Partial<AdminSupportMessagesResponse> = {}): AdminSupportMessagesResponse {
  return { messages, counts: { open: 2, answered: 12 }, page: 1, pageSize: 20, total: messages.length, totalPages: 1, ...extra };
}

const listRoute = (status: 'open' | 'answered', body: AdminSupportMessagesResponse, query: Record<string, string> = {}): TestRoute => ({
  method: 'GET',
  path: '/api/support/messages',
  query: { status, ...query },
  status: 200,
  body,
});

function openSupport() {
  const store = createSessionStore(localStorage);
  store.login('admin-token', adminUser);
  return renderAdmin('/admin/support', store);
}

const card = (name: string) => screen.getByRole('article', { name: `Message from ${name}` });
/** The query strings the page asked the list with, in order. */
const askedQueries = () => server.requests.filter((r) => r.method === 'GET').map((r) => new URL(r.url, 'http://test').searchParams.toString());
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

it('lists the open messages newest first, as text, with the count of each state in the filter', async () => {
  server.setRoutes([listRoute('open', listOf([mae, otto], { counts: { open: 2, answered: 1_234 } }))]);
  const { container } = openSupport();
  expect(await screen.findByRole('heading', { level: 1, name: 'Support Center' })).toBeInTheDocument();
  const maeCard = await screen.findByRole('article', { name: 'Message from Mae Jemison' });
  expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual(['Message from Mae Jemison', 'Message from Otto Older']);
  expect(within(maeCard).getByRole('heading', { level: 3, name: 'Mae Jemison' })).toBeInTheDocument();
  expect(maeCard).toHaveTextContent('mae@example.com · Payments and receipts · Received May 3, 2026');
  expect(within(maeCard).getByText('Open')).toBeInTheDocument();
  expect(within(maeCard).getByText(/<b>Please<\/b> resend it\./)).toBeInTheDocument();
  expect(container.querySelector('b')).toBeNull();
  expect(within(maeCard).queryByRole('list', { name: 'Replies' })).not.toBeInTheDocument();
  expect(card('Otto Older')).toHaveTextContent('otto@example.com · My account · Received May 1, 2026');

  expect(optionsOf(screen.getByLabelText('Status'))).toEqual(['Open (2)', 'Answered (1,234)']);
  expect(server.requests[0]).toMatchObject({ url: '/api/support/messages?status=open&page=1', authorization: 'Bearer admin-token' });
  const sidebar = screen.getByRole('complementary', { name: 'Admin' });
  expect(within(sidebar).getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/admin/support');
});

it('links a message from a member to their page in Users Management; a visitor’s has no link', async () => {
  server.setRoutes([listRoute('open', listOf([mae, { ...otto, userId: '6a1f0c1e-2222-4222-8333-444455556666' }]))]);
  openSupport();
  const ottoLink = await within(await screen.findByRole('article', { name: 'Message from Otto Older' })).findByRole('link', { name: 'Otto Older' });
  expect(ottoLink).toHaveAttribute('href', '/admin/users/6a1f0c1e-2222-4222-8333-444455556666');
  expect(within(card('Mae Jemison')).queryByRole('link')).not.toBeInTheDocument();
});

it('sends the search (after the typing stops) with the status, starts again at page 1, and says how many match', async () => {
  server.setRoutes([
    listRoute('answered', listOf([answered], { counts: { open: 1, answered: 1 } }), { search: 'quinn' }),
    listRoute('open', listOf([otto], { counts: { open: 1, answered: 1 } }), { search: 'quinn' }),
    listRoute('open', listOf([supportMessage({ id: '0b6f3c2e-5555-4222-8333-444455556666', name: 'Page Two' })], { page: 2, totalPages: 2, total: 21 }), {
      page: '2',
    }),
    listRoute('open', listOf([mae], { totalPages: 2, total: 21 })),
  ]);
  openSupport();
  await screen.findByRole('article', { name: 'Message from Mae Jemison' });
  expect(screen.getByText('Showing 1–20 of 21 messages')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('article', { name: 'Message from Page Two' });

  const search = screen.getByLabelText('Search');
  expect(search).toHaveAttribute('placeholder', 'Name, email or text');
  fireEvent.change(search, { target: { value: 'q' } });
  fireEvent.change(search, { target: { value: 'quinn' } });
  await screen.findByRole('article', { name: 'Message from Otto Older' });
  expect(optionsOf(screen.getByLabelText('Status'))).toEqual(['Open (1)', 'Answered (1)']);
  expect(screen.getByText('Showing 1–1 of 1 message')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'answered' } });
  await screen.findByRole('article', { name: 'Message from Ann Answered' });
  expect(askedQueries()).toEqual(['status=open&page=1', 'status=open&page=2', 'status=open&search=quinn&page=1', 'status=answered&search=quinn&page=1']);
});

it('shows the answered messages and their replies when the filter says so, and pages through them', async () => {
  server.setRoutes([
    listRoute('answered', listOf([supportMessage({ ...answered, id: '0b6f3c2e-4444-4222-8333-444455556666', name: 'Page Two' })], { page: 2, totalPages: 2 }), {
      page: '2',
    }),
    listRoute('answered', listOf([answered], { totalPages: 2, total: 21 })),
    listRoute('open', listOf([mae], { totalPages: 3, total: 41 })),
  ]);
  openSupport();
  await screen.findByRole('article', { name: 'Message from Mae Jemison' });
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'answered' } });
  const annCard = await screen.findByRole('article', { name: 'Message from Ann Answered' });
  expect(within(annCard).getByText('Answered')).toBeInTheDocument();
  const replies = within(annCard).getByRole('list', { name: 'Replies' });
  expect(
    within(replies)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Answered by Ada Admin on April 21, 2026: Yes, she is.']);
  expect(screen.queryByRole('article', { name: 'Message from Mae Jemison' })).not.toBeInTheDocument();

  expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 2');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('article', { name: 'Message from Page Two' })).toBeInTheDocument();
  expect(askedQueries()).toEqual(['status=open&page=1', 'status=answered&page=1', 'status=answered&page=2']);
});

it('replies to an open message: the reply is checked, posted as { text }, the server’s message shown, and the message leaves the open list', async () => {
  server.setRoutes([listRoute('open', listOf([mae, otto]))]);
  openSupport();
  const maeCard = await screen.findByRole('article', { name: 'Message from Mae Jemison' });
  const toggle = within(maeCard).getByRole('button', { name: 'Reply' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(within(maeCard).queryByLabelText('Reply to Mae Jemison')).not.toBeInTheDocument();
  fireEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const field = within(maeCard).getByLabelText('Reply to Mae Jemison');
  expect(field).toHaveFocus();
  expect(field).toHaveAccessibleDescription('Sent by email to mae@example.com.');

  fireEvent.click(within(maeCard).getByRole('button', { name: 'Send reply' }));
  expect(within(maeCard).getByRole('alert')).toHaveTextContent(SupportMessages.replyRequired);
  expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

  const nowAnswered = {
    ...mae,
    status: 'answered' as const,
    replies: [{ by: byEmailOnly, text: 'We sent it again just now.', at: '2026-05-04T09:00:00.000Z' }],
  };
  server.setRoutes([
    {
      method: 'POST',
      path: `/api/support/messages/${mae.id}/reply`,
      status: 200,
      body: { message: SupportMessages.replySent, supportMessage: nowAnswered },
      delayMs: 50,
    },
    listRoute('open', listOf([otto], { counts: { open: 1, answered: 13 } })),
  ]);
  fireEvent.change(field, { target: { value: '  We sent it again just now. ' } });
  fireEvent.click(within(maeCard).getByRole('button', { name: 'Send reply' }));
  expect(await within(maeCard).findByRole('button', { name: 'Sending...' })).toBeDisabled();

  const banner = await screen.findByRole('status');
  expect(banner).toHaveTextContent(SupportMessages.replySent);
  // The focus, whose button left with the card, goes to the banner.
  await waitFor(() => expect(banner.parentElement).toHaveFocus());
  expect(server.requests.find((r) => r.method === 'POST')).toMatchObject({
    url: `/api/support/messages/${mae.id}/reply`,
    body: { text: 'We sent it again just now.' },
    authorization: 'Bearer admin-token',
  });
  expect(screen.queryByRole('article', { name: 'Message from Mae Jemison' })).not.toBeInTheDocument();
  expect(card('Otto Older')).toBeInTheDocument();
  // The list is read again, with the counts as they now are.
  await waitFor(() => expect(askedQueries()).toEqual(['status=open&page=1', 'status=open&page=1']));
  await waitFor(() => expect(optionsOf(screen.getByLabelText('Status'))).toEqual(['Open (1)', 'Answered (13)']));
});

it('adds the reply to a message already answered, which stays in the answered list', async () => {
  const again = {
    ...answered,
    replies: [...answered.replies, { by: byEmailOnly, text: 'She has one opening on Friday.', at: '2026-04-22T09:00:00.000Z' }],
  };
  server.setRoutes([
    listRoute('open', listOf([])),
    listRoute('answered', listOf([answered])),
    { method: 'POST', path: `/api/support/messages/${answered.id}/reply`, status: 200, body: { message: SupportMessages.replySent, supportMessage: again } },
  ]);
  openSupport();
  expect(await screen.findByText('No messages found.')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'answered' } });
  const annCard = await screen.findByRole('article', { name: 'Message from Ann Answered' });
  fireEvent.click(within(annCard).getByRole('button', { name: 'Reply' }));
  fireEvent.change(within(annCard).getByLabelText('Reply to Ann Answered'), { target: { value: 'She has one opening on Friday.' } });
  fireEvent.click(within(annCard).getByRole('button', { name: 'Send reply' }));
  expect(await screen.findByRole('status')).toHaveTextContent(SupportMessages.replySent);
  expect(
    within(card('Ann Answered'))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Answered by Ada Admin on April 21, 2026: Yes, she is.', 'Answered by admin@example.com on April 22, 2026: She has one opening on Friday.']);
  // The form closes once the reply went out.
  await waitFor(() => expect(within(card('Ann Answered')).queryByLabelText('Reply to Ann Answered')).not.toBeInTheDocument());
  expect(within(card('Ann Answered')).getByRole('button', { name: 'Reply' })).toHaveAttribute('aria-expanded', 'false');
});

it('shows the server’s message in an error banner when the reply fails, and keeps what was typed', async () => {
  server.setRoutes([
    listRoute('open', listOf([mae])),
    { method: 'POST', path: `/api/support/messages/${mae.id}/reply`, status: 404, body: { message: SupportMessages.messageNotFound } },
  ]);
  openSupport();
  const maeCard = await screen.findByRole('article', { name: 'Message from Mae Jemison' });
  fireEvent.click(within(maeCard).getByRole('button', { name: 'Reply' }));
  fireEvent.change(within(maeCard).getByLabelText('Reply to Mae Jemison'), { target: { value: 'Resent.' } });
  fireEvent.click(within(maeCard).getByRole('button', { name: 'Send reply' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(SupportMessages.messageNotFound);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(await within(maeCard).findByRole('button', { name: 'Send reply' })).toBeEnabled();
  expect(within(maeCard).getByLabelText('Reply to Mae Jemison')).toHaveValue('Resent.');
  await waitFor(() => expect(server.requests.every((r) => r.answered)).toBe(true));
});

it('shows the server’s message when the list cannot be read', async () => {
  server.setRoutes([{ method: 'GET', path: '/api/support/messages', status: 503, body: { message: 'Notify is unavailable' } }]);
  openSupport();
  expect(await screen.findByRole('alert')).toHaveTextContent('Notify is unavailable');
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
  expect(screen.queryByText('No messages found.')).not.toBeInTheDocument();
});
