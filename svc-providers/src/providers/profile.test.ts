import { randomUUID } from 'node:crypto';
import { connect, type ChannelModel } from 'amqplib';
import sharp from 'sharp';
import request from 'supertest';
import type { Provider, ReviewsResponse } from '@altmed/contracts';
import { eventually, withDatabase, testEventsExchange } from '@altmed/local-stack/src/testing';
import { greatCircleMiles } from '../test/great-circle';
import { adminToken, jpegImage, logIn, memberToken, pngImage, signUpProvider, startTestProviders, upload, type TestProviders } from '../test/test-service';

let site: TestProviders;
let member: string;
let broker: ChannelModel;
beforeAll(async () => {
  site = await startTestProviders();
  // A consumer's queue for provider.registered, so the relay publishes and pops it (the broker refuses unrouted events).
  broker = await connect(process.env.AMQP_URL!);
  const channel = await broker.createChannel();
  await channel.assertExchange(testEventsExchange(), 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(queue, testEventsExchange(), 'provider.registered');
  member = await memberToken(site.identity.url);
}, 60_000);
afterAll(async () => {
  await broker.close();
  await site.stopAll();
});

const api = () => request(site.url);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const providerOf = (response: { body: unknown }) => (response.body as { provider: Provider }).provider;
const setFlags = (providerId: string, flags: Record<string, unknown>) =>
  withDatabase(site.database, (db) => db.collection('providers').updateOne({ _id: providerId as never }, { $set: flags }));

const qualifications = {
  specialties: ['Nutrition', 'Functional Medicine'],
  boardCertifications: ['Naturopathic Medicine', ''],
  hospitalAffiliations: ['Attending, Austin General'],
  educationAndTraining: ['Bastyr University, ND'],
  stateLicenses: [
    { state: 'TX', deaNumber: 'ab1234563', licenseNumber: 'TX-100' },
    { state: '', deaNumber: '', licenseNumber: '' },
  ],
};

/** Steps 1 to 3 through the API, with real images; answers the provider's id and token. */
async function completeProvider() {
  const signup = await signUpProvider(site.url);
  await api().put(`/provider-info/${signup.providerId}/qualifications`).set(bearer(signup.token)).send(qualifications).expect(200);
  const headshotUrl = await upload(site.url, signup.token, await jpegImage({ gps: true }), 'me.jpg', 'image/jpeg');
  const galleryUrl = await upload(site.url, signup.token, await pngImage(), 'office.png', 'image/png');
  const saved = await api()
    .put(`/provider-info/${signup.providerId}/images`)
    .set(bearer(signup.token))
    .send({ headshotUrl, galleryUrl, practiceDescription: '  Whole-person care in Austin.  ' })
    .expect(200);
  // FerretDB's updates of one document are not atomic against each other: a test's own write of the
  // status flags waits until the relay is done with the provider.registered event (see docs/decisions.md).
  await eventually(() =>
    withDatabase(site.database, async (db) => {
      const provider = await db.collection('providers').findOne({ _id: signup.providerId as never });
      return provider !== null && ((provider.outbox as unknown[] | undefined)?.length ?? 0) === 0;
    }),
  );
  return { ...signup, provider: providerOf(saved), uploads: { headshotUrl, galleryUrl } };
}

async function fetchImage(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('steps 2 and 3', () => {
  it('saves qualifications, then the checked, re-encoded images and the description, and the profile is complete', async () => {
    const { providerId, token, provider } = await completeProvider();
    expect(provider).toMatchObject({
      specialties: ['Nutrition', 'Functional Medicine'],
      boardCertifications: ['Naturopathic Medicine'],
      stateLicenses: [{ state: 'TX', deaNumber: 'AB1234563', licenseNumber: 'TX-100' }],
      practiceDescription: 'Whole-person care in Austin.',
      profileComplete: true,
      status: 'pending',
    });
    const own = providerOf(await api().get(`/provider-info/${providerId}`).set(bearer(token)).expect(200));
    for (const url of [own.headshotUrl, own.galleryUrl, own.headshotThumbnailUrl, own.galleryThumbnailUrl]) {
      const image = await fetchImage(url!);
      expect((await sharp(image).metadata()).format).toBe('jpeg');
    }
    const thumbnail = await sharp(await fetchImage(own.headshotThumbnailUrl!)).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([160, 160]);
  });

  it('stores the image without its EXIF data (no GPS position)', async () => {
    const original = await jpegImage({ gps: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { providerId, token } = await completeProvider();
    const own = providerOf(await api().get(`/provider-info/${providerId}`).set(bearer(token)).expect(200));
    const stored = await sharp(await fetchImage(own.headshotUrl!)).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.format).toBe('jpeg');
  });

  it('removes the uploads once they are processed, and keeps no object named after the file', async () => {
    const { uploads } = await completeProvider();
    expect(uploads.headshotUrl).toMatch(/^uploads\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.jpg$/);
    expect(uploads.headshotUrl).not.toContain('me.jpg');
    const endpoint = process.env.S3_ENDPOINT ?? 'http://127.0.0.1:4569';
    expect((await fetch(`${endpoint}/provider-uploads/${uploads.headshotUrl}`)).status).toBe(404);
  });

  it('lets the dashboard keep an image by sending back its URL, and replace the other, whose old files are removed', async () => {
    const { providerId, token } = await completeProvider();
    const before = providerOf(await api().get(`/provider-info/${providerId}`).set(bearer(token)).expect(200));
    const newGallery = await upload(site.url, token, await jpegImage({ width: 800, height: 600 }), 'new-office.jpg', 'image/jpeg');
    const after = providerOf(
      await api()
        .put(`/provider-info/${providerId}/images`)
        .set(bearer(token))
        .send({ headshotUrl: before.headshotUrl, galleryUrl: newGallery, practiceDescription: 'Now with a new office.' })
        .expect(200),
    );
    const keyOf = (url: string | undefined) => new URL(url!).pathname;
    expect(keyOf(after.headshotUrl)).toBe(keyOf(before.headshotUrl));
    expect(keyOf(after.galleryUrl)).not.toBe(keyOf(before.galleryUrl));
    expect(after.practiceDescription).toBe('Now with a new office.');
    expect((await fetch(before.galleryUrl!)).status).toBe(404);
    expect((await fetch(after.galleryUrl!)).status).toBe(200);
  });

  it('refuses a text file renamed .png, and deletes it', async () => {
    const { providerId, token } = await signUpProvider(site.url);
    const fake = await upload(site.url, token, Buffer.from('just some text, not an image at all'), 'photo.png', 'image/png');
    const gallery = await upload(site.url, token, await jpegImage(), 'office.jpg', 'image/jpeg');
    const response = await api()
      .put(`/provider-info/${providerId}/images`)
      .set(bearer(token))
      .send({ headshotUrl: fake, galleryUrl: gallery, practiceDescription: 'Care.' })
      .expect(400);
    expect(response.body).toEqual({ message: 'Images were not properly saved to provider record' });
    const endpoint = process.env.S3_ENDPOINT ?? 'http://127.0.0.1:4569';
    expect((await fetch(`${endpoint}/provider-uploads/${fake}`)).status).toBe(404);
    const own = providerOf(await api().get(`/provider-info/${providerId}`).set(bearer(token)).expect(200));
    expect(own.headshotUrl).toBeUndefined();
    expect(own.profileComplete).toBe(false);
  });

  it('refuses a 6 MB image', async () => {
    const { providerId, token } = await signUpProvider(site.url);
    // Random pixels barely compress: a 6 MB PNG.
    const noise = await sharp(randomBytesImage(1500, 1400), { raw: { width: 1500, height: 1400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(6 * 1024 * 1024 - 200_000);
    const big = await upload(site.url, token, noise, 'big.png', 'image/png');
    const gallery = await upload(site.url, token, await jpegImage(), 'office.jpg', 'image/jpeg');
    await api()
      .put(`/provider-info/${providerId}/images`)
      .set(bearer(token))
      .send({ headshotUrl: big, galleryUrl: gallery, practiceDescription: 'Care.' })
      .expect(400, { message: 'Images were not properly saved to provider record' });
  });

  it('refuses an upload key of another provider, and a key it never handed out', async () => {
    const other = await signUpProvider(site.url);
    const theirs = await upload(site.url, other.token, await jpegImage(), 'a.jpg', 'image/jpeg');
    const { providerId, token } = await signUpProvider(site.url);
    for (const headshotUrl of [theirs, `uploads/${providerId}/../../etc/passwd`, `uploads/${providerId}/${randomUUID()}.jpg`]) {
      await api()
        .put(`/provider-info/${providerId}/images`)
        .set(bearer(token))
        .send({ headshotUrl, galleryUrl: headshotUrl, practiceDescription: 'Care.' })
        .expect(400, { message: 'Images were not properly saved to provider record' });
    }
  });

  it('asks for both images and a description before the profile is complete', async () => {
    const { providerId, token } = await signUpProvider(site.url);
    const headshotUrl = await upload(site.url, token, await jpegImage(), 'me.jpg', 'image/jpeg');
    await api()
      .put(`/provider-info/${providerId}/images`)
      .set(bearer(token))
      .send({ headshotUrl, practiceDescription: 'Care.' })
      .expect(400, { message: 'Please upload both headshot and gallery images before continuing.' });
    const galleryUrl = await upload(site.url, token, await jpegImage(), 'office.jpg', 'image/jpeg');
    await api()
      .put(`/provider-info/${providerId}/images`)
      .set(bearer(token))
      .send({ headshotUrl, galleryUrl, practiceDescription: '   ' })
      .expect(400, { message: 'Practice description is required', errors: { practiceDescription: 'Practice description is required' } });
  });

  it('signs uploads for JPEG and PNG only, with a key of its own', async () => {
    const { providerId, token } = await signUpProvider(site.url);
    const signature = await api().post('/signature').set(bearer(token)).send({ fileName: '../../evil name.PNG', fileType: 'image/png' }).expect(200);
    expect(signature.body).toMatchObject({ method: 'POST', maxBytes: 5 * 1024 * 1024, fields: { 'Content-Type': 'image/png' } });
    expect((signature.body as { key: string }).key).toMatch(new RegExp(`^uploads/${providerId}/[0-9a-f-]{36}\\.png$`));
    for (const body of [
      { fileName: 'notes.txt', fileType: 'image/png' },
      { fileName: 'photo.gif', fileType: 'image/gif' },
      { fileName: 'script.svg', fileType: 'image/svg+xml' },
    ]) {
      await api().post('/signature').set(bearer(token)).send(body).expect(400, { message: 'Only JPG/PNG image files are allowed for this field.' });
    }
    await api().post('/signature').send({ fileName: 'a.jpg', fileType: 'image/jpeg' }).expect(401);
  });

  it('refuses a wrong DEA check digit and incomplete licence rows under their fields', async () => {
    const { providerId, token } = await signUpProvider(site.url);
    const wrongDea = await api()
      .put(`/provider-info/${providerId}/qualifications`)
      .set(bearer(token))
      .send({ stateLicenses: [{ state: 'TX', deaNumber: 'AB1234560', licenseNumber: 'TX-1' }] })
      .expect(400);
    expect(wrongDea.body).toEqual({
      message: 'Invalid DEA Number. Please check the number: its last digit does not match.',
      errors: { 'stateLicenses.0': 'Invalid DEA Number. Please check the number: its last digit does not match.' },
    });
    await api()
      .put(`/provider-info/${providerId}/qualifications`)
      .set(bearer(token))
      .send({ stateLicenses: [{ state: 'TX', licenseNumber: 'TX-1' }] })
      .expect(400);
  });
});

describe('who may change a record', () => {
  it('refuses calls without a token', async () => {
    const { providerId } = await signUpProvider(site.url);
    await api().put(`/provider-info/${providerId}/qualifications`).send(qualifications).expect(401);
    await api().put(`/provider-info/${providerId}/images`).send({ practiceDescription: 'x' }).expect(401);
    await api().get(`/provider-info/${providerId}`).expect(401);
    await api().get(`/provider-info/${providerId}/reviews`).expect(401);
  });

  it("refuses one provider changing another's record, and a member changing any", async () => {
    const victim = await signUpProvider(site.url);
    const attacker = await signUpProvider(site.url);
    for (const token of [attacker.token, member]) {
      await api().put(`/provider-info/${victim.providerId}/qualifications`).set(bearer(token)).send(qualifications).expect(403);
      await api()
        .put(`/provider-info/${victim.providerId}`)
        .set(bearer(token))
        .send({ ...victim.body, password: undefined, confirmPassword: undefined, city: 'Elsewhere' })
        .expect(403);
      await api().put(`/provider-info/${victim.providerId}/images`).set(bearer(token)).send({ practiceDescription: 'Hacked' }).expect(403);
    }
    const own = providerOf(await api().get(`/provider-info/${victim.providerId}`).set(bearer(victim.token)).expect(200));
    expect(own.city).toBe('Austin');
    expect(own.practiceDescription).toBeUndefined();
  });

  it('lets the provider change its basic information, and its login follows a new email', async () => {
    const { providerId, token, body, password } = await signUpProvider(site.url);
    const email = `moved.${randomUUID().slice(0, 8)}@example.com`;
    const { password: _p, confirmPassword: _c, ...basic } = body;
    const saved = await api()
      .put(`/provider-info/${providerId}`)
      .set(bearer(token))
      .send({ ...basic, email, city: 'Dallas', phone: '512-555-0100' })
      .expect(200);
    expect(providerOf(saved)).toMatchObject({ email, city: 'Dallas', phone: '512-555-0100' });
    await logIn(site.identity.url, email, password);
    const other = await signUpProvider(site.url);
    const taken = await api()
      .put(`/provider-info/${providerId}`)
      .set(bearer(token))
      .send({ ...basic, email: other.email })
      .expect(400);
    expect(taken.body).toEqual({ message: 'Email already exists', errors: { email: 'This email address is already registered. Please log in instead.' } });
  });
});

describe('who sees a profile', () => {
  it('hides a pending provider from members ("Provider Not Found"), and shows it to itself and admins', async () => {
    const { providerId, token } = await completeProvider();
    await api().get(`/provider-info/${providerId}`).set(bearer(member)).expect(404, { message: 'Provider Not Found' });
    await api().get(`/provider-info/${providerId}/reviews`).set(bearer(member)).expect(404, { message: 'Provider Not Found' });
    await api().get(`/provider-info/${providerId}`).set(bearer(token)).expect(200);
    const asAdmin = providerOf(
      await api()
        .get(`/provider-info/${providerId}`)
        .set(bearer(await adminToken(site.identity.url)))
        .expect(200),
    );
    expect(asAdmin.email).toBeDefined();
    expect(asAdmin.stateLicenses?.[0]?.deaNumber).toBe('AB1234563');
  });

  it('shows an approved provider to members without its email and DEA numbers', async () => {
    const { providerId, token } = await completeProvider();
    await setFlags(providerId, { isApproved: true });
    const seen = providerOf(await api().get(`/provider-info/${providerId}`).set(bearer(member)).expect(200));
    expect(seen).toMatchObject({
      _id: providerId,
      status: 'approved',
      npiNumber: expect.any(String) as string,
      stateLicenses: [{ state: 'TX', licenseNumber: 'TX-100' }],
    });
    expect(seen.email).toBeUndefined();
    expect(JSON.stringify(seen)).not.toContain('AB1234563');
    expect(seen.headshotUrl).toMatch(/^http/);
    const own = providerOf(await api().get(`/provider-info/${providerId}`).set(bearer(token)).expect(200));
    expect(own.stateLicenses?.[0]?.deaNumber).toBe('AB1234563');
  });

  it('tells a member opening it from a search near a place how far the practice is, and nothing without a place', async () => {
    const { providerId } = await completeProvider();
    await setFlags(providerId, { isApproved: true });
    const profile = (query: string) => api().get(`/provider-info/${providerId}${query}`).set(bearer(member));
    // The practice is in 78701 (downtown Austin).
    expect((await profile('?near=78704').expect(200)).body).toMatchObject({ distanceMiles: greatCircleMiles('78704', '78701') });
    expect((await profile('?near=75201').expect(200)).body).toMatchObject({ distanceMiles: greatCircleMiles('75201', '78701') });
    const position = { latitude: 30.27, longitude: -97.74 };
    expect((await profile('?lat=30.27&lng=-97.74').expect(200)).body).toMatchObject({ distanceMiles: greatCircleMiles(position, '78701') });
    expect((await profile('').expect(200)).body).not.toHaveProperty('distanceMiles');
    await setFlags(providerId, { zip: '0000' });
    expect((await profile('?near=78704').expect(200)).body).not.toHaveProperty('distanceMiles');
    expect((await profile('?near=00000').expect(400)).body).toEqual({ message: 'We do not know that ZIP code: check it, or try one nearby' });
    expect((await profile('?near=787').expect(400)).body).toEqual({ message: 'Enter a 5-digit US ZIP code' });
    expect((await profile('?radius=25').expect(400)).body).toEqual({ message: 'Unknown field: radius' });
  });

  it('lets a blocked provider log in and see its record, status and reason; members do not find it', async () => {
    const { providerId, email, password } = await completeProvider();
    await setFlags(providerId, { isApproved: true, isActive: false, blockedReason: 'Licence could not be verified' });
    const token = await logIn(site.identity.url, email, password);
    const own = providerOf(await api().get(`/provider-info/${providerId}`).set(bearer(token)).expect(200));
    expect(own).toMatchObject({ status: 'blocked', isActive: false, blockedReason: 'Licence could not be verified' });
    await api().get(`/provider-info/${providerId}`).set(bearer(member)).expect(404, { message: 'Provider Not Found' });
  });

  it('says when the provider was verified: the latest approval, and only while it is approved', async () => {
    const { providerId, token } = await signUpProvider(site.url);
    const admin = await adminToken(site.identity.url);
    const setStatus = (status: string) => api().put(`/admins/providers/${providerId}/status`).set(bearer(admin)).send({ status }).expect(200);
    const seenBy = async (viewer: string) => providerOf(await api().get(`/provider-info/${providerId}`).set(bearer(viewer)).expect(200));
    expect((await seenBy(token)).verifiedAt).toBeUndefined();

    await setStatus('approve');
    const firstApproval = (await seenBy(member)).verifiedAt;
    expect(Date.now() - Date.parse(firstApproval!)).toBeLessThan(60_000);
    await setStatus('block');
    expect((await seenBy(token)).verifiedAt).toBeUndefined();
    await setStatus('unblock');
    expect((await seenBy(token)).verifiedAt).toBeUndefined();
    await setStatus('approve');
    const latest = await seenBy(member);
    expect(Date.parse(latest.verifiedAt!)).toBeGreaterThan(Date.parse(firstApproval!));

    // Approved without any recorded approval (set in the database): nothing to say.
    const unrecorded = await signUpProvider(site.url);
    await setFlags(unrecorded.providerId, { isApproved: true });
    const seen = providerOf(await api().get(`/provider-info/${unrecorded.providerId}`).set(bearer(member)).expect(200));
    expect(seen.status).toBe('approved');
    expect(seen.verifiedAt).toBeUndefined();
  });

  it('answers "Provider Not Found" for an unknown or malformed id', async () => {
    await api().get(`/provider-info/${randomUUID()}`).set(bearer(member)).expect(404, { message: 'Provider Not Found' });
    await api().get('/provider-info/not-an-id').set(bearer(member)).expect(404, { message: 'Provider Not Found' });
  });
});

describe('reviews', () => {
  it('computes reviewStats from active, approved reviews only, and pages them with defaults 1 and 10', async () => {
    const { providerId } = await completeProvider();
    await setFlags(providerId, { isApproved: true });
    // Reviews written straight into the database, on a record from before the figures were kept on it: counted when read.
    await withDatabase(site.database, (db) => db.collection('providers').updateOne({ _id: providerId as never }, { $unset: { reviewStats: '' } }));
    const review = (index: number, rating: number, flags: { isActive?: boolean; isApproved?: boolean } = {}) => ({
      _id: randomUUID(),
      providerId,
      clientName: `Client ${index}`,
      satisfactionRating: rating,
      efficacyRating: rating - 0.5,
      reviewText: `Review ${index}`,
      isActive: flags.isActive ?? true,
      isApproved: flags.isApproved ?? true,
      createdAt: new Date(Date.UTC(2025, 0, 1 + index)),
      updatedAt: new Date(),
    });
    const shown = Array.from({ length: 12 }, (_, index) => review(index, index % 2 === 0 ? 5 : 4));
    await withDatabase(site.database, (db) =>
      db.collection('reviews').insertMany([...shown, review(90, 1, { isApproved: false }), review(91, 1, { isActive: false })] as never[]),
    );

    const profile = providerOf(await api().get(`/provider-info/${providerId}`).set(bearer(member)).expect(200));
    expect(profile.reviewStats).toEqual({ totalReviews: 12, averageSatisfactionRating: 4.5, averageEfficacyRating: 4 });
    expect(profile.reviews?.map((r) => r.clientName)).toEqual(['Client 11', 'Client 10', 'Client 9']);

    const firstPage = (await api().get(`/provider-info/${providerId}/reviews`).set(bearer(member)).expect(200)).body as ReviewsResponse;
    expect(firstPage).toMatchObject({ page: 1, limit: 10, total: 12, totalPages: 2 });
    expect(firstPage.reviews).toHaveLength(10);
    const all = (await api().get(`/provider-info/${providerId}/reviews?page=1&limit=50`).set(bearer(member)).expect(200)).body as ReviewsResponse;
    expect(all.reviews).toHaveLength(12);
    expect(all.reviews.every((r) => r.isActive && r.isApproved)).toBe(true);
    await api().get(`/provider-info/${providerId}/reviews?limit=51`).set(bearer(member)).expect(400);
    await api().get(`/provider-info/${providerId}/reviews?page=0`).set(bearer(member)).expect(400);
  });

  it('answers zero stats for a provider without reviews', async () => {
    const { providerId, token } = await signUpProvider(site.url);
    const own = providerOf(await api().get(`/provider-info/${providerId}`).set(bearer(token)).expect(200));
    expect(own.reviewStats).toEqual({ totalReviews: 0, averageSatisfactionRating: 0, averageEfficacyRating: 0 });
    expect(own.reviews).toEqual([]);
  });
});

function randomBytesImage(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 4) pixels.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, index);
  return pixels;
}
