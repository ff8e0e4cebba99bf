import { randomUUID } from 'node:crypto';
import type { DirectoryResponse } from '@altmed/contracts';
import { apiAdminToken, apiCall, apiListedProvider, apiPayingMember, screenshot, storeSession, url } from '../support/browser';
import { page, useBrowser, usePagePerTest } from '../support/browser-per-file';

/**
 * The members' directory in Chromium against the running site (issue 11): finding providers by
 * area, place and name, the search kept in the URL, and what a visitor sees.
 */
const tab = usePagePerTest(useBrowser());
let admin: string;
let member: Awaited<ReturnType<typeof apiPayingMember>>;
/** A town of this run's own, so other journeys' providers never show up in these searches. */
const town = `Fernhollow ${randomUUID().slice(0, 6)}`;
const providers: Record<'olive' | 'basil' | 'sage' | 'pending', { id: string; name: string }> = {} as never;

async function listedProvider(key: keyof typeof providers, name: string, state: string, specialties: string[], approve = true) {
  providers[key] = await apiListedProvider(admin, name, { place: { city: town, state }, qualifications: { specialties }, approve });
}

beforeAll(async () => {
  admin = await apiAdminToken();
  member = await apiPayingMember('Dana Directory');
  const suffix = randomUUID().slice(0, 4);
  await listedProvider('olive', `Dr. Olive Quarry${suffix}`, 'VT', ['Nutrition']);
  await listedProvider('basil', `Dr. Basil Quarry${suffix}`, 'VT', ['Vision', 'Nutrition']);
  await listedProvider('sage', `Dr. Sage Quarry${suffix}`, 'ME', ['Orthopedic']);
  await listedProvider('pending', `Dr. Pending Quarry${suffix}`, 'VT', ['Nutrition'], false);
}, 120_000);

const results = () => page.getByRole('list', { name: 'Search results' });
const resultNames = async () => (await results().getByRole('heading', { level: 3 }).allTextContents()).sort();
const townSearch = `city=${encodeURIComponent(town)}`;

describe('directory', () => {
  it('finds providers by area, by state and city, and by name; the URL keeps the search through reload and Back', async () => {
    await storeSession(tab.session.context, member.token, member.user);
    await page.goto(url(`/providers?${townSearch}&sort=name`));
    await page.getByText('3 providers match your search').waitFor();
    expect(await resultNames()).toEqual([providers.basil.name, providers.olive.name, providers.sage.name].sort());
    await screenshot(page, 'directory-member-1280', true);

    await page.getByRole('checkbox', { name: 'Vision' }).check();
    await page.getByText('1 provider matches your search').waitFor();
    expect(await resultNames()).toEqual([providers.basil.name]);
    expect(new URL(page.url()).searchParams.getAll('areas')).toEqual(['Vision']);

    await page.getByRole('checkbox', { name: 'Vision' }).uncheck();
    await page.getByLabel('State').selectOption('ME');
    await page.getByText('1 provider matches your search').waitFor();
    expect(await resultNames()).toEqual([providers.sage.name]);

    await page.reload();
    await page.getByText('1 provider matches your search').waitFor();
    expect(await page.getByLabel('State').inputValue()).toBe('ME');
    expect(await page.getByRole('textbox', { name: 'City' }).inputValue()).toBe(town);

    await page.goBack();
    await page.getByText('3 providers match your search').waitFor();
    expect(await page.getByLabel('State').inputValue()).toBe('');

    await page.getByRole('searchbox', { name: 'Name, practice or area of interest' }).fill(providers.olive.name.split(' ')[1]!);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('1 provider matches your search').waitFor();
    expect(await resultNames()).toEqual([providers.olive.name]);

    await results()
      .getByRole('link', { name: `View ${providers.olive.name}'s profile` })
      .click();
    await page.getByRole('heading', { level: 1, name: providers.olive.name }).waitFor();
    await page.goBack();
    await page.getByText('1 provider matches your search').waitFor();
  });

  it('opens from the home page’s areas of interest', async () => {
    await storeSession(tab.session.context, member.token, member.user);
    await page.goto(url('/'));
    await page.getByRole('link', { name: 'Orthopedic' }).click();
    await page.waitForURL(/\/providers\?areas=Orthopedic$/);
    await page.getByRole('checkbox', { name: 'Orthopedic' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Orthopedic' }).isChecked()).toBe(true);
  });

  it('shows a visitor how many providers match, no provider, and Join', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(url(`/providers?${townSearch}`));
    await page.getByRole('heading', { name: '3 vetted providers match your search' }).waitFor();
    expect(await page.getByText(providers.olive.name).count()).toBe(0);
    await screenshot(page, 'directory-visitor-375', true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole('button', { name: 'Join to see them' }).click();
    await page.getByRole('dialog').first().waitFor();
  });
});

describe('directory API', () => {
  it('never lists pending or blocked providers, and answers 400 to hostile parameters', async () => {
    const search = async (query: string) => {
      const response = await fetch(url(`/api/directory/providers?${query}`), { headers: { authorization: `Bearer ${member.token}` } });
      return { status: response.status, body: (await response.json()) as DirectoryResponse };
    };
    await apiCall(`/admins/providers/${providers.basil.id}/status`, admin, 'PUT', { status: 'block' });
    const { body } = await search(townSearch);
    expect(body.providers.map((provider) => provider._id).sort()).toEqual([providers.olive.id, providers.sage.id].sort());
    await apiCall(`/admins/providers/${providers.basil.id}/status`, admin, 'PUT', { status: 'unblock' });
    await apiCall(`/admins/providers/${providers.basil.id}/status`, admin, 'PUT', { status: 'approve' });

    for (const query of ['q[$ne]=x', 'city[$regex]=.*', 'page=-1', 'page=100000', 'page=abc', 'sort=email', 'limit=500']) {
      expect({ query, status: (await search(query)).status }).toEqual({ query, status: 400 });
    }
  });
});
