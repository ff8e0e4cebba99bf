import { randomBytes, randomUUID } from 'node:crypto';
import { MEMBERSHIP_PRICE_CENTS, Messages, type EventEnvelope } from '@altmed/contracts';
import { emailsTo, eventually, listEmails, sleep } from '@altmed/local-stack/src/testing';
import { cents, chart, logInAsAdmin } from '../support/admin-pages';
import { E2E_ADMIN, apiAnswer, apiCall, apiLogin, apiSignupMember, screenshot, storeSession, url } from '../support/browser';
import { page, useBrowser, usePagePerTest } from '../support/browser-per-file';
import { enterCard } from '../support/join-flow';
import { withSiteDatabase, type SiteDatabase } from '../support/site-database';

/**
 * Issue 33's check, in Chromium against the running site: a member's year of trust and care (contact
 * support, pay, a refund, the Dashboard after it, the Support Center, the deletion and what it leaves
 * behind) and a blocked member's login. What other journeys already assert is left to them: the
 * refund dialog and the payment reference in Orders and the emails (admins.test.ts), the deletion's
 * dialog and the review kept under "Former member" (my-account.test.ts).
 */
const tab = usePagePerTest(useBrowser());

type Member = Awaited<ReturnType<typeof apiSignupMember>>;

/** A toast: top-right, 5 s (it may sit behind an open modal's backdrop, where it is inert). */
const toast = (text: string) => page.getByRole('region', { name: 'Notifications', includeHidden: true }).getByText(text);

/** The answers to one call with the member's token through the gateway to each service: identity, providers, billing, notify. */
function everyServiceStatus(member: Member): Promise<number[]> {
  const headers = { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' };
  return Promise.all(
    [
      fetch(url('/api/users/me'), { headers }),
      fetch(url('/api/saved-providers'), { headers }),
      fetch(url('/api/payments/receipts'), { headers }),
      fetch(url('/api/email/send-subscription-email'), { method: 'POST', headers, body: JSON.stringify({ userId: member.user.id }) }),
    ].map(async (answer) => (await answer).status),
  );
}

/** The Support Center's messages (open or answered) that a search finds, through the admin API. */
async function supportMessagesFound(adminToken: string, search: string): Promise<number> {
  const query = (status: string) => `/support/messages?status=${status}&search=${encodeURIComponent(search)}`;
  const [open, answered] = await Promise.all([
    apiAnswer<{ total: number }>(query('open'), adminToken),
    apiAnswer<{ total: number }>(query('answered'), adminToken),
  ]);
  return open.body.total + answered.body.total;
}

interface DashboardFigures {
  revenueThisMonth: number;
  refundedThisMonth: number;
  paidThisWeek: number;
  refundedThisWeek: number;
  revenueThisWeek: number;
  refundedAmountThisWeek: number;
}

/** The Dashboard's money figures and this week's bars (the last row of each chart's table), as an administrator reads them. */
async function dashboardFigures(): Promise<DashboardFigures> {
  await page.goto(url('/admin/dashboard'));
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  const figure = async (label: string) => {
    const card = page.getByRole('link', { name: new RegExp(`^${label} \\$`) });
    await card.waitFor();
    return cents((await card.locator('strong').textContent()) ?? '');
  };
  const count = (text: string | undefined) => Number(text?.replace(/,/g, ''));
  const [, , paid, refunded] = (await chart(page, 'Sign-ups and paid memberships per week').rows()).at(-1)!;
  const [, revenue, refundedAmount] = (await chart(page, 'Revenue per week').rows()).at(-1)!;
  return {
    revenueThisMonth: await figure('Revenue this month'),
    refundedThisMonth: await figure('Refunded this month'),
    paidThisWeek: count(paid),
    refundedThisWeek: count(refunded),
    revenueThisWeek: cents(revenue ?? ''),
    refundedAmountThisWeek: cents(refundedAmount ?? ''),
  };
}

/** How a reply's date reads in the Support Center (formatDate of web-kit: long, en-US, UTC). */
const longDate = (date: Date) => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);

