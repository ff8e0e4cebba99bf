import request from 'supertest';
import type { PromoCode } from '@altmed/contracts';
import { startIdentityProcess, withDatabase, type IdentityProcess, type TestAccount } from '@altmed/local-stack/src/testing';
import { insertPromoCode, startTestBilling, type TestBilling } from '../test/test-billing';

let identity: IdentityProcess;
let billing: TestBilling;
let member: TestAccount;

beforeAll(async () => {
  identity = await startIdentityProcess();
  billing = await startTestBilling(identity.url);
  member = await identity.signUp();
  await insertPromoCode(billing.database, 'HALF', 50);
  await insertPromoCode(billing.database, 'OFF', 20, { isActive: false });
  await insertPromoCode(billing.database, 'GONE', 30, { expiresAt: new Date(Date.now() - 60_000) });
  await insertPromoCode(billing.database, 'LATER', 10, { expiresAt: new Date(Date.now() + 3_600_000) });
});

afterAll(async () => {
  await billing.stop();
  await identity.stop();
});

const validate = (code: unknown, token = member.token) =>
  request(billing.url).post('/promo-codes/validate').set('Authorization', `Bearer ${token}`).send({ code });

describe('POST /promo-codes/validate', () => {
  it('answers the discount of an active code, regardless of case and spaces', async () => {
    await validate('half').expect(200, { discountPercentage: 50 });
    await validate('  HaLf ').expect(200, { discountPercentage: 50 });
    await validate('later').expect(200, { discountPercentage: 10 });
  });

  it.each([
    ['an unknown code', 'NOPE'],
    ['an inactive code', 'OFF'],
    ['an expired code', 'GONE'],
    ['an empty code', ' '],
    ['an operator', { $ne: null }],
  ])('answers 400 "Invalid or expired promo code" for %s', async (_label, code) => {
    await validate(code).expect(400, { message: 'Invalid or expired promo code' });
  });

  it('needs a token', async () => {
    await request(billing.url).post('/promo-codes/validate').send({ code: 'HALF' }).expect(401);
  });
});

describe('promo code management', () => {
  it('lets an admin create codes (stored uppercased) and list them', async () => {
    const admin = await identity.logInAdmin();
    const created = await request(billing.url)
      .post('/promo-codes/create')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ code: 'spring25', discountPercentage: 25, expiryDate: null })
      .expect(201);
    expect(created.body).toMatchObject({ promoCode: { code: 'SPRING25', discountPercentage: 25, expiresAt: null, isActive: true } });
    await request(billing.url)
      .post('/promo-codes/create')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ code: 'Spring25', discountPercentage: 30, expiryDate: null })
      .expect(409, { message: 'Promo code already exists' });
    await validate('Spring25').expect(200, { discountPercentage: 25 });

    const list = await request(billing.url).get('/promo-codes/list').set('Authorization', `Bearer ${admin.token}`).expect(200);
    const codes = (list.body as { promoCodes: { code: string }[] }).promoCodes.map((promo) => promo.code);
    expect(codes).toEqual(expect.arrayContaining(['SPRING25', 'HALF', 'OFF']));
  });

  it('records which admin created a code and when, from the token, and lists it for admins', async () => {
    const admin = await identity.logInAdmin();
    const before = Date.now();
    const created = await request(billing.url)
      .post('/promo-codes/create')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ code: 'AUDIT10', discountPercentage: 10, expiryDate: null })
      .expect(201);
    const { promoCode } = created.body as { promoCode: PromoCode };
    expect(promoCode.createdBy).toEqual({ name: expect.any(String) as string, email: admin.email });

    const stored = await withDatabase(billing.database, (db) => db.collection('promo_codes').findOne({ code: 'AUDIT10' }));
    expect(stored?.createdBy).toEqual({ id: admin.id, email: admin.email, name: promoCode.createdBy!.name });
    expect((stored?.createdAt as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const list = await request(billing.url).get('/promo-codes/list').set('Authorization', `Bearer ${admin.token}`).expect(200);
    const listed = (list.body as { promoCodes: PromoCode[] }).promoCodes;
    expect(listed.find((promo) => promo.code === 'AUDIT10')).toMatchObject({
      createdBy: promoCode.createdBy,
      createdAt: (stored?.createdAt as Date).toISOString(),
    });
    // Codes from before the audit trail have no creator.
    expect(listed.find((promo) => promo.code === 'HALF')?.createdBy).toBeUndefined();
  });

  it('lets no client choose who created a code or when', async () => {
    const admin = await identity.logInAdmin();
    const forged = { id: 'someone-else', email: 'someone@example.com', name: 'Someone Else' };
    await request(billing.url)
      .post('/promo-codes/create')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ code: 'FORGED', discountPercentage: 10, expiryDate: null, createdBy: forged })
      .expect(400);
    await request(billing.url)
      .post('/promo-codes/create')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ code: 'BACKDATED', discountPercentage: 10, expiryDate: null, createdAt: '2020-01-01T00:00:00.000Z' })
      .expect(400);
    expect(await withDatabase(billing.database, (db) => db.collection('promo_codes').countDocuments({ code: { $in: ['FORGED', 'BACKDATED'] } }))).toBe(0);
  });

  it('refuses members and a discount outside 1-100', async () => {
    await request(billing.url).get('/promo-codes/list').set('Authorization', `Bearer ${member.token}`).expect(403);
    await request(billing.url)
      .post('/promo-codes/create')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ code: 'MINE', discountPercentage: 100, expiryDate: null })
      .expect(403);
    const admin = await identity.logInAdmin();
    await request(billing.url)
      .post('/promo-codes/create')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ code: 'TOOMUCH', discountPercentage: 101, expiryDate: null })
      .expect(400);
    expect(await withDatabase(billing.database, (db) => db.collection('promo_codes').countDocuments({ code: { $in: ['MINE', 'TOOMUCH'] } }))).toBe(0);
  });
});
