import { eventually } from '@altmed/local-stack/src/testing';
import { apiSignupMember, gatewayMetric, openPage, REMOTE_FALLBACK, screenshot, storeSession, url } from '../support/browser';
import { useBrowser } from '../support/browser-per-file';

const chromium = useBrowser();

describe('a remote that is down', () => {
  it('shows a fallback in its own area while the rest of the site keeps working', async () => {
    const { page, context, pageErrors } = await openPage(chromium.browser);
    await page.route('**/remotes/admin/**', (route) => route.abort());

    await page.goto(url('/admin/login'));
    await page.getByText(REMOTE_FALLBACK).waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await screenshot(page, 'outage-admin-fallback');

    // The shell, its home page and the other remotes are unaffected.
    await page.goto(url('/'));
    await page.getByRole('heading', { level: 1, name: /alternative medicine/i }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Provider Sign Up' }).click();
    await page.getByLabel('Name of Practice').waitFor();
    expect(await page.getByText(REMOTE_FALLBACK).count()).toBe(0);

    // Within the same page: back in the admin area the fallback shows; Try again recovers it.
    await page.goto(url('/'));
    await page.getByTestId('admin-entrance').waitFor();
    for (let i = 0; i < 5; i += 1) await page.getByTestId('admin-entrance').click();
    await page.getByText(REMOTE_FALLBACK).waitFor();
    await page.unroute('**/remotes/admin/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    // Promo codes are for admins: the five clicks lead a visitor to the admin login.
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('keeps the header and footer around a provider area that is down, and the provider team sees the failure in the gateway’s metrics', async () => {
    const manifest = (await (await fetch(url('/remotes/provider/mf-manifest.json'))).json()) as { metaData: { buildInfo: { buildVersion: string } } };
    const failures = { remote: 'mfe_provider', build_version: manifest.metaData.buildInfo.buildVersion };
    const before = await gatewayMetric('client_remote_load_failures_total', failures);
    const { page, context, pageErrors } = await openPage(chromium.browser);
    // The manifest loads, its entry does not: the report names the build that failed.
    await page.route('**/remotes/provider/remoteEntry.js', (route) => route.abort());
    await page.goto(url('/provider-portal'));
    await page.getByText(REMOTE_FALLBACK).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByText(/© 2025/).waitFor();
    await screenshot(page, 'outage-provider-fallback');
    await eventually(async () => (await gatewayMetric('client_remote_load_failures_total', failures)) >= before + 1, 10_000, 'the failure was not counted');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows every remote area as unavailable when /remotes.json is missing', async () => {
    const { page, context } = await openPage(chromium.browser);
    await page.route('**/remotes.json', (route) => route.fulfill({ status: 503, body: 'down' }));
    const member = await apiSignupMember();
    await storeSession(context, member.token, member.user);
    await page.goto(url('/provider-profile/abc'));
    await page.getByText(REMOTE_FALLBACK).waitFor();
    await page.goto(url('/'));
    await page.getByRole('heading', { level: 1, name: /alternative medicine/i }).waitFor();
    await context.close();
  });
});