describe('trust and care', () => {
  it('a member contacts support, pays, is refunded and deletes the account: the Dashboard nets the refund, the Support Center finds and links them, and afterwards nothing of them is kept, sent or accepted', async () => {
    const tag = randomUUID().slice(0, 6);
    const member = await apiSignupMember(`Tessa Trust ${tag}`);
    const admin = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    const emailsToMember = async () => emailsTo(await listEmails(), member.user.email);

    // A logged-in member's Contact form comes with their name and email, and no invitation to join.
    await storeSession(tab.session.context, member.token, member.user);
    await page.goto(url('/contact'));
    const form = page.getByRole('form', { name: 'Send us a message' });
    expect(await form.getByLabel('Name').inputValue()).toBe(member.user.name);
    expect(await form.getByLabel('Email').inputValue()).toBe(member.user.email);
    expect(await page.getByText('Not a member yet?').count()).toBe(0);
    await screenshot(page, 'trust-contact-member', true);
    const marker = `care${randomUUID().slice(0, 8)}`;
    await form.getByLabel('Topic').selectOption('membership');
    await form.getByLabel('Message').fill(`Before I pay: can I have my money back if the directory does not suit me? (${marker})`);
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').getByText('Your message has reached our support team', { exact: false }).waitFor();

    // The member pays from My membership, through the card step.
    await page.goto(url('/account'));
    await page.getByRole('region', { name: 'Membership' }).getByRole('button', { name: 'Join Now' }).click();
    await page.getByRole('dialog', { name: 'What You Get with Your Membership' }).getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('dialog', { name: 'Choose Payment Method' })
      .getByRole('button', { name: /Credit Card/ })
      .click();
    const card = page.getByRole('dialog', { name: 'Credit Card Payment' });
    await enterCard(card, '4242 4242 4242 4242');
    await toast('Payment successful! Your membership is active.').waitFor();
    await card.waitFor({ state: 'detached' });
    await eventually(
      async () => (await apiAnswer<{ user: { membership: { status: string } } }>('/users/me', member.token)).body.user.membership.status === 'active',
      20_000,
      'Expected the membership to become active',
    );
    await page.reload();
    const receipt = page.getByRole('region', { name: 'Last receipt' });
    await receipt.getByText('119.88 USD').waitFor();
    const reference = (await receipt.locator('dt:text-is("Reference") + dd').textContent()) ?? '';
    expect(reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    await screenshot(page, 'trust-account-paid');

    // The payment reaches Orders and the Dashboard's figures through their events.
    await eventually(
      async () => {
        const { body } = await apiAnswer<{ payments: { reference: string; status: string }[] }>(`/payments?search=${reference}`, admin.token);
        return body.payments.length === 1 && body.payments[0]!.status === 'succeeded';
      },
      20_000,
      'Expected the paid payment in the admin payment list',
    );

    await tab.reopen();
    await logInAsAdmin(page);
    const before = await dashboardFigures();

    // The member quotes the reference to support: Orders finds the payment by it, and the admin refunds it.
    await page.getByRole('complementary', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders Management' }).waitFor();
    await page.getByLabel('Search').fill(reference);
    await page.getByText('Showing 1–1 of 1 payment').waitFor();
    const row = page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: reference });
    await row.getByRole('button', { name: new RegExp(`^Refund \\$119\\.88 paid .+ by ${member.user.name}$`) }).click();
    await page.getByRole('dialog', { name: 'Refund this payment?' }).getByRole('button', { name: 'Yes, refund' }).click();
    await toast('The payment is refunded and the membership it paid for has ended.').waitFor();
    await row
      .getByRole('cell')
      .filter({ hasText: /^Refunded/ })
      .waitFor();

    // The Dashboard nets the refund: paid and revenue down by it, refunded up by it, this month and in this week's bars.
    const expected: DashboardFigures = {
      revenueThisMonth: before.revenueThisMonth - MEMBERSHIP_PRICE_CENTS,
      refundedThisMonth: before.refundedThisMonth + MEMBERSHIP_PRICE_CENTS,
      paidThisWeek: before.paidThisWeek - 1,
      refundedThisWeek: before.refundedThisWeek + 1,
      revenueThisWeek: before.revenueThisWeek - MEMBERSHIP_PRICE_CENTS,
      refundedAmountThisWeek: before.refundedAmountThisWeek + MEMBERSHIP_PRICE_CENTS,
    };
    let after = before;
    await eventually(
      async () => {
        after = await dashboardFigures();
        return JSON.stringify(after) === JSON.stringify(expected);
      },
      20_000,
      'Expected the Dashboard to count the refund',
    ).catch(() => undefined);
    expect(after).toEqual(expected);
    await screenshot(page, 'trust-dashboard-after-refund', true);

    // The Support Center finds the member's message by their email, their name and its text, and links them to their page in Users.
    await page.getByRole('complementary', { name: 'Admin' }).getByRole('link', { name: 'Support' }).click();
    await page.getByRole('heading', { level: 1, name: 'Support Center' }).waitFor();
    const message = page.getByRole('article', { name: `Message from ${member.user.name}` });
    for (const search of [member.user.email.toUpperCase(), member.user.name.toLowerCase(), marker]) {
      const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('search') === search && response.ok());
      await page.getByLabel('Search').fill(search);
      await answered;
      await page.getByText('Showing 1–1 of 1 message').waitFor();
      await message.getByText(marker, { exact: false }).waitFor();
    }
    await screenshot(page, 'trust-support-search');
    await message.getByRole('link', { name: member.user.name }).click();
    await page.getByRole('heading', { level: 1, name: member.user.name }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/users/${member.user.id}`);
    await screenshot(page, 'trust-support-member-page');

    // An answered message shows who answered and when.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Support Center' }).waitFor();
    await page.getByLabel('Search').fill(marker);
    await message.getByRole('button', { name: 'Reply' }).click();
    await message.getByLabel(`Reply to ${member.user.name}`).fill('Yes: an administrator can refund a payment in full, and the membership it paid for ends.');
    await message.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Reply sent by email.').waitFor();
    await page.getByLabel('Status').selectOption('answered');
    await message
      .getByRole('list', { name: 'Replies' })
      .getByText(`Answered by ${admin.user.name} on ${longDate(new Date())}:`, { exact: false })
      .waitFor();
    await screenshot(page, 'trust-support-answered');

    // What the member was sent so far: the refund and the reply have arrived; svc-notify keeps the payment's receipt.
    await eventually(
      async () => {
        const subjects = (await emailsToMember()).map((email) => email.subject);
        return subjects.includes('Your membership payment was refunded') && subjects.includes('Re: Membership');
      },
      30_000,
      'Expected the refund email and the reply',
    );
    const sentBefore = (await emailsToMember()).length;
    const receiptsOfMember = () => withSiteDatabase('notify', (db) => db.collection('subscription_receipts').countDocuments({ userId: member.user.id }));
    expect(await receiptsOfMember()).toBe(1);
    // Every service has just accepted the token (and keeps that answer in its account-status cache).
    expect((await everyServiceStatus(member)).map((status) => status < 300)).toEqual([true, true, true, true]);

    // The member deletes the account, while a reset link waits in its outbox for a retry (as it would with the broker away).
    await tab.reopen();
    await storeSession(tab.session.context, member.token, member.user);
    await page.goto(url('/account'));
    await page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill(member.password);
    const users = (db: SiteDatabase) => db.collection<{ _id: string; outbox: EventEnvelope[] }>('users');
    await eventually(
      async () => (await withSiteDatabase('identity', (db) => users(db).findOne({ _id: member.user.id })))?.outbox.length === 0,
      10_000,
      'Expected the member’s outbox to have been published',
    );
    const resetDueAt = Date.now() + 15_000;
    const waitingReset: EventEnvelope = {
      id: randomUUID(),
      type: 'user.password_reset_requested',
      version: 1,
      time: new Date().toISOString(),
      source: 'svc-identity',
      data: {
        userId: member.user.id,
        name: member.user.name,
        email: member.user.email,
        resetId: randomUUID(),
        token: randomBytes(32).toString('base64url'),
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    };
    await withSiteDatabase('identity', (db) =>
      users(db).updateOne(
        { _id: member.user.id },
        { $push: { outbox: waitingReset }, $set: { outboxPending: true, outboxDueAt: new Date(resetDueAt), outboxAttempts: 3 } },
      ),
    );
    const deletion = page.waitForResponse((response) => response.url() === url('/api/users/me') && response.request().method() === 'DELETE');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    expect((await deletion).status()).toBe(200);
    const deletedAt = Date.now();

    // Within a second, every service refuses the token it accepted a moment ago.
    await eventually(
      async () => (await everyServiceStatus(member)).every((status) => status === 401),
      1_000,
      'Expected every service to refuse the deleted member’s token within a second',
      50,
    );
    expect(Date.now() - deletedAt).toBeLessThan(1_000);
    await toast('Your account has been deleted.').waitFor();

    // The Support Center and svc-notify's receipts hold nothing of them, and the outbox holds no event for them.
    await eventually(async () => (await supportMessagesFound(admin.token, marker)) === 0, 10_000, 'Expected the member’s message gone');
    expect(await supportMessagesFound(admin.token, member.user.email)).toBe(0);
    await eventually(async () => (await receiptsOfMember()) === 0, 10_000, 'Expected svc-notify’s receipt of the member gone');
    await eventually(
      async () => (await withSiteDatabase('identity', (db) => users(db).findOne({ _id: member.user.id })))?.outbox.length === 0,
      10_000,
      'Expected the tombstone’s outbox empty once its deletion events were published',
    );

    // Nothing more reaches the member: not the reset link, once it would have been due (with the relay's idle poll, 5 s at most, and the email's way through svc-notify).
    await sleep(Math.max(0, resetDueAt + 8_000 - Date.now()));
    const sentAfter = await emailsToMember();
    expect(sentAfter.filter((email) => email.subject === 'Reset your password')).toEqual([]);
    expect(sentAfter).toHaveLength(sentBefore);

    await tab.reopen();
    await logInAsAdmin(page);
    await page.goto(url('/admin/support'));
    await page.getByLabel('Search').fill(marker);
    await page.getByText('No messages found.').waitFor();
    await page.getByLabel('Status').selectOption('answered');
    await page.getByText('No messages found.').waitFor();
    await screenshot(page, 'trust-support-after-deletion');
  }, 240_000);

  it('a blocked member who gives the right password is told the account is blocked, and how to reach support', async () => {
    const member = await apiSignupMember(`Blocked ${randomUUID().slice(0, 6)}`);
    const admin = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    await apiCall(`/members/${member.user.id}/status`, admin.token, 'PUT', { action: 'block' });

    await page.goto(url('/'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Log In' });
    await login.getByLabel('Email').fill(member.user.email);
    await login.getByLabel('Password').fill(member.password);
    await login.getByRole('button', { name: 'Log In' }).click();
    const alert = login.getByRole('alert');
    await alert.getByText(Messages.accountBlocked, { exact: false }).waitFor();
    await screenshot(page, 'trust-blocked-login');
    await alert.getByRole('link', { name: 'Go to the Contact page' }).click();
    await login.waitFor({ state: 'detached' });
    await page.getByRole('form', { name: 'Send us a message' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/contact');
    // Still a visitor: nothing is filled in, and the way to join is offered.
    expect(await page.getByRole('form', { name: 'Send us a message' }).getByLabel('Email').inputValue()).toBe('');
    await page.getByText('Not a member yet?').waitFor();
  });
});
