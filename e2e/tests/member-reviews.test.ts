import { randomUUID } from 'node:crypto';
import { E2E_ADMIN, apiAdminToken, apiListedProvider, apiLogin, apiPayingMember, apiSignupMember, openPage, storeSession, url } from '../support/browser';
import { page, useBrowser, usePagePerTest } from '../support/browser-per-file';

/**
 * What members pay for, in Chromium against the running site (issue 11): a review written by a
 * member, approved by an admin, changes the profile's averages; one review per member; saving a
 * provider lasts across logins.
 */
const chromium = useBrowser();
const tab = usePagePerTest(chromium);
let admin: string;
let providerId: string;
let providerName: string;

beforeAll(async () => {
  admin = await apiAdminToken();
  providerName = `Dr. Reviewed ${randomUUID().slice(0, 6)}`;
  providerId = (await apiListedProvider(admin, providerName)).id;
}, 60_000);

async function openProfileAs(user: { token: string; user: Parameters<typeof storeSession>[2] }) {
  await storeSession(tab.session.context, user.token, user.user);
  await page.goto(url(`/provider-profile/${providerId}`));
  await page.getByRole('heading', { level: 1, name: providerName }).waitFor();
}

describe('reviews written by members', () => {
  it('a member reviews a provider, an admin approves it, and the profile’s averages change; a second review is refused', async () => {
    const member = await apiPayingMember('Rita Reviewer');
    await openProfileAs(member);
    const patientsSay = page.getByRole('region', { name: 'Patients Say' });
    await patientsSay.getByText('No reviews yet.').waitFor();
    await page.getByRole('button', { name: 'Write a review' }).click();
    const form = page.getByRole('form', { name: 'Write a review' });
    await form.getByLabel('Satisfaction').selectOption('5');
    await form.getByLabel('Efficacy').selectOption('4');
    const text = `Clear explanations and a plan that worked for me <b>not bold</b> ${randomUUID().slice(0, 6)}`;
    await form.getByLabel('Your review').fill(text);
    await form.getByRole('button', { name: 'Submit review' }).click();
    await page.getByText('Awaiting moderation').waitFor();

    // One review per member and provider, whatever the page shows.
    const second = await fetch(url(`/api/provider-info/${providerId}/reviews`), {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ satisfactionRating: 1, efficacyRating: 1, reviewText: 'A second opinion of the same visit.' }),
    });
    expect(second.status).toBe(409);

    // The admin approves it on the Reviews page.
    const adminSession = await openPage(chromium.browser);
    const adminUser = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    await storeSession(adminSession.context, adminUser.token, adminUser.user);
    await adminSession.page.goto(url('/admin/reviews'));
    const card = adminSession.page.getByRole('article', { name: `Review of ${providerName} by Rita R.` });
    await card.getByRole('button', { name: 'Approve' }).click();
    // Approved, it leaves the list of reviews waiting for moderation.
    await card.waitFor({ state: 'detached' });
    expect(adminSession.pageErrors).toEqual([]);
    await adminSession.context.close();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: providerName }).waitFor();
    await patientsSay.getByText('Based on 1 review').waitFor();
    // The averages: satisfaction, then efficacy.
    const averages = patientsSay.locator('dl dd').getByRole('img');
    expect(await averages.evaluateAll((stars) => stars.map((star) => star.getAttribute('aria-label')))).toEqual(['5.0 out of 5', '4.0 out of 5']);
    await page.getByText('Published').waitFor();
    // Plain text everywhere: the markup is shown, not run.
    expect(await page.getByText(text).count()).toBeGreaterThan(0);
    expect(await page.locator('b', { hasText: 'not bold' }).count()).toBe(0);
  });

  it('a member without an active membership cannot review', async () => {
    const member = await apiSignupMember('Nora Nonmember');
    const response = await fetch(url(`/api/provider-info/${providerId}/reviews`), {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ satisfactionRating: 5, efficacyRating: 5, reviewText: 'I never paid but I have opinions.' }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'An active membership is required' });
  });
});

describe('saved providers', () => {
  it('Save lasts across logins, and the provider shows under My membership', async () => {
    const member = await apiPayingMember('Sam Saver');
    await openProfileAs(member);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();
    await page.getByText('Saved to your providers').first().waitFor();

    await tab.reopen();
    const again = await apiLogin(member.user.email, member.password);
    await openProfileAs(again);
    expect(await page.getByRole('button', { name: 'Saved', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await page.goto(url('/account'));
    const saved = page.getByRole('region', { name: 'Saved providers' });
    await saved.getByRole('link', { name: providerName }).waitFor();
    await saved.getByRole('link', { name: 'See them in the directory' }).click();
    await page.getByText('1 provider matches your search').waitFor();
    expect(await page.getByRole('list', { name: 'Search results' }).getByRole('heading', { level: 3 }).allTextContents()).toEqual([providerName]);
  });
});
