import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { E2E_ADMIN, SITE_URL, apiCall, apiLogin, apiPayingMember, apiSignupProvider, screenshot, storeSession, url } from '../support/browser';
import { useBrowser, usePagePerTest } from '../support/browser-per-file';

/**
 * "Near me" in the directory (issue 34) in Chromium against the running site: a member searches
 * near a ZIP code and within a radius, reads the distances nearest first, widens the radius and sees
 * the counts follow, opens a profile that says how far it is; the location button with the position
 * granted and refused; a ZIP code that is not 5 digits, and one the API does not know; the
 * results on a map.
 */
const chromium = useBrowser();
const tab = usePagePerTest(chromium);
/** The current test's page (tab.page), for the helpers below. */
let page: Page;
beforeEach(() => {
  page = tab.page;
});
let admin: string;
let member: Awaited<ReturnType<typeof apiPayingMember>>;
/** A town of this run's own: every search below is in it, so other journeys' providers never show up. */
const town = `Larchmere ${randomUUID().slice(0, 6)}`;
type Key = 'burlington' | 'winooski' | 'montpelier' | 'portland' | 'nowhere';
const providers = {} as Record<Key, { id: string; name: string }>;

async function listedProvider(key: Key, name: string, place: { state: string; zip: string }, specialties: string[]) {
  const provider = await apiSignupProvider(name, { city: town, ...place });
  await apiCall(`/provider-info/${provider.providerId}/qualifications`, provider.token, 'PUT', { specialties });
  await apiCall(`/admins/providers/${provider.providerId}/status`, admin, 'PUT', { status: 'approve' });
  providers[key] = { id: provider.providerId, name };
}

beforeAll(async () => {
  admin = (await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password)).token;
  member = await apiPayingMember('Nora Near');
  const suffix = randomUUID().slice(0, 4);
  // Burlington and Winooski (Vermont) about 2 miles apart, Montpelier about 35 miles away, Portland (Oregon) across the country.
  await listedProvider('burlington', `Dr. Ada Larch${suffix}`, { state: 'VT', zip: '05401' }, ['Nutrition']);
  await listedProvider('winooski', `Dr. Ben Larch${suffix}`, { state: 'VT', zip: '05404' }, ['Nutrition', 'Vision']);
  await listedProvider('montpelier', `Dr. Cleo Larch${suffix}`, { state: 'VT', zip: '05602' }, ['Nutrition']);
  await listedProvider('portland', `Dr. Dev Larch${suffix}`, { state: 'OR', zip: '97201' }, ['Nutrition']);
  // A practice ZIP that is no US ZIP code: no distance, so left out of every search near a place.
  await listedProvider('nowhere', `Dr. Eve Larch${suffix}`, { state: 'VT', zip: '00000' }, ['Nutrition']);
}, 120_000);

const results = () => page.getByRole('list', { name: 'Search results' });
const townSearch = `city=${encodeURIComponent(town)}`;
const zipField = () => page.getByRole('textbox', { name: 'ZIP code' });
const locationNote = () => page.getByRole('search').getByRole('status');
/** The names on the cards, in the order listed. */
const resultNames = async () => (await results().getByRole('heading', { level: 3 }).allTextContents()).map((name) => name.trim());
/** The distances on the cards, in miles, in the order listed. */
const resultMiles = async () => (await results().getByText(/ mi$/).allTextContents()).map((text) => Number(text.replace(/[^\d.]/g, '')));

