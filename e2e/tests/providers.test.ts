import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { eventually, listEmails, metricsAt, waitForEmailsTo, waitForOutboxDrained, waitForDeliveriesDone } from '@altmed/local-stack/src/testing';
import { E2E_ADMIN, apiLogin, apiSignupMember, apiSignupProvider, newNpiNumber, screenshot, storeSession, url } from '../support/browser';
import { page, useBrowser, usePagePerTest } from '../support/browser-per-file';

/**
 * The provider portal and dashboard in Chromium against the running site (SPEC §2, §5, §8): three
 * steps with real JPEG and PNG files through S3, the emails, the refusals, and the dashboard's edits.
 */
const tab = usePagePerTest(useBrowser());
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'altmed-e2e-images-'));
const file = (name: string) => path.join(files, name);

beforeAll(async () => {
  // A headshot JPEG that carries a GPS position, a gallery PNG, a text file named .png, and a 6 MB image.
  await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1' } })
    .toFile(file('headshot.jpg'));
  await sharp({ create: { width: 700, height: 525, channels: 3, background: { r: 200, g: 180, b: 140 } } })
    .png()
    .toFile(file('gallery.png'));
  fs.writeFileSync(file('notes.png'), 'These are notes, not a picture.');
  fs.writeFileSync(file('huge.jpg'), Buffer.alloc(6 * 1024 * 1024, 1));
});
afterAll(() => {
  fs.rmSync(files, { recursive: true, force: true });
});

/** The services themselves (their /metrics), beside the site: `npm test` gives their URLs; the developer's site has them on its default ports. */
const providersService = metricsAt(process.env.PROVIDERS_URL ?? 'http://127.0.0.1:4002');
const notifyService = metricsAt(process.env.NOTIFY_URL ?? 'http://127.0.0.1:4004');
const REGISTERED_QUEUE = 'notify.provider-registered.v1';
/** provider.registered published by svc-providers and settled by svc-notify so far (each process counts from its own start). */
const registrations = async () => ({
  published: await providersService.metrics.eventsPublished('provider.registered'),
  settled: await notifyService.metrics.deliveries(REGISTERED_QUEUE, 'provider.registered'),
});

const field = (label: string) => page.getByLabel(label, { exact: true });
const visible = (text: string, { partial = false } = {}) => page.getByText(text, { exact: !partial }).first().waitFor();

async function fillStep1(values: { providerName: string; email: string; npiNumber: string }) {
  await field('Name of Practice').fill(`${values.providerName} Wellness`);
  await field('Provider/Practitioner Name').fill(values.providerName);
  await field('Email').fill(values.email);
  await field('Password').fill('portal-secret');
  await field('Confirm Password').fill('portal-secret');
  await field('NPI Number').fill(values.npiNumber);
  await field('Address').fill('12 Willow Lane');
  await field('City').fill('Portland');
  await field('State').selectOption('OR');
  await field('ZIP').fill('97201');
}

async function stepThreeFiles(headshot: string, gallery: string) {
  const inputs = page.locator('input[type="file"]');
  await inputs.nth(0).setInputFiles(file(headshot));
  await inputs.nth(1).setInputFiles(file(gallery));
}

