import { randomUUID } from 'node:crypto';
import { paymentReference } from '@altmed/contracts';
import { emailsTo, eventually, listEmails } from '@altmed/local-stack/src/testing';
import { E2E_ADMIN, apiAnswer, apiLogin, apiPayingMember, apiSignupMember, apiSignupProvider, screenshot, storeSession, url } from '../support/browser';
import { cents, chart, logInAsAdmin } from '../support/admin-pages';
import { page, useBrowser, usePagePerTest } from '../support/browser-per-file';

/**
 * The admin area in Chromium against the running site (SPEC §2, §4, §8): vetting providers through
 * the cards, the promo codes page, the Dashboard's and Analytics' charts, refunds in Orders
 * Management, and who may open the admin pages.
 */
const tab = usePagePerTest(useBrowser());

/** The figure under a count's label (Total, Approved, Pending, Blocked). */
async function count(label: string): Promise<number> {
  const stat = page
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .filter({ has: page.locator('strong') })
    .last();
  return Number(await stat.locator('strong').textContent());
}

describe('provider management', () => {
  it('finds a pending provider by NPI, approves, blocks and unblocks it, with the counts, filters, audit line and approval email', async () => {
    const provider = await apiSignupProvider(`Dr. Vetting ${randomUUID().slice(0, 6)}`);
    await logInAsAdmin(page);
    await page.getByLabel('Search').fill(provider.step1.npiNumber);
    const card = page.getByRole('article', { name: provider.user.name });
    await card.getByText('Pending', { exact: true }).waitFor();
    await eventually(async () => (await page.getByRole('article').count()) === 1, 10_000, 'Expected the search by NPI to find one provider');
    const before = { approved: await count('Approved'), pending: await count('Pending'), blocked: await count('Blocked') };

    await card.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Provider approved successfully.').waitFor();
    await card.getByText('Approved', { exact: true }).waitFor();
    await card.getByText(/^Approved by .+ on /).waitFor();
    await eventually(
      async () => (await count('Approved')) === before.approved + 1 && (await count('Pending')) === before.pending - 1,
      10_000,
      'Expected the counts to follow',
    );
    expect(await card.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await screenshot(page, 'admin-approved');

    // The provider is told, once, and members now see the profile.
    await eventually(
      async () =>
        (await listEmails()).filter((email) => email.subject === 'Your practice is approved' && email.to.some((to) => to.address === provider.step1.email))
          .length === 1,
      30_000,
      'Expected one approval email',
    );
    const member = await apiSignupMember('Vetting Member');
    const profile = await fetch(url(`/api/provider-info/${provider.providerId}`), { headers: { authorization: `Bearer ${member.token}` } });
    expect(profile.status).toBe(200);

    await card.getByRole('button', { name: 'Block' }).click();
    await page.getByText('Provider blocked successfully.').waitFor();
    await card.getByText(/^Blocked by .+ on /).waitFor();
    await eventually(async () => (await count('Blocked')) === before.blocked + 1, 10_000, 'Expected the blocked count to follow');
    await page.getByLabel('Status').selectOption('blocked');
    await card.getByText('Blocked', { exact: true }).waitFor();
    await page.getByLabel('Status').selectOption('approved');
    await page.getByText('No providers found.').waitFor();

    // Unblock returns the provider to Pending (SPEC §4).
    await page.getByLabel('Status').selectOption('blocked');
    await card.getByRole('button', { name: 'Unblock' }).click();
    await page.getByText('Provider unblocked successfully.').waitFor();
    await page.getByLabel('Status').selectOption('pending');
    await card.getByText('Pending', { exact: true }).waitFor();
    await card.getByText(/^Unblocked by .+ on /).waitFor();
  });
});

type Member = Awaited<ReturnType<typeof apiSignupMember>>;

interface ListedPayment {
  id: string;
  status: string;
  amount: number;
  refund: { by: string | null; at: string } | null;
}

/** The member's payments as Orders Management lists them (billing's payment list, fed by events). */
async function listedPaymentsOf(member: Member, adminToken: string): Promise<ListedPayment[]> {
  const { body } = await apiAnswer<{ payments: ListedPayment[] }>(`/payments?search=${encodeURIComponent(member.user.email)}`, adminToken);
  return body.payments;
}

/** Waits until the admin lists (members and payments, each fed by events) have the paying member's sign-up and payment. */
async function untilListed(member: Member, adminToken: string): Promise<ListedPayment> {
  await eventually(
    async () => (await apiAnswer<{ total: number }>(`/members?search=${encodeURIComponent(member.user.email)}`, adminToken)).body.total === 1,
    20_000,
    'Expected the paying member in the admin member list',
  );
  const [payment] = await eventually(
    async () => {
      const payments = await listedPaymentsOf(member, adminToken);
      return payments.length === 1 && payments[0]!.status === 'succeeded' ? payments : undefined;
    },
    20_000,
    'Expected the paid payment in the admin payment list',
  );
  return payment!;
}

describe('dashboard', () => {
  it('shows the figures and both weekly charts, this week’s bars counting a new paying member, each chart readable as a table', async () => {
    const admin = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    const member = await apiPayingMember('Carla Charted');
    await untilListed(member, admin.token);

    await logInAsAdmin(page);
    await page.getByRole('complementary', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('link', { name: /^Active members [\d,]+$/ }).waitFor();
    await page.getByRole('link', { name: /^Revenue this month \$[\d,.]+ Last month: \$[\d,.]+$/ }).waitFor();
    await page.getByRole('link', { name: /^Providers waiting for review [\d,]+$/ }).waitFor();
    await page.getByRole('link', { name: /^Reviews waiting for moderation [\d,]+$/ }).waitFor();

    const activity = chart(page, 'Sign-ups and paid memberships per week');
    const revenue = chart(page, 'Revenue per week');
    await activity.drawing.waitFor();
    await revenue.drawing.waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await activity.drawing.getAttribute('aria-label')).toMatch(
      /^Sign-ups and paid memberships per week: bar chart of \d+ weeks, .+\. Sign-ups: .+; Paid memberships: .+\.$/,
    );
    expect(await revenue.drawing.getAttribute('aria-label')).toMatch(/^Revenue per week: bar chart of \d+ weeks, .+\. Revenue: .+\.$/);
    // Bars are drawn, on a plot as wide as the card.
    const bars = async (drawing: typeof activity.drawing) =>
      drawing.locator('rect').evaluateAll((rects) => rects.filter((rect) => Number(rect.getAttribute('height')) > 0 && rect.querySelector('title')).length);
    expect(await bars(activity.drawing)).toBeGreaterThan(0);
    expect(await bars(revenue.drawing)).toBeGreaterThan(0);
    expect((await activity.drawing.boundingBox())?.width).toBeGreaterThan(600);
    await screenshot(page, 'admin-dashboard', true);

    // This week is the last row: the new member signed up and paid in it.
    const activityRows = await activity.rows();
    expect(activityRows.length).toBeGreaterThan(0);
    const [, signUps, paid] = activityRows.at(-1)!;
    expect(Number(signUps?.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
    expect(Number(paid?.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
    const revenueRows = await revenue.rows();
    expect(revenueRows.map((row) => row[0])).toEqual(activityRows.map((row) => row[0]));
    expect(cents(revenueRows.at(-1)![1]!)).toBeGreaterThanOrEqual(11_988);
    await screenshot(page, 'admin-dashboard-tables', true);

    // The revenue card leads to Orders Management.
    await page.getByRole('link', { name: /^Revenue this month/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders Management' }).waitFor();
  });
});

describe('orders management', () => {
  it('finds a member’s payment by email and by its reference and refunds it through the dialog: Refunded, the membership ends, one refund email with the same reference, a second refund refused', async () => {
    const admin = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    const member = await apiPayingMember('Rhea Refundable');
    const payment = await untilListed(member, admin.token);
    const refundEmails = async () =>
      emailsTo(await listEmails(), member.user.email).filter((email) => email.subject === 'Your membership payment was refunded');

    await logInAsAdmin(page);
    await page.getByRole('complementary', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders Management' }).waitFor();
    await page.getByLabel('Search').fill(member.user.email);
    const payments = page.getByRole('table', { name: 'Payments' });
    // Other members' payments leave the table once the search has answered: a header row and the member's own.
    const row = payments.getByRole('row').filter({ hasText: member.user.email });
    await eventually(
      async () => (await payments.getByRole('row').count()) === 2 && (await row.count()) === 1,
      10_000,
      'Expected the search to find the member’s payment alone',
    );
    await page.getByText('Showing 1–1 of 1 payment').waitFor();
    await row.getByRole('link', { name: member.user.name }).waitFor();
    const reference = paymentReference(payment.id);
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      expect.any(String),
      reference,
      `${member.user.name}${member.user.email}`,
      '$119.88',
      'Paid',
      'Refund',
    ]);
    // A member quoting the reference to support is found by it, typed with or without its dashes.
    await page.getByLabel('Search').fill(reference.replace(/-/g, '').toLowerCase());
    await page.getByText('Showing 1–1 of 1 payment').waitFor();
    await row.getByRole('cell', { name: reference }).waitFor();
    await screenshot(page, 'admin-orders-paid');

    await row.getByRole('button', { name: new RegExp(`^Refund \\$119\\.88 paid .+ by ${member.user.name}$`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this payment?' });
    await dialog
      .getByText(`Refund $119.88 to ${member.user.name}? The membership time it paid for and has not been used ends now, and the member is emailed.`)
      .waitFor();
    await screenshot(page, 'admin-orders-refund-dialog');
    await dialog.getByRole('button', { name: 'Yes, refund' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('region', { name: 'Notifications', includeHidden: true })
      .getByText('The payment is refunded and the membership it paid for has ended.')
      .waitFor();
    // The status cell: Refunded, with when and by whom; no Refund button is left.
    const refundedBy = new RegExp(`^Refunded[A-Z][a-z]+ \\d{1,2}, \\d{4} by ${E2E_ADMIN.email.replace(/[.]/g, '\\.')}$`);
    await row.getByRole('cell').filter({ hasText: refundedBy }).waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await screenshot(page, 'admin-orders-refunded');

    // The membership it paid for has ended (identity takes the year back from payment.refunded).
    await eventually(
      async () => (await apiAnswer<{ user: { membership: { status: string } } }>('/users/me', member.token)).body.user.membership.status === 'expired',
      20_000,
      'Expected the refunded membership to have ended',
    );
    // One refund email reaches the member.
    await eventually(async () => (await refundEmails()).length === 1, 30_000, 'Expected the refund email');
    expect((await refundEmails())[0]?.text).toContain(reference);
    // The confirmation email of the payment gave the same reference.
    const confirmations = emailsTo(await listEmails(), member.user.email).filter((email) => email.subject === 'Your membership is confirmed');
    expect(confirmations.map((email) => email.text?.includes(reference))).toEqual([true]);

    // A second refund of the same payment is refused.
    const again = await apiAnswer<{ message: string }>(`/payments/${payment.id}/refund`, admin.token, 'POST');
    expect(again).toEqual({ status: 409, body: { message: 'This payment has already been refunded' } });
    expect((await listedPaymentsOf(member, admin.token)).map((each) => each.status)).toEqual(['refunded']);

    // The member's own page says so.
    await tab.reopen();
    await storeSession(tab.session.context, member.token, member.user);
    await page.goto(url('/account'));
    const membership = page.getByRole('region', { name: 'Membership' });
    await membership.getByText('Expired', { exact: true }).waitFor();
    await membership.getByText(/^Your membership ended on .+\. Renew it to keep comparing providers\.$/).waitFor();
    await page.getByRole('region', { name: 'Last receipt' }).getByText('Refunded', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Last receipt' }).getByText(reference, { exact: true }).waitFor();
    await screenshot(page, 'account-refunded');
    // Still one refund email, after all of the above.
    expect(await refundEmails()).toHaveLength(1);
  });
});

describe('analytics', () => {
  it('shows the join funnel per week with its conversion sentence, revenue by promo code, providers per week and most searched', async () => {
    const admin = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    const member = await apiPayingMember('Finn Funnel');
    await untilListed(member, admin.token);

    await logInAsAdmin(page);
    await page.getByRole('complementary', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { level: 1, name: 'Analytics Dashboard' }).waitFor();
    const funnel = chart(page, 'Join funnel per week');
    await funnel.drawing.waitFor();
    expect(await funnel.drawing.getAttribute('aria-label')).toMatch(
      /^Join funnel per week: bar chart of \d+ weeks, .+\. Sign-ups: .+; Payments started: .+; Paid: .+\.$/,
    );
    // The refunds clause shows once a payment of these weeks was refunded (the Orders journey refunds one).
    await funnel.figure.getByText(/^Over these \d+ weeks, \d+% of sign-ups started a payment; \d+% of those paid(, and \d+% were refunded)?\.$/).waitFor();
    const [week, signUps, started, paid] = (await funnel.rows()).at(-1)!;
    expect(week).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
    for (const value of [signUps, started, paid]) expect(Number(value?.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);

    const byCode = page.getByRole('table', { name: 'Revenue by promo code' });
    await byCode.getByRole('rowheader', { name: 'Full price' }).waitFor();
    await page.getByRole('figure', { name: 'Providers per week' }).getByRole('img').waitFor();
    await page.getByRole('region', { name: 'Most searched' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'admin-analytics', true);
  });
});

describe('promo codes', () => {
  it('creates a code in the form, lists it with its expiry, and refuses it once expired', async () => {
    const { token, user } = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    await storeSession(tab.session.context, token, user);
    await page.goto(url('/admin/promo-codes'));
    await page.getByRole('heading', { level: 1, name: 'Promo Codes Management' }).waitFor();

    const day = 24 * 60 * 60 * 1000;
    const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
    const create = async (code: string, discount: string, expiry: string) => {
      await page.getByRole('button', { name: 'New Promo Code' }).click();
      const form = page.getByRole('form', { name: 'New promo code' });
      await form.getByLabel('Code').fill(code);
      await form.getByLabel('Discount Percentage').fill(discount);
      await form.getByLabel('Expiry Date').fill(expiry);
      await form.getByRole('button', { name: 'Create Promo Code' }).click();
      await page.getByText('Promo code created successfully').waitFor();
      await page.getByRole('row', { name: new RegExp(code) }).waitFor();
    };
    const current = `E2E${randomUUID().slice(0, 6).toUpperCase()}`;
    const expired = `OLD${randomUUID().slice(0, 6).toUpperCase()}`;
    await create(current, '15', isoDate(Date.now() + 30 * day));
    await page
      .getByRole('row', { name: new RegExp(current) })
      .getByText('15%')
      .waitFor();
    await create(expired, '20', isoDate(Date.now() - 2 * day));
    await screenshot(page, 'admin-promo-codes', true);

    const member = await apiSignupMember('Promo Member');
    const validate = (code: string) =>
      fetch(url('/api/promo-codes/validate'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
        body: JSON.stringify({ code: code.toLowerCase() }),
      });
    const valid = await validate(current);
    expect(valid.status).toBe(200);
    expect(await valid.json()).toMatchObject({ discountPercentage: 15 });
    const refused = await validate(expired);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: 'Invalid or expired promo code' });
  });
});

describe('users management', () => {
  it('finds a member by email, blocks them (their next calls 401 within a second) and unblocks them, with the audit line', async () => {
    const member = await apiSignupMember(`Blockable ${randomUUID().slice(0, 6)}`);
    const status = (path: string) => fetch(url(`/api${path}`), { headers: { authorization: `Bearer ${member.token}` } }).then((response) => response.status);
    // The sign-up reaches the admin list through its event, within a second or so.
    const admin = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    const listedMembers = () =>
      fetch(url(`/api/members?search=${encodeURIComponent(member.user.email)}`), { headers: { authorization: `Bearer ${admin.token}` } })
        .then((response) => response.json() as Promise<{ total: number }>)
        .then((body) => body.total);
    await eventually(async () => (await listedMembers()) === 1, 20_000, 'Expected the new member in the admin list');

    await logInAsAdmin(page);
    await page.getByRole('complementary', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { level: 1, name: 'Users Management' }).waitFor();
    await page.getByLabel('Search').fill(member.user.email.toUpperCase());
    const members = page.getByRole('table', { name: 'Members' });
    // The newest member heads the unfiltered list too: the search has answered once only that row is left.
    await eventually(async () => (await members.getByRole('row').count()) === 2, 10_000, 'Expected the search to find the member alone');
    await members.getByRole('link', { name: member.user.name }).waitFor();
    await members.getByRole('link', { name: member.user.name }).click();
    await page.getByRole('heading', { level: 1, name: member.user.name }).waitFor();
    await page.getByText('No payments yet.').waitFor();
    expect(await status('/users/me')).toBe(200);
    expect(await status('/saved-providers')).toBe(200);

    await page.getByRole('button', { name: 'Block member' }).click();
    await page.getByRole('dialog', { name: 'Block this member?' }).getByRole('button', { name: 'Yes, block' }).click();
    await page.getByText(/^Blocked by .+ on /).waitFor();
    await page.getByRole('button', { name: 'Unblock member' }).waitFor();
    await screenshot(page, 'admin-member-blocked');
    expect(await status('/users/me')).toBe(401);
    // The block's account.status_changed drops every service's cached answer for the account: refused within a second, not after 30 s.
    await eventually(async () => (await status('/saved-providers')) === 401, 1_000, 'Expected the blocked member’s token refused everywhere within a second');
    // The right password of a blocked account is told that it is blocked (403); a wrong one still gets 401.
    await expect(apiLogin(member.user.email, member.password)).rejects.toThrow('answered 403');
    await expect(apiLogin(member.user.email, `${member.password}-wrong`)).rejects.toThrow('answered 401');

    await page.getByRole('button', { name: 'Unblock member' }).click();
    await page.getByText(/^Unblocked by .+ on /).waitFor();
    // The sessions from before the block stay ended; the member logs in again.
    expect(await status('/users/me')).toBe(401);
    const again = await apiLogin(member.user.email, member.password);
    expect((await fetch(url('/api/users/me'), { headers: { authorization: `Bearer ${again.token}` } })).status).toBe(200);
    await page.getByRole('link', { name: 'Back to members' }).click();
    await page.getByRole('heading', { level: 1, name: 'Users Management' }).waitFor();
  });
});

describe('admin settings', () => {
  it('invites a new administrator by email, who sets a password through the link and logs in; the old link then fails', async () => {
    const email = `invited.${randomUUID().slice(0, 8)}@example.com`;
    await logInAsAdmin(page);
    await page.getByRole('complementary', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Settings' }).waitFor();
    await page.getByRole('table', { name: 'Administrators' }).getByText(E2E_ADMIN.email).waitFor();
    const form = page.getByRole('form', { name: 'Invite an administrator' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${email}.`, { exact: false }).waitFor();
    await page.getByRole('table', { name: 'Pending invitations' }).getByText(email).waitFor();

    const [invitation] = await eventually(
      async () => {
        const found = (await listEmails()).filter(
          (sent) => sent.subject === 'You are invited to administer Altmed' && sent.to.some((to) => to.address === email),
        );
        return found.length === 1 ? found : undefined;
      },
      30_000,
      'Expected one invitation email',
    );
    const link = /https?:\/\/\S+\/admin\/accept-invitation\?token=[A-Za-z0-9_-]+/.exec(invitation!.text ?? '')?.[0];
    expect(link).toBeDefined();

    // The new administrator opens the link logged out.
    await tab.reopen();
    const { pathname, search, searchParams } = new URL(link!);
    await page.goto(url(`${pathname}${search}`));
    await page.getByRole('heading', { level: 1, name: 'Become an administrator' }).waitFor();
    await page.getByLabel('Your name').fill('Invited Admin');
    await page.getByLabel('Password', { exact: true }).fill('an-invited-admin-password');
    await page.getByLabel('Confirm password').fill('an-invited-admin-password');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Provider Management' }).waitFor();
    await screenshot(page, 'admin-invited-logged-in');
    await apiLogin(email, 'an-invited-admin-password');

    const reused = await fetch(url('/api/administrators/invitations/accept'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: searchParams.get('token'), name: 'Again', password: 'another-long-password' }),
    });
    expect(reused.status).toBe(400);
  });
});

describe('support center', () => {
  it('takes a Contact message from a visitor, shows it in the Support Center, and emails the admin’s reply once', async () => {
    const visitor = { name: `Visitor ${randomUUID().slice(0, 6)}`, email: `visitor.${randomUUID().slice(0, 8)}@example.com` };
    await page.goto(url('/contact'));
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Name').fill(visitor.name);
    await form.getByLabel('Email').fill(visitor.email);
    await form.getByLabel('Topic').selectOption('billing');
    await form.getByLabel('Message').fill('My receipt never arrived after I paid yesterday.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').getByText('Your message has reached our support team', { exact: false }).waitFor();

    await logInAsAdmin(page);
    await page.getByRole('complementary', { name: 'Admin' }).getByRole('link', { name: 'Support' }).click();
    await page.getByRole('heading', { level: 1, name: 'Support Center' }).waitFor();
    const message = page.getByRole('article', { name: `Message from ${visitor.name}` });
    await message.getByText('My receipt never arrived', { exact: false }).waitFor();
    await message.getByRole('button', { name: 'Reply' }).click();
    await message.getByLabel(`Reply to ${visitor.name}`).fill('We have sent your receipt again; it should arrive within minutes.');
    await message.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Reply sent by email.').waitFor();
    await screenshot(page, 'admin-support-replied');

    const [reply] = await eventually(
      async () => {
        const found = (await listEmails()).filter((sent) => sent.to.some((to) => to.address === visitor.email));
        return found.length > 0 ? found : undefined;
      },
      30_000,
      'Expected the reply email',
    );
    expect(reply!.subject).toBe('Re: Payments and receipts');
    expect(reply!.text).toContain('We have sent your receipt again');
  });
});

describe('who may open the admin area', () => {
  it('sends a member who opens an admin page to the admin login', async () => {
    const member = await apiSignupMember('Curious Member');
    await storeSession(tab.session.context, member.token, member.user);
    for (const pathname of ['/admin/providers', '/admin/promo-codes', '/admin/dashboard']) {
      await page.goto(url(pathname));
      await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/login');
    }
  });

  it('keeps the sidebar in view, full height, down a long page', async () => {
    await tab.reopen({ width: 1280, height: 600 });
    const { token, user } = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    // Enough members for a page longer than the window.
    for (let n = 0; n < 12; n += 1) await apiSignupMember(`Long Page ${n}`);
    await eventually(
      async () => {
        const response = await fetch(url('/api/members'), { headers: { authorization: `Bearer ${token}` } });
        return ((await response.json()) as { total: number }).total >= 12;
      },
      20_000,
      'Expected a dozen members in the list',
    );
    await storeSession(tab.session.context, token, user);
    await page.goto(url('/admin/users'));
    await page.getByRole('heading', { level: 1, name: 'Users Management' }).waitFor();
    await page.getByRole('table', { name: 'Members' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(600);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const sidebar = await page.getByRole('complementary', { name: 'Admin' }).boundingBox();
    expect(sidebar).toMatchObject({ y: 0, height: 600 });
    await screenshot(page, 'admin-sidebar-long-page');
  });

  it('collapses the sidebar at 375 px and closes it on navigation', async () => {
    await tab.reopen({ width: 375, height: 812 });
    const { token, user } = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    await storeSession(tab.session.context, token, user);
    await page.goto(url('/admin/providers'));
    await page.getByRole('heading', { level: 1, name: 'Provider Management' }).waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Admin' });
    await sidebar.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    await sidebar.waitFor({ state: 'visible' });
    await screenshot(page, 'admin-sidebar-375');
    await sidebar.getByRole('link', { name: 'Promo Codes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Promo Codes Management' }).waitFor();
    await sidebar.waitFor({ state: 'hidden' });
  });
});
