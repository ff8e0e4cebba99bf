import { randomUUID } from 'node:crypto';
import type { CompareResponse } from '@altmed/contracts';
import { apiAdminToken, apiListedProvider, apiPayingMember, apiSignupMember, screenshot, storeSession, url } from '../support/browser';
import { page, useBrowser, usePagePerTest } from '../support/browser-per-file';

/**
 * Compare (issue 11): a paying member picks three providers in the directory (the tray keeps them
 * through navigation), sees them side by side at 1280 px and at 375 px, with the distance from a
 * ZIP, the rows that differ marked, and the row headers fixed while the columns scroll on a phone.
 */
const tab = usePagePerTest(useBrowser());
let admin: string;
let member: Awaited<ReturnType<typeof apiPayingMember>>;
/** A town of this run's own, so other journeys' providers never show up in the directory search. */
const town = `Quillbrook ${randomUUID().slice(0, 6)}`;
type Key = 'austin' | 'portland' | 'burlington' | 'pending';
const providers = {} as Record<Key, { id: string; name: string }>;

async function listedProvider(key: Key, name: string, place: { state: string; zip: string }, qualifications: Record<string, unknown>, approve = true) {
  providers[key] = await apiListedProvider(admin, name, { place: { city: town, ...place }, qualifications, approve });
}

const licence = (state: string) => ({ state, deaNumber: 'AB1234563', licenseNumber: `${state}-${randomUUID().slice(0, 6)}` });

beforeAll(async () => {
  admin = await apiAdminToken();
  member = await apiPayingMember('Cora Compare');
  const suffix = randomUUID().slice(0, 4);
  await listedProvider(
    'austin',
    `Dr. Alma Quill${suffix}`,
    { state: 'TX', zip: '78701' },
    {
      specialties: ['Nutrition', 'Autoimmune'],
      boardCertifications: ['ABIHM'],
      educationAndTraining: ['Bastyr University, ND'],
      stateLicenses: [licence('TX')],
    },
  );
  await listedProvider(
    'portland',
    `Dr. Bruno Quill${suffix}`,
    { state: 'OR', zip: '97201' },
    { specialties: ['Nutrition'], boardCertifications: ['ABIHM'], stateLicenses: [licence('OR'), licence('WA')] },
  );
  await listedProvider('burlington', `Dr. Carla Quill${suffix}`, { state: 'VT', zip: '05401' }, { specialties: ['Nutrition'], stateLicenses: [licence('VT')] });
  await listedProvider('pending', `Dr. Pending Quill${suffix}`, { state: 'VT', zip: '05401' }, { specialties: ['Nutrition'] }, false);
}, 120_000);