describe('provider portal', () => {
  it('shows each step-1 rule live, refuses a wrong NPI check digit, and blocks an invalid submit', async () => {
    await page.goto(url('/provider-portal'));
    await field('NPI Number').fill('12ab34');
    expect(await field('NPI Number').inputValue()).toBe('1234');
    await visible('Invalid NPI Number. It must be 10 digits.');
    await field('NPI Number').fill('1234567890');
    await visible('Invalid NPI Number. Please check the number: its last digit does not match.');
    await field('Email').fill('not-an-email');
    await visible('Invalid email address.');
    await field('Password').fill('12345');
    await visible('Password must be at least 6 characters long.');
    await field('Confirm Password').fill('123456');
    await visible('Passwords do not match.');
    await field('Name of Practice').fill('x');
    await field('Name of Practice').fill('');
    await visible('This field is required.');
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(new URL(page.url()).pathname).toBe('/provider-portal');
    await screenshot(page, 'portal-step1-errors');
  });

  it('takes a new provider through the three steps with real images; both emails arrive once and the stored image has no GPS data', async () => {
    const providerName = `Dr. Portal ${randomUUID().slice(0, 6)}`;
    const email = `portal.${randomUUID().slice(0, 8)}@example.com`;
    const before = await registrations();
    await page.goto(url('/provider-portal'));
    await fillStep1({ providerName, email, npiNumber: newNpiNumber() });
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 2: the first entry of a list cannot be removed; a licence row shows its numbers once a state is chosen.
    await page.getByRole('heading', { name: 'Type of Medicine' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/qualifications');
    await page.getByLabel('Board certification 1').fill('Naturopathic Medicine');
    await page.getByRole('button', { name: 'Add certification' }).click();
    await page.getByLabel('Board certification 2', { exact: true }).fill('to be removed');
    expect(await page.getByRole('button', { name: 'Remove Board certification 1' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Remove Board certification 2' }).click();
    await page.getByLabel('Education 1').fill('National University of Natural Medicine, ND');
    expect(await page.getByLabel('License 1 DEA number').count()).toBe(0);
    await page.getByLabel('License 1 state').selectOption('OR');
    await page.getByLabel('License 1 DEA number').fill('AB1234568');
    await page.getByLabel('License 1 license number').fill('ND-4411');
    await page.getByRole('checkbox', { name: 'Nutrition' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').getByText('Invalid DEA Number. Please check the number: its last digit does not match.').waitFor();
    await page.getByLabel('License 1 DEA number').fill('AB1234563');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 3: a text file named .png is refused by the server, a 6 MB image by the page; real images go through.
    await page.getByText('Upload Headshot').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile-content');
    await page.locator('input[type="file"]').nth(0).setInputFiles(file('huge.jpg'));
    await visible('Images must be at most 5 MB.');
    await stepThreeFiles('notes.png', 'gallery.png');
    await page.getByLabel('Practice Description').fill('Gentle, evidence-informed naturopathic care for the whole family.');
    await visible('65/1000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await visible('Upload failed: Images were not properly saved to provider record. Please try again.');
    expect(new URL(page.url()).pathname).toBe('/profile-content');

    await stepThreeFiles('headshot.jpg', 'gallery.png');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: "You've completed the Provider Details form!" }).waitFor();
    await visible('Profile content uploaded successfully!');
    await screenshot(page, 'portal-completion');
    expect(await page.evaluate(() => localStorage.getItem('providerId'))).toBeNull();

    // The welcome email to the provider and the notification to the team, once each.
    await waitForEmailsTo(email, 1, 30_000);
    const notification = `New provider sign-up: ${providerName}`;
    await eventually(async () => (await listEmails()).some((sent) => sent.subject === notification), 30_000, 'Expected the team notification');
    // The portal's own email calls were answered before it showed the completion; the event's
    // emails are sent once svc-notify has settled every provider.registered published since the start.
    await waitForOutboxDrained(providersService);
    const published = (await providersService.metrics.eventsPublished('provider.registered')) - before.published;
    await waitForDeliveriesDone(notifyService, REGISTERED_QUEUE, 'provider.registered', before.settled + published, 30_000);
    const inbox = await listEmails();
    expect(inbox.filter((sent) => sent.to.some((to) => to.address === email))).toHaveLength(1);
    expect(inbox.filter((sent) => sent.subject === notification).map((sent) => sent.to.map((to) => to.address))).toEqual([[E2E_ADMIN.email]]);

    // The stored headshot is a re-encoded JPEG without EXIF (no GPS position).
    const { token, providerId } = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      providerId: (JSON.parse(localStorage.getItem('user') ?? '{}') as { providerId?: string }).providerId,
    }));
    const record = await fetch(url(`/api/provider-info/${providerId}`), { headers: { authorization: `Bearer ${token}` } });
    const { provider } = (await record.json()) as { provider: { headshotUrl: string; profileComplete: boolean } };
    expect(provider.profileComplete).toBe(true);
    const image = await fetch(provider.headshotUrl);
    expect(image.ok).toBe(true);
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
  });

  it('puts a duplicate email and a duplicate NPI number under their fields, and offers to log in', async () => {
    const existing = await apiSignupProvider('Dr. Already Here');
    await page.goto(url('/provider-portal'));
    await fillStep1({ providerName: 'Dr. Second Try', email: existing.step1.email, npiNumber: existing.step1.npiNumber });
    await page.getByRole('button', { name: 'Continue' }).click();
    await visible('This email address is already registered. Please use a different email.');
    await visible('This NPI Number is already registered. Please verify your NPI Number.');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('dialog', { name: 'Log In' }).waitFor();
    await screenshot(page, 'portal-duplicates');
  });
});

/** Uploads a file as the provider does (signature, then a POST straight to S3); answers its key. */
async function apiUpload(token: string, name: string, type: 'image/jpeg' | 'image/png'): Promise<string> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const signature = await fetch(url('/api/signature'), { method: 'POST', headers, body: JSON.stringify({ fileName: name, fileType: type }) });
  const { presignedUrl, fields, key } = (await signature.json()) as { presignedUrl: string; fields: Record<string, string>; key: string };
  const form = new FormData();
  Object.entries(fields).forEach(([field, value]) => form.append(field, value));
  form.append('file', new Blob([fs.readFileSync(file(name))], { type }), name);
  const stored = await fetch(presignedUrl, { method: 'POST', body: form });
  if (!stored.ok) throw new Error(`S3 answered ${stored.status}`);
  return key;
}

/** A provider that has done all three steps through the API. */
async function apiCompletedProvider(providerName: string) {
  const provider = await apiSignupProvider(providerName);
  const [headshotUrl, galleryUrl] = await Promise.all([
    apiUpload(provider.token, 'headshot.jpg', 'image/jpeg'),
    apiUpload(provider.token, 'gallery.png', 'image/png'),
  ]);
  const saved = await fetch(url(`/api/provider-info/${provider.providerId}/images`), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${provider.token}` },
    body: JSON.stringify({ headshotUrl, galleryUrl, practiceDescription: 'Care for body and mind.' }),
  });
  if (!saved.ok) throw new Error(`step 3 answered ${saved.status}: ${await saved.text()}`);
  return provider;
}

describe('provider dashboard', () => {
  it('a provider logs in and edits and saves each section', async () => {
    const provider = await apiCompletedProvider('Dr. Dashboard');
    await page.goto(url('/'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await dialog.getByLabel('Email').fill(provider.step1.email);
    await dialog.getByLabel('Password').fill(provider.step1.password);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Dr. Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/provider/profile');

    const section = (name: string) => page.getByRole('region', { name });
    const saveAndSee = async (name: string, expected: string) => {
      await section(name).getByRole('button', { name: 'Save Changes' }).click();
      await visible('Changes saved successfully!');
      await section(name).getByText(expected).first().waitFor();
    };

    await section('Basic Information').getByRole('button', { name: 'Edit Basic Information' }).click();
    await section('Basic Information').getByLabel('Name of Practice', { exact: true }).fill('Dashboard Healing Arts');
    await section('Basic Information').getByLabel('Phone Number').fill('503-555-0142');
    await saveAndSee('Basic Information', 'Dashboard Healing Arts');

    await section('Practice Description').getByRole('button', { name: 'Edit Practice Description' }).click();
    await section('Practice Description').getByLabel('Practice Description').fill('Acupuncture and herbal medicine in a quiet studio.');
    await saveAndSee('Practice Description', 'Acupuncture and herbal medicine in a quiet studio.');

    await section('Qualifications').getByRole('button', { name: 'Edit Qualifications' }).click();
    await section('Qualifications').getByLabel('Board certification 1').fill('Acupuncture');
    await section('Qualifications').getByRole('checkbox', { name: "Women's Health" }).check();
    await saveAndSee('Qualifications', "Women's Health");

    // Cancel discards.
    await section('Practice Description').getByRole('button', { name: 'Edit Practice Description' }).click();
    await section('Practice Description').getByLabel('Practice Description').fill('Not kept');
    await section('Practice Description').getByRole('button', { name: 'Cancel' }).click();
    await section('Practice Description').getByText('Acupuncture and herbal medicine in a quiet studio.').waitFor();

    await section('Profile Images').getByRole('button', { name: 'Edit Profile Images' }).click();
    await section('Profile Images').locator('input[type="file"]').nth(0).setInputFiles(file('headshot.jpg'));
    await section('Profile Images').getByRole('button', { name: 'Save Changes' }).click();
    await visible('Changes saved successfully!');
    await section('Profile Images').getByRole('img', { name: 'Headshot' }).waitFor();
    await screenshot(page, 'dashboard-saved', true);

    // What the page saved is what the server holds.
    const record = await fetch(url(`/api/provider-info/${provider.providerId}`), { headers: { authorization: `Bearer ${provider.token}` } });
    expect(((await record.json()) as { provider: Record<string, unknown> }).provider).toMatchObject({
      practiceName: 'Dashboard Healing Arts',
      phone: '503-555-0142',
      practiceDescription: 'Acupuncture and herbal medicine in a quiet studio.',
      boardCertifications: ['Acupuncture'],
      specialties: ["Women's Health"],
    });
  });

  it('shows a blocked provider that the profile is not public, rather than an error', async () => {
    const provider = await apiSignupProvider('Dr. Blocked');
    const admin = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    const blocked = await fetch(url(`/api/admins/providers/${provider.providerId}/status`), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ status: 'block' }),
    });
    expect(blocked.status).toBe(200);
    await storeSession(tab.session.context, provider.token, provider.user);
    await page.goto(url('/provider/profile'));
    await page.getByText(/Your profile is not public: our team has blocked it\./).waitFor();
    expect(await page.getByText('Failed to load your profile information.').count()).toBe(0);
  });
});

describe('the provider profile members see', () => {
  it('shows an approved provider in full, with the reviews dialog, and "Provider Not Found" for a pending one', async () => {
    const [approved, pending, member, admin] = await Promise.all([
      apiCompletedProvider('Dr. Approved Profile'),
      apiCompletedProvider('Dr. Pending Profile'),
      apiSignupMember('Profile Member'),
      apiLogin(E2E_ADMIN.email, E2E_ADMIN.password),
    ]);
    const licence = await fetch(url(`/api/provider-info/${approved.providerId}/qualifications`), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${approved.token}` },
      body: JSON.stringify({
        specialties: ['Nutrition'],
        boardCertifications: ['Naturopathy'],
        stateLicenses: [{ state: 'TX', deaNumber: 'AB1234563', licenseNumber: 'TX-77' }],
      }),
    });
    expect(licence.status).toBe(200);
    const approval = await fetch(url(`/api/admins/providers/${approved.providerId}/status`), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ status: 'approve' }),
    });
    expect(approval.status).toBe(200);
    await storeSession(tab.session.context, member.token, member.user);

    await page.goto(url(`/provider-profile/${approved.providerId}`));
    await page.getByRole('heading', { level: 1, name: 'Dr. Approved Profile' }).waitFor();
    await page.getByText(/^Verified on /).waitFor();
    await visible('Care for body and mind.');
    await visible('Naturopathy');
    await visible('TX-77', { partial: true });
    expect(await page.getByText('AB1234563').count()).toBe(0);
    // Both hero images load from storage.
    const heroImages = page.locator('main img[src^="http"]');
    await eventually(async () => (await heroImages.count()) === 2, 10_000, 'Expected the headshot and the gallery image');
    for (const image of await heroImages.all()) {
      await eventually(
        () => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth > 0),
        10_000,
        'Expected the image to load',
      );
    }
    await page.getByRole('button', { name: 'Read All Reviews' }).click();
    const reviews = page.getByRole('dialog', { name: 'Patient Reviews' });
    await reviews.getByText('No reviews yet.').waitFor();
    await screenshot(page, 'profile-approved', true);

    await page.goto(url(`/provider-profile/${pending.providerId}`));
    await page.getByRole('heading', { name: 'Provider Not Found' }).waitFor();
  });
});

