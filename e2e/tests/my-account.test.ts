import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { eventually } from '@altmed/local-stack/src/testing';
import { apiAdminToken, apiCall, apiListedProvider, apiPayingMember, apiSignupMember, screenshot, storeSession, url } from '../support/browser';
import { page, useBrowser, usePagePerTest } from '../support/browser-per-file';

/**
 * A member's own data on My Membership, in Chromium against the running site: Download my data
 * gives one JSON file of the account, payments, reviews and saved providers; Delete my account
 * (after the password) ends the login for good, and the member's published review stays on the
 * provider's profile under "Former member".
 */
const tab = usePagePerTest(useBrowser());
let admin: string;
let providerId: string;
let providerName: string;

beforeAll(async () => {
  admin = await apiAdminToken();
  providerName = `Dr. Remembered ${randomUUID().slice(0, 6)}`;
  providerId = (await apiListedProvider(admin, providerName)).id;
}, 60_000);

/** A toast: top-right, 5 s (it may sit behind an open modal's backdrop, where it is inert). */
const toast = (text: string) => page.getByRole('region', { name: 'Notifications', includeHidden: true }).getByText(text);

async function openProfile() {
  await page.goto(url(`/provider-profile/${providerId}`));
  await page.getByRole('heading', { level: 1, name: providerName }).waitFor();
}

/** The provider's published reviews, as the API gives them to anyone logged in. */
async function publishedReviews(token: string): Promise<{ clientName?: string; reviewText?: string }[]> {
  const response = await fetch(url(`/api/provider-info/${providerId}/reviews`), { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { reviews: { clientName?: string; reviewText?: string }[] }).reviews;
}

/** What Download my data saves (shell/src/features/account/lib/myData.ts). */
interface MyDataFile {
  exportedAt: string;
  account: { id: string; name: string; email: string; role: string; contactInfo: { phone: string }; membership: { status: string; endsAt: string | null } };
  payments: { id: string; amount: number; currency: string; status: string; paidAt: string | null; refundedAt: string | null }[];
  reviews: {
    reviewId: string;
    providerId: string;
    providerName: string;
    satisfactionRating: number;
    efficacyRating: number;
    reviewText: string;
    status: string;
  }[];
  savedProviders: { _id?: string; providerName?: string }[];
}

describe('your data', () => {
  it('a paying member reviews and saves a provider, downloads their data, deletes the account: the login fails and the review shows under "Former member"', async () => {
    const member = await apiPayingMember('Della Departing');
    await storeSession(tab.session.context, member.token, member.user);

    // The member reviews the provider and saves it.
    await openProfile();
    await page.getByRole('button', { name: 'Write a review' }).click();
    const form = page.getByRole('form', { name: 'Write a review' });
    await form.getByLabel('Satisfaction').selectOption('4');
    await form.getByLabel('Efficacy').selectOption('5');
    const text = `Listened carefully and the plan helped within weeks ${randomUUID().slice(0, 6)}`;
    await form.getByLabel('Your review').fill(text);
    await form.getByRole('button', { name: 'Submit review' }).click();
    await page.getByText('Awaiting moderation').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();

    // An admin approves the review (through the API, as the Reviews page does).
    const own = await fetch(url(`/api/provider-info/${providerId}/reviews/mine`), { headers: { authorization: `Bearer ${member.token}` } });
    const { review } = (await own.json()) as { review: { _id: string; clientName: string } };
    await apiCall(`/admins/reviews/${review._id}/status`, admin, 'PUT', { action: 'approve' });
    await page.reload();
    const patientsSay = page.getByRole('region', { name: 'Patients Say' });
    const published = patientsSay.getByRole('listitem').filter({ hasText: text });
    await published.getByText(review.clientName, { exact: true }).waitFor();
    expect(review.clientName).not.toBe('Former member');

    // Download my data: one JSON file of what each service holds.
    await page.getByRole('link', { name: `Hello, ${member.user.name}: my membership` }).click();
    await page.getByRole('heading', { level: 1, name: 'My Membership' }).waitFor();
    const yourData = page.getByRole('region', { name: 'Your data' });
    await yourData.getByRole('button', { name: 'Download my data' }).waitFor();
    await screenshot(page, 'account-your-data', true);
    const [download] = await Promise.all([page.waitForEvent('download'), yourData.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^altmed-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as MyDataFile;
    expect(Object.keys(file).sort()).toEqual(['account', 'exportedAt', 'payments', 'reviews', 'savedProviders']);
    expect(Math.abs(Date.parse(file.exportedAt) - Date.now())).toBeLessThan(5 * 60_000);
    expect(file.account).toMatchObject({
      id: member.user.id,
      name: member.user.name,
      email: member.user.email,
      role: 'user',
      contactInfo: { phone: '555-123-4567' },
      membership: { status: 'active' },
    });
    expect(file.payments).toEqual([expect.objectContaining({ amount: 11_988, currency: 'usd', status: 'succeeded', refundedAt: null })]);
    expect(file.payments[0]?.paidAt).toEqual(expect.any(String));
    expect(file.reviews).toEqual([
      expect.objectContaining({
        reviewId: review._id,
        providerId,
        providerName,
        satisfactionRating: 4,
        efficacyRating: 5,
        reviewText: text,
        status: 'approved',
      }),
    ]);
    expect(file.savedProviders.map((saved) => saved.providerName)).toEqual([providerName]);

    // Delete my account: a wrong password stays in the dialog; the right one ends the account.
    await yourData.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText('Your reviews stay, shown as “Former member”.', { exact: false }).waitFor();
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Password is incorrect').waitFor();
    await screenshot(page, 'account-delete-dialog');
    await dialog.getByLabel('Password').fill(member.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await toast('Your account has been deleted.').waitFor();
    await page.waitForURL(url('/'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
    await screenshot(page, 'account-deleted-home');

    // The old email and password no longer log in, and the old session is over.
    await nav.getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Log In' });
    await login.getByLabel('Email').fill(member.user.email);
    await login.getByLabel('Password').fill(member.password);
    await login.getByRole('button', { name: 'Log In' }).click();
    await login.getByRole('alert').getByText('Invalid credentials', { exact: false }).waitFor();
    await screenshot(page, 'account-deleted-login-fails');
    const again = await fetch(url('/api/users/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.user.email, password: member.password }),
    });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ message: 'Invalid email or password' });
    expect((await fetch(url('/api/users/me'), { headers: { authorization: `Bearer ${member.token}` } })).status).toBe(401);

    // The review stays on the profile, under "Former member" (svc-providers hears of the deletion through its event).
    const reader = await apiSignupMember('Reading Member');
    await eventually(
      async () => (await publishedReviews(reader.token)).some((each) => each.reviewText === text && each.clientName === 'Former member'),
      20_000,
      'Expected the deleted member’s review under "Former member"',
    );
    await tab.reopen();
    await storeSession(tab.session.context, reader.token, reader.user);
    await openProfile();
    const kept = page.getByRole('region', { name: 'Patients Say' }).getByRole('listitem').filter({ hasText: text });
    await kept.getByText('Former member', { exact: true }).waitFor();
    expect(await page.getByText(review.clientName, { exact: true }).count()).toBe(0);
    await kept.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-former-member');
  });
});
