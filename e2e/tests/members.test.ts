import { randomUUID } from 'node:crypto';
import { eventually, waitForEmailsTo } from '@altmed/local-stack/src/testing';
import { E2E_ADMIN, apiLogin, apiSignupMember, screenshot, url } from '../support/browser';
import { page, useBrowser, usePagePerTest } from '../support/browser-per-file';
import { enterCard } from '../support/join-flow';

usePagePerTest(useBrowser());

/** A toast: top-right, 5 s (it may sit behind an open modal's backdrop, where it is inert). */
const toast = (text: string) => page.getByRole('region', { name: 'Notifications', includeHidden: true }).getByText(text);

describe('login modal', () => {
  it('shows its fields, the spec texts, a link to join, and logs a member in where they are', async () => {
    const member = await apiSignupMember('Grace Hopper');
    await page.goto(url('/faq'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await dialog.getByRole('alert').getByText('Email and password are required').waitFor();

    await dialog.getByLabel('Email').fill(member.user.email);
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await dialog.getByRole('alert').getByText("Invalid credentials. If you're new, please join.").waitFor();
    await screenshot(page, 'login-invalid-1280');

    // Closing resets the form and its error.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
    expect(await dialog.getByLabel('Email').inputValue()).toBe('');
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Join instead' }).waitFor();

    await dialog.getByLabel('Email').fill(member.user.email);
    await dialog.getByLabel('Password').fill(member.password);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await toast('Logged in successfully!').waitFor();
    await page.getByText('Grace Hopper').waitFor();
    expect(new URL(page.url()).pathname).toBe('/faq');

    // The session survives a reload (token and user in localStorage), and logout clears it.
    await page.reload();
    await page.getByText('Grace Hopper').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
  });

  it('keeps keyboard focus off the page behind, closes on Escape and gives focus back to the button that opened it', async () => {
    await page.goto(url('/'));
    const opener = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await dialog.waitFor();
    // A modal <dialog> makes the page inert: Tab goes round the dialog (and the browser's own controls), never behind it.
    const focusIn: string[] = [];
    for (let i = 0; i < 14; i += 1) {
      await page.keyboard.press('Tab');
      focusIn.push(
        await dialog.evaluate((el) => (el.contains(document.activeElement) ? 'dialog' : document.activeElement === document.body ? 'browser' : 'page')),
      );
    }
    expect(focusIn).not.toContain('page');
    expect(focusIn.filter((where) => where === 'dialog').length).toBeGreaterThan(10);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe('pages that need a login', () => {
  it.each([
    ['/provider-profile/abc', '/', 'You must be logged in to view provider profiles.'],
    ['/provider/profile', '/', 'You must be logged in as a provider to access this page.'],
    ['/admin/promo-codes', '/admin/login', 'You are not authenticated to access this page.'],
    ['/admin/providers', '/admin/login', 'You are not authenticated to access this page.'],
  ])('a visitor on %s is sent to %s with "%s"', async (pathname, landing, message) => {
    await page.goto(url(pathname));
    await toast(message).waitFor();
    expect(new URL(page.url()).pathname).toBe(landing);
  });

  it('a visitor sent away from a provider profile logs in and lands on it', async () => {
    const member = await apiSignupMember();
    await page.goto(url('/provider-profile/000000000000000000000000'));
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await dialog.waitFor();
    await dialog.getByLabel('Email').fill(member.user.email);
    await dialog.getByLabel('Password').fill(member.password);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/provider-profile/000000000000000000000000');
    await page.getByRole('heading', { name: /^(Provider Not Found|Error Loading Profile)$/ }).waitFor();
  });

  it('a member is kept out of the provider dashboard', async () => {
    const member = await apiSignupMember();
    await page.goto(url('/'));
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', u);
      },
      [member.token, JSON.stringify(member.user)] as const,
    );
    await page.goto(url('/provider/profile'));
    await toast('You must be logged in as a provider to access this page.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('join flow', () => {
  it('checks the contact rules in order, signs up, and goes on to the payment method and the card step', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(url('/'));
    await page.getByRole('button', { name: 'Join Now' }).click();
    await page.getByRole('dialog', { name: 'What You Get with Your Membership' }).getByRole('button', { name: 'Continue' }).click();
    const contact = page.getByRole('dialog', { name: 'Contact Information' });
    const submit = () => contact.getByRole('button', { name: 'Continue' }).click();
    const expectError = async (text: string) => {
      const alert = contact.getByRole('alert');
      await alert.getByText(text, { exact: true }).waitFor();
      expect(await alert.isVisible()).toBe(true);
      expect(await alert.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    };

    await submit();
    await expectError('You must agree to the Terms & Services');
    await screenshot(page, 'join-contact-error-375');
    await contact.getByRole('checkbox', { name: /consent/ }).check();
    expect(await contact.getByRole('checkbox', { name: /Terms & Services/ }).isChecked()).toBe(true);
    await submit();
    await expectError('First Name and Last Name are required');
    await contact.getByLabel('First Name').fill('Katherine');
    await contact.getByLabel('Last Name').fill('Johnson');
    await submit();
    await expectError('A valid email address is required');
    const email = `katherine.${Date.now()}@example.com`;
    await contact.getByLabel('Email').fill(email);
    await contact.getByLabel('Password', { exact: false }).fill('12345');
    await submit();
    await expectError('Password must be at least 6 characters long');
    await contact.getByLabel('Password', { exact: false }).fill('orbit-1962');
    await contact.getByLabel('Phone Number', { exact: false }).fill('5551234567');
    await submit();
    await expectError('Phone number must be in the format 000-000-0000');
    await contact.getByLabel('Phone Number', { exact: false }).fill('555-123-4567');
    await submit();
    await expectError('Please select at least one area of interest');
    await contact.getByRole('checkbox', { name: 'Longevity Medicine' }).check();
    await submit();

    const method = page.getByRole('dialog', { name: 'Choose Payment Method' });
    await method.waitFor();
    expect(await method.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await page.getByText('Katherine Johnson').first().waitFor({ state: 'attached' });
    await method.getByRole('button', { name: /Credit Card/ }).click();
    const card = page.getByRole('dialog', { name: 'Credit Card Payment' });
    await card.getByLabel('Amount summary').getByText('119.88 USD').first().waitFor();
    await screenshot(page, 'join-card-375');
    await card.getByRole('button', { name: 'Close' }).first().click();
    await card.waitFor({ state: 'detached' });
  });
});

type Member = Awaited<ReturnType<typeof apiSignupMember>>;

/**
 * Goes through the join flow as an existing account up to the card step: the contact form logs it
 * in, or, when this page is already logged in as the member, the flow goes straight to the payment method.
 */
async function openCardStep(member: Member, { loggedIn = false } = {}) {
  await page.goto(url('/'));
  await page.getByRole('button', { name: 'Join Now' }).click();
  await page.getByRole('dialog', { name: 'What You Get with Your Membership' }).getByRole('button', { name: 'Continue' }).click();
  if (!loggedIn) await fillContactInformation(member);
  await page
    .getByRole('dialog', { name: 'Choose Payment Method' })
    .getByRole('button', { name: /Credit Card/ })
    .click();
  const card = page.getByRole('dialog', { name: 'Credit Card Payment' });
  await card.getByLabel('Card number').waitFor();
  return card;
}

async function fillContactInformation(member: Member) {
  const contact = page.getByRole('dialog', { name: 'Contact Information' });
  const [first, last] = member.user.name.split(' ');
  await contact.getByLabel('First Name').fill(first ?? '');
  await contact.getByLabel('Last Name').fill(last ?? '');
  await contact.getByLabel('Email').fill(member.user.email);
  await contact.getByLabel('Password', { exact: false }).fill(member.password);
  await contact.getByLabel('Phone Number', { exact: false }).fill('555-123-4567');
  await contact.getByRole('checkbox', { name: 'Nutrition' }).check();
  await contact.getByRole('checkbox', { name: /Terms & Services/ }).check();
  await contact.getByRole('button', { name: 'Continue' }).click();
}

async function membershipOf(member: Member): Promise<{ status: string; endsAt: string | null }> {
  const response = await fetch(url('/api/users/me'), { headers: { authorization: `Bearer ${member.token}` } });
  return ((await response.json()) as { user: { membership: { status: string; endsAt: string | null } } }).user.membership;
}

const untilMembershipIs = (member: Member, status: string) =>
  eventually(async () => (await membershipOf(member)).status === status, 20_000, `membership of ${member.user.email} did not become ${status}`);

/** A promo code made by the administrator through the admin API. */
async function createPromoCode(discountPercentage: number): Promise<string> {
  const admin = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  const code = `E2E${discountPercentage}${Date.now().toString(36).toUpperCase()}`;
  const response = await fetch(url('/api/promo-codes/create'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ code, discountPercentage, expiryDate: null }),
  });
  if (response.status !== 201 && response.status !== 200) throw new Error(`creating ${code} answered ${response.status}: ${await response.text()}`);
  return code;
}

const subscriptionEmailsTo = async (email: string) =>
  (await waitForEmailsTo(email, 2, 30_000)).filter((mail) => mail.subject === 'Your membership is confirmed');

describe('paying for the membership', () => {
  it('pays 119.88 USD with 4242 4242 4242 4242: the member is active, with one subscription email', async () => {
    const member = await apiSignupMember('Mary Jackson');
    const card = await openCardStep(member);
    await card.getByLabel('Amount summary').getByText('119.88 USD').first().waitFor();
    expect(await card.getByLabel('Country').inputValue()).toBe('US');
    expect(await card.getByLabel('ZIP').inputValue()).toBe('90210');
    await screenshot(page, 'join-card-1280');
    await enterCard(card, '4242 4242 4242 4242');
    await toast('Payment successful! Your membership is active.').waitFor();
    await card.waitFor({ state: 'detached' });
    await untilMembershipIs(member, 'active');
    const emails = await subscriptionEmailsTo(member.user.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain('119.88');

    // The greeting leads to the account: active until a year from now, and the receipt.
    await page.getByRole('link', { name: /Hello, Mary Jackson/ }).click();
    await page.getByText('Your membership is active until', { exact: false }).waitFor();
    expect(await page.title()).toBe('My Membership | AltMed Connect');
    await page.getByRole('region', { name: 'Last receipt' }).getByText('119.88 USD').waitFor();
    await screenshot(page, 'account-1280');
  });

  it('applies a 50 % code and charges 59.94 USD', async () => {
    const code = await createPromoCode(50);
    const member = await apiSignupMember('Christine Darden');
    const card = await openCardStep(member);
    await card.getByLabel('Promo code').fill(code.toLowerCase());
    await card.getByRole('button', { name: 'Apply' }).click();
    await toast('Promo code applied successfully!').waitFor();
    await card.getByLabel('Amount summary').getByText('59.94 USD').waitFor();
    await enterCard(card, '4242424242424242');
    await card.waitFor({ state: 'detached' });
    await untilMembershipIs(member, 'active');
    const emails = await subscriptionEmailsTo(member.user.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain('59.94');
    expect(emails[0]?.text).toContain(code);
  });

  it('takes a 100 % code with no card at all, and refuses an unknown code', async () => {
    const code = await createPromoCode(100);
    const member = await apiSignupMember('Annie Easley');
    const card = await openCardStep(member);
    await card.getByLabel('Promo code').fill('NOSUCHCODE');
    await card.getByRole('button', { name: 'Apply' }).click();
    await toast('Invalid or expired promo code').waitFor();
    await card.getByLabel('Promo code').fill(code);
    await card.getByRole('button', { name: 'Apply' }).click();
    await card.getByText('no card is needed', { exact: false }).waitFor();
    await card.getByLabel('Amount summary').getByText('0.00 USD').waitFor();
    await card.getByRole('button', { name: 'Continue' }).click();
    await card.waitFor({ state: 'detached' });
    await untilMembershipIs(member, 'active');
    const emails = await subscriptionEmailsTo(member.user.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain('0.00');
    expect(emails[0]?.text).toContain(code);
  });

  it('pays with 4000 0025 0000 3155 once the 3-D Secure challenge is completed, and not when it fails', async () => {
    const member = await apiSignupMember('Dorothy Hoover');
    let card = await openCardStep(member);
    await enterCard(card, '4000 0025 0000 3155');
    await page.getByRole('dialog', { name: '3D Secure authentication' }).getByRole('button', { name: 'Fail' }).click();
    await card.getByRole('alert').getByText('Payment failed after authentication').waitFor();
    expect((await membershipOf(member)).status).toBe('none');
    await card.getByRole('button', { name: 'Close' }).first().click();

    // The first attempt logged the member in: Join now goes straight to the payment method.
    card = await openCardStep(member, { loggedIn: true });
    await enterCard(card, '4000 0025 0000 3155');
    await page.getByRole('dialog', { name: '3D Secure authentication' }).getByRole('button', { name: 'Complete' }).click();
    await card.waitFor({ state: 'detached' });
    await untilMembershipIs(member, 'active');
  });

  it('refuses 4000 0000 0000 0002 and leaves no membership', async () => {
    const member = await apiSignupMember('Melba Mouton');
    const card = await openCardStep(member);
    await enterCard(card, '4000 0000 0000 0002');
    const alert = card.getByRole('alert').filter({ hasText: 'Payment failed. Please try again' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Your card was declined.');
    await screenshot(page, 'join-card-declined-1280');
    expect((await membershipOf(member)).status).toBe('none');
  });
});

describe('password reset', () => {
  it('emails a one-hour link from "Forgot password?", sets a new password, and ends older links and sessions', async () => {
    const member = await apiSignupMember('Dorothy Vaughan');
    const email = member.user.email;

    await page.goto(url('/'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog', { name: 'Log In' }).getByRole('button', { name: 'Forgot password?' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset your password' });
    await reset.getByLabel('Email').fill(email);
    await reset.getByRole('button', { name: 'Send reset link' }).click();
    await reset.getByText('If an account exists for that email address, we have sent a link to reset the password.').waitFor();

    // The welcome email of the sign-up and the reset email.
    const message = (await waitForEmailsTo(email, 2, 30_000)).find((mail) => mail.subject === 'Reset your password');
    expect(message).toBeDefined();
    const link = new URL(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(message?.text ?? '')?.[0] ?? 'http://missing/');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const resetUrl = url(link.pathname + link.search);

    await page.goto(resetUrl);
    // The title is the page's once it has rendered (the shell sets it after the first render commits).
    await page.getByLabel('New password', { exact: true }).waitFor();
    expect(await page.title()).toBe('Choose a New Password | AltMed Connect');
    await page.getByLabel('New password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm new password').fill('12345');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('alert').getByText('Password must be at least 6 characters long').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('a fresh start');
    await page.getByLabel('Confirm new password').fill('a fresh start');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been changed.', { exact: false }).waitFor();
    await screenshot(page, 'reset-done-1280');

    // The link works once; the old password and the session from before the reset are over.
    await page.goto(resetUrl);
    await page.getByLabel('New password', { exact: true }).fill('another one');
    await page.getByLabel('Confirm new password').fill('another one');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('alert').getByText('This password reset link is invalid or has expired. Please ask for a new one.').waitFor();
    const me = await fetch(url('/api/users/me'), { headers: { authorization: `Bearer ${member.token}` } });
    expect(me.status).toBe(401);
    const oldLogin = await fetch(url('/api/users/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: member.password }),
    });
    expect(oldLogin.status).toBe(401);
    // The other services refuse the token from before the reset too (identity did above), reads included.
    const withOldToken = { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' };
    const oldTokenAnswers = await Promise.all([
      fetch(url(`/api/provider-info/${randomUUID()}`), { headers: withOldToken }),
      fetch(url('/api/promo-codes/validate'), { method: 'POST', headers: withOldToken, body: JSON.stringify({ code: 'ANY' }) }),
      fetch(url('/api/directory/providers'), { headers: withOldToken }),
      fetch(url('/api/payments/receipts'), { headers: withOldToken }),
      fetch(url('/api/email/send-subscription-email'), { method: 'POST', headers: withOldToken, body: JSON.stringify({ userId: member.user.id }) }),
    ]);
    expect(oldTokenAnswers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);

    await page.goto(url('/'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Log In' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('a fresh start');
    await login.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Dorothy Vaughan').waitFor();
  });
});