describe('provider records through the API', () => {
  it('refuses calls without a token and changes to another provider’s record', async () => {
    const [mine, theirs] = await Promise.all([apiSignupProvider('Dr. Mine'), apiSignupProvider('Dr. Theirs')]);
    const put = (id: string, token: string | null, rest = '', body: unknown = { practiceDescription: 'Taken over' }) =>
      fetch(url(`/api/provider-info/${id}${rest}`), {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    expect((await put(theirs.providerId, null, '/images')).status).toBe(401);
    expect((await put(theirs.providerId, mine.token, '/images')).status).toBe(403);
    expect((await put(theirs.providerId, mine.token, '/qualifications', { specialties: ['Vision'] })).status).toBe(403);
    expect(
      (await put(theirs.providerId, mine.token, '', { ...theirs.step1, password: undefined, confirmPassword: undefined, practiceName: 'Taken' })).status,
    ).toBe(403);
    expect((await fetch(url(`/api/provider-info/${theirs.providerId}`))).status).toBe(401);
    const signature = await fetch(url('/api/signature'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'a.png', fileType: 'image/png' }),
    });
    expect(signature.status).toBe(401);
    const record = await fetch(url(`/api/provider-info/${theirs.providerId}`), { headers: { authorization: `Bearer ${theirs.token}` } });
    expect(((await record.json()) as { provider: { practiceName: string; practiceDescription?: string } }).provider).toMatchObject({
      practiceName: theirs.step1.practiceName,
    });
  });
});