const three = () => [providers.austin, providers.portland, providers.burlington];
const tray = () => page.getByRole('complementary', { name: 'Providers to compare' });
const table = () => page.getByRole('table', { name: /Providers side by side/ });
const rowOf = (header: string) =>
  table()
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${header}`) }) });
const cellsOf = async (header: string) => (await rowOf(header).getByRole('cell').allTextContents()).map((text) => text.trim());
const compareUrl = (zip?: string) =>
  `/compare?ids=${three()
    .map((provider) => provider.id)
    .join(',')}${zip ? `&zip=${zip}` : ''}`;

describe('compare', () => {
  it('picks three providers in the directory and compares them side by side at 1280 px, with distances from a ZIP', async () => {
    await storeSession(tab.session.context, member.token, member.user);
    await page.goto(url(`/providers?city=${encodeURIComponent(town)}&sort=name`));
    await page.getByText('3 providers match your search').waitFor();
    for (const provider of three()) await page.getByRole('button', { name: `Add ${provider.name} to compare` }).click();
    for (const provider of three()) await tray().getByText(provider.name).waitFor();
    expect(await page.getByRole('button', { name: `Add ${providers.austin.name} to compare` }).getAttribute('aria-pressed')).toBe('true');

    // The tray survives a reload.
    await page.reload();
    await tray().getByText(providers.burlington.name).waitFor();
    await screenshot(page, 'compare-directory-tray-1280');

    await tray().getByRole('link', { name: 'Compare (3)' }).click();
    await page.waitForURL(/\/compare\?ids=/);
    await table().waitFor();
    expect(await page.title()).toMatch(/^Compare Providers/);
    expect((await table().getByRole('columnheader').getByRole('link').allTextContents()).map((name) => name.trim())).toEqual(three().map((p) => p.name));

    expect(await cellsOf('Licensed in')).toEqual(['TX', 'ORWA', 'VT']);
    await rowOf('Licensed in').getByText('Differs').waitFor();
    expect(await rowOf('Areas of interest').getByText('Differs').count()).toBe(1);
    expect(await cellsOf('Years since first licence')).toEqual(['Not provided', 'Not provided', 'Not provided']);
    expect(await rowOf('Years since first licence').getByText('Differs').count()).toBe(0);
    expect(await cellsOf('Satisfaction')).toEqual(['No reviews yet', 'No reviews yet', 'No reviews yet']);

    await page.getByRole('textbox', { name: /Your ZIP code/ }).fill('78701');
    await page.getByRole('button', { name: 'Show distances' }).click();
    await page.waitForURL(/zip=78701/);
    await rowOf('Distance').getByText('0 miles').waitFor();
    const [, portland, burlington] = await cellsOf('Distance');
    // Austin to Portland (Oregon) about 1,700 miles, to Burlington (Vermont) about 1,800, as the crow flies.
    expect(Number(portland!.replace(/[^\d.]/g, ''))).toBeGreaterThan(1600);
    expect(Number(burlington!.replace(/[^\d.]/g, ''))).toBeGreaterThan(1600);
    await screenshot(page, 'compare-1280', true);

    // Each column links its profile, where the toggle shows the provider is picked.
    await table()
      .getByRole('link', { name: `View ${providers.portland.name}'s profile` })
      .click();
    await page.getByRole('heading', { level: 1, name: providers.portland.name }).waitFor();
    expect(await page.getByRole('button', { name: `Add ${providers.portland.name} to compare` }).getAttribute('aria-pressed')).toBe('true');
    await tray().getByText(providers.austin.name).waitFor();
  });

  it('keeps the row headers fixed while the provider columns scroll sideways at 375 px, and the page itself does not', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await storeSession(tab.session.context, member.token, member.user);
    await page.goto(url(compareUrl('78701')));
    await table().waitFor();
    await rowOf('Distance').getByText('0 miles').waitFor();
    await screenshot(page, 'compare-375', true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const header = table().getByRole('rowheader', { name: /^Licensed in/ });
    const before = await header.boundingBox();
    const scrolled = await table().evaluate((element) => {
      const scroller = element.parentElement!;
      const room = scroller.scrollWidth - scroller.clientWidth;
      scroller.scrollLeft = room;
      return room;
    });
    expect(scrolled).toBeGreaterThan(100);
    // The last provider's column is in view now, under the same row header.
    await page.waitForFunction(() => document.querySelector('table')!.parentElement!.scrollLeft > 100);
    const after = await header.boundingBox();
    expect(Math.abs(after!.x - before!.x)).toBeLessThan(1);
    const lastColumn = await table().getByRole('columnheader').last().boundingBox();
    expect(lastColumn!.x + lastColumn!.width).toBeLessThanOrEqual(375);
    expect(lastColumn!.x).toBeGreaterThanOrEqual(after!.x + after!.width - 1);
    await screenshot(page, 'compare-375-scrolled');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

describe('compare API', () => {
  it('answers members who pay, leaves out providers not listed, shares nothing private and refuses bad input', async () => {
    const compare = async (query: string, token = member.token) => {
      const response = await fetch(url(`/api/directory/compare?${query}`), { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, body: (await response.json()) as CompareResponse };
    };
    const { status, body } = await compare(`ids=${providers.austin.id},${providers.pending.id},${providers.portland.id}&zip=78701`);
    expect(status).toBe(200);
    expect(body.providers.map((provider) => provider._id)).toEqual([providers.austin.id, providers.portland.id]);
    expect(JSON.stringify(body)).not.toMatch(/AB1234563|npiNumber|email|licenseNumber/);

    for (const query of [`ids=${providers.austin.id}`, 'ids=a,b', `ids[$ne]=x`, `ids=${providers.austin.id},${providers.portland.id}&zip=7870`]) {
      expect({ query, status: (await compare(query)).status }).toEqual({ query, status: 400 });
    }
    const unpaid = (await apiSignupMember('Una Unpaid')).token;
    expect((await compare(`ids=${providers.austin.id},${providers.portland.id}`, unpaid)).status).toBe(403);
  });
});