describe('directory near a place', () => {
  it('searches near a ZIP code nearest first, widens the radius, opens a profile with its distance, and keeps the search through Back', async () => {
    await storeSession(tab.session.context, member.token, member.user);
    await page.goto(url(`/providers?${townSearch}`));
    await page.getByText('5 providers match your search').waitFor();

    await zipField().fill('05401');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('2 providers match within 25 miles of 05401').waitFor();
    expect(new URL(page.url()).searchParams.get('near')).toBe('05401');
    expect(new URL(page.url()).searchParams.get('radius')).toBe('25');
    expect(await resultNames()).toEqual([providers.burlington.name, providers.winooski.name]);
    const near = await resultMiles();
    expect(near[0]).toBe(0);
    expect(near[1]).toBeGreaterThan(0);
    expect(near[1]).toBeLessThan(5);
    await page.getByText('One more provider matches but has no known location, so it is not listed.').waitFor();
    expect(await page.getByLabel('Sort by').inputValue()).toBe('distance');
    expect(await page.getByRole('checkbox', { name: 'Nutrition (2)' }).count()).toBe(1);

    await page.getByLabel('Within').selectOption('50');
    await page.getByText('3 providers match within 50 miles of 05401').waitFor();
    expect(await resultNames()).toEqual([providers.burlington.name, providers.winooski.name, providers.montpelier.name]);
    const wider = await resultMiles();
    expect(wider).toEqual([...wider].sort((a, b) => a - b));
    expect(wider[2]).toBeGreaterThan(25);
    // The counts beside the choices follow the radius.
    await page.getByRole('checkbox', { name: 'Nutrition (3)' }).waitFor();
    await page.screenshot({ path: '/tmp/directory-near-05401.png', fullPage: true });
    await screenshot(page, 'directory-near-1280', true);

    await results()
      .getByRole('link', { name: `View ${providers.montpelier.name}'s profile` })
      .click();
    await page.getByRole('heading', { level: 1, name: providers.montpelier.name }).waitFor();
    expect(new URL(page.url()).searchParams.get('near')).toBe('05401');
    await page.getByText(`${wider[2]} mi away`).waitFor();

    await page.goBack();
    await page.getByText('3 providers match within 50 miles of 05401').waitFor();
    expect(await zipField().inputValue()).toBe('05401');
    expect(await page.getByLabel('Within').inputValue()).toBe('50');
    await page.goBack();
    await page.getByText('2 providers match within 25 miles of 05401').waitFor();
  });

  it('shows the page’s providers on the map when asked, markers and list staying when the tiles cannot load', async () => {
    await storeSession(tab.session.context, member.token, member.user);
    // The scripts the page downloads, and whether each holds Leaflet.
    const scripts: Promise<boolean>[] = [];
    page.on('response', (response) => {
      if (/\.js$/.test(response.url())) scripts.push(response.text().then((body) => body.includes('leaflet-container')));
    });
    const leafletLoaded = async () => (await Promise.all(scripts)).some(Boolean);
    await page.goto(url(`/providers?${townSearch}&near=05401&radius=50`));
    await page.getByText('3 providers match within 50 miles of 05401').waitFor();
    await page.waitForLoadState('networkidle');
    // Leaflet is not part of the directory's page until the map is asked for.
    expect(await leafletLoaded()).toBe(false);

    await page.getByRole('button', { name: 'Show map' }).click();
    const map = page.getByRole('region', { name: 'Map of this page’s providers' });
    // One marker per practice, named by its provider; the one with no known ZIP is not listed near a place at all.
    for (const key of ['burlington', 'winooski', 'montpelier'] as const) await map.getByRole('button', { name: providers[key].name }).waitFor();
    expect(await leafletLoaded()).toBe(true);
    // This machine has no internet: OpenStreetMap's tiles fail, the markers and the list stay.
    await page.getByText('The map’s background could not be loaded; the markers still show where the providers are.').waitFor();
    expect(await resultNames()).toEqual([providers.burlington.name, providers.winooski.name, providers.montpelier.name]);
    await page.screenshot({ path: '/tmp/directory-map-05401.png', fullPage: true });
    await screenshot(page, 'directory-map-1280', true);

    // The keyboard reaches a marker, and Enter opens the profile link it holds.
    await map.getByRole('button', { name: providers.montpelier.name }).focus();
    await page.keyboard.press('Enter');
    await map.getByRole('link', { name: providers.montpelier.name }).click();
    await page.getByRole('heading', { level: 1, name: providers.montpelier.name }).waitFor();
    expect(new URL(page.url()).searchParams.get('near')).toBe('05401');
    await page.getByText(/ mi away$/).waitFor();
  });

  it('catches a ZIP code that is not 5 digits, and shows beside the field one the API does not know', async () => {
    await storeSession(tab.session.context, member.token, member.user);
    await page.goto(url(`/providers?${townSearch}`));
    await page.getByText('5 providers match your search').waitFor();

    await zipField().fill('054');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('alert').getByText('Enter a 5-digit US ZIP code').waitFor();
    expect(new URL(page.url()).searchParams.get('near')).toBeNull();

    await zipField().fill('00000');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('alert').getByText('We do not know that ZIP code: check it, or try one nearby').waitFor();
    expect(await zipField().getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('heading', { name: 'Check the ZIP code' }).waitFor();
  });

  it('searches near the position the browser shares, rounded to 2 decimals, and back near a ZIP code', async () => {
    await storeSession(tab.session.context, member.token, member.user);
    await tab.session.context.grantPermissions(['geolocation'], { origin: SITE_URL });
    // Church Street, Burlington.
    await tab.session.context.setGeolocation({ latitude: 44.47812, longitude: -73.21234 });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/directory/providers')) sent.push(request.url());
    });
    await page.goto(url(`/providers?${townSearch}`));
    await page.getByText('5 providers match your search').waitFor();

    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByText('2 providers match within 25 miles of your location').waitFor();
    const address = new URL(page.url()).searchParams;
    expect([address.get('lat'), address.get('lng')]).toEqual(['44.48', '-73.21']);
    expect(sent.at(-1)).toContain('lat=44.48&lng=-73.21');
    expect(sent.some((request) => request.includes('44.478'))).toBe(false);
    expect(await resultNames()).toEqual([providers.burlington.name, providers.winooski.name]);
    await page.getByText('Your location', { exact: true }).waitFor();
    // Nothing of the position is kept in the browser.
    expect(JSON.stringify(await tab.session.context.storageState())).not.toContain('44.48');

    await page.getByRole('button', { name: 'Use a ZIP code instead' }).click();
    await page.getByText('5 providers match your search').waitFor();
    expect(await zipField().evaluate((field) => field === document.activeElement)).toBe(true);
  });

  it('says so when the browser does not share the position, and leaves the ZIP field to use', async () => {
    await storeSession(tab.session.context, member.token, member.user);
    await page.goto(url(`/providers?${townSearch}`));
    await page.getByText('5 providers match your search').waitFor();
    // Headless Chromium refuses a position nobody granted.
    await page.getByRole('button', { name: 'Use my location' }).click();
    await locationNote().getByText('Your browser did not share your location. Enter a ZIP code instead.').waitFor();
    expect(new URL(page.url()).searchParams.get('lat')).toBeNull();
    await zipField().fill('05602');
    await page.keyboard.press('Enter');
    await page.getByText('1 provider matches within 25 miles of 05602').waitFor();
    expect(await resultNames()).toEqual([providers.montpelier.name]);
  });
});
