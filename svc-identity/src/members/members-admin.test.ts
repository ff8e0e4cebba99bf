import request from 'supertest';
import { weekStartOf, type AdminMemberResponse, type AdminMembersResponse, type MemberFiguresResponse } from '@altmed/contracts';
import { eventually } from '@altmed/local-stack/src/testing';
import { authBody, startTestIdentity, validSignup, type TestIdentity } from '../test/test-service';

const ADMIN = { email: 'admin@members.example.com', password: 'a-long-admin-password' };

let identity: TestIdentity;
let adminToken: string;

beforeAll(async () => {
  identity = await startTestIdentity({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  adminToken = authBody(await request(identity.url).post('/users/login').send(ADMIN).expect(200)).token;
});

afterAll(async () => {
  await identity.stop();
});

const api = () => request(identity.url);
const asAdmin = (req: request.Test) => req.set('authorization', `Bearer ${adminToken}`);

async function listFor(query: Record<string, string>): Promise<AdminMembersResponse> {
  return (await asAdmin(api().get('/members').query(query)).expect(200)).body as AdminMembersResponse;
}

/** A sign-up reaches the list through its user.signed_up, on this instance's own queue. */
const listed = (email: string) => eventually(async () => (await listFor({ search: email })).total === 1, 20_000, `${email} did not reach the member list`);

/**
 * A member, in the list before the test goes on: a sign-up still on its way would land in the
 * middle of a later test's before-and-after (the Dashboard's figures counted it twice).
 */
async function signUpMember(overrides: Record<string, unknown> = {}) {
  const body = validSignup(overrides);
  const auth = authBody(await api().post('/users/signup').send(body).expect(201));
  await listed(auth.user.email);
  return { ...auth, password: body.password };
}

describe('Users Management (admins only)', () => {
  it('refuses anonymous callers and members', async () => {
    const member = await signUpMember();
    await api().get('/members').expect(401);
    await api().get(`/members/${member.user.id}`).expect(401);
    await api().put(`/members/${member.user.id}/status`).send({ action: 'block' }).expect(401);
    const asMember = (req: request.Test) => req.set('authorization', `Bearer ${member.token}`);
    await asMember(api().get('/members')).expect(403);
    await asMember(api().get(`/members/${member.user.id}`)).expect(403);
    await asMember(api().put(`/members/${member.user.id}/status`).send({ action: 'block' })).expect(403);
  });

  it('finds a new member by part of the name or email, newest first, with the counts of each membership state', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const first = await signUpMember({ name: `Ines ${tag}`, email: `ines.${tag}@example.com` });
    const second = await signUpMember({ name: `Hugo ${tag}`, email: `hugo.${tag}@example.com` });

    const found = await listFor({ search: tag.toUpperCase() });
    expect(found).toMatchObject({ total: 2, page: 1, pageSize: 20, totalPages: 1, counts: { all: 2, none: 2, active: 0, expired: 0 } });
    expect(found.members.map((member) => member.email)).toEqual([second.user.email, first.user.email]);
    expect(found.members[0]).toEqual({
      id: second.user.id,
      name: `Hugo ${tag}`,
      email: second.user.email,
      status: 'active',
      membership: { status: 'none', endsAt: null },
      joinedAt: expect.any(String) as string,
    });
    expect((await listFor({ search: `hugo ${tag}` })).members.map((member) => member.id)).toEqual([second.user.id]);
    expect((await listFor({ search: tag, membership: 'active' })).members).toEqual([]);
    // The administrator is no member.
    expect((await listFor({ search: ADMIN.email })).total).toBe(0);
  });

  it('refuses a query it does not know', async () => {
    for (const [query, message] of [
      [{ page: '0' }, 'The page must be a whole number from 1 to 1000'],
      [{ page: '1001' }, 'The page must be a whole number from 1 to 1000'],
      [{ membership: 'gold' }, 'Membership must be none, active or expired'],
      [{ role: 'admin' }, 'Unknown field: role'],
    ] as const) {
      expect((await asAdmin(api().get('/members').query(query)).expect(400)).body).toEqual({ message });
    }
  });

  it('blocks a member (login and tokens refused, recorded with the admin), refuses to block twice, and unblocks', async () => {
    const member = await signUpMember({ name: 'Blocked Member' });

    const blocked = await asAdmin(api().put(`/members/${member.user.id}/status`).send({ action: 'block' })).expect(200);
    const { member: view } = blocked.body as AdminMemberResponse;
    expect(view).toMatchObject({ id: member.user.id, status: 'blocked', contactInfo: { phone: '555-123-4567', address: '1 Main St' } });
    expect(view.statusHistory).toEqual([{ action: 'block', by: ADMIN.email, at: expect.any(String) as string }]);
    // The list of the instance that wrote it shows it at once.
    expect((await listFor({ search: member.user.email })).members[0]?.status).toBe('blocked');

    // The right password is told the account is blocked and how to reach support; a wrong one gets
    // the answer an unknown address gets, so no one else learns the address has an account.
    const rightPassword = await api().post('/users/login').send({ email: member.user.email, password: member.password }).expect(403);
    expect(rightPassword.body).toEqual({
      message: 'This account is blocked. To find out why or to ask for it to be unblocked, write to our support team from the Contact page.',
    });
    const wrongPassword = await api().post('/users/login').send({ email: member.user.email, password: 'not the password' }).expect(401);
    const unknownAddress = await api().post('/users/login').send({ email: 'nobody.at.all@example.com', password: 'not the password' }).expect(401);
    expect(wrongPassword.body).toEqual({ message: 'Invalid email or password' });
    expect(unknownAddress.body).toEqual(wrongPassword.body);
    await api().get('/users/me').set('authorization', `Bearer ${member.token}`).expect(401);
    const again = await asAdmin(api().put(`/members/${member.user.id}/status`).send({ action: 'block' })).expect(409);
    expect(again.body).toEqual({ message: 'This member is already blocked' });

    await asAdmin(api().put(`/members/${member.user.id}/status`).send({ action: 'unblock' })).expect(200);
    // The tokens from before the block stay refused; a new login works.
    await api().get('/users/me').set('authorization', `Bearer ${member.token}`).expect(401);
    const relogin = authBody(await api().post('/users/login').send({ email: member.user.email, password: member.password }).expect(200));
    await api().get('/users/me').set('authorization', `Bearer ${relogin.token}`).expect(200);
    const memberPage = await asAdmin(api().get(`/members/${member.user.id}`)).expect(200);
    expect(memberPage.headers['cache-control']).toBe('no-store');
    const { member: after } = memberPage.body as AdminMemberResponse;
    expect(after.status).toBe('active');
    expect(after.statusHistory.map((change) => change.action)).toEqual(['block', 'unblock']);
    const notBlocked = await asAdmin(api().put(`/members/${member.user.id}/status`).send({ action: 'unblock' })).expect(409);
    expect(notBlocked.body).toEqual({ message: 'This member is not blocked' });
  });

  it('answers 404 for anything but a member, and 400 for an unknown action', async () => {
    const adminId = authBody(await api().post('/users/login').send(ADMIN).expect(200)).user.id;
    for (const id of [adminId, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      expect((await asAdmin(api().get(`/members/${id}`)).expect(404)).body).toEqual({ message: 'Member not found' });
      await asAdmin(api().put(`/members/${id}/status`).send({ action: 'block' })).expect(404);
    }
    // The administrator was not blocked by the attempt.
    await api().post('/users/login').send(ADMIN).expect(200);
    const member = await signUpMember();
    const bad = await asAdmin(api().put(`/members/${member.user.id}/status`).send({ action: 'delete' })).expect(400);
    expect(bad.body).toEqual({ message: 'Action must be block or unblock' });
    await asAdmin(api().put(`/members/${member.user.id}/status`).send({ action: 'block', status: 'blocked' })).expect(400);
  });
});

describe('GET /members/figures (the Dashboard)', () => {
  it('counts a new sign-up in this week and the last 7 days, for admins only', async () => {
    const figures = async () => (await asAdmin(api().get('/members/figures')).expect(200)).body as MemberFiguresResponse;
    const before = await figures();
    const member = await signUpMember();
    // The week of the sign-up, looked up by its Monday: a Monday midnight between the two answers moves the charted weeks on.
    const week = weekStartOf(Date.now()).toISOString().slice(0, 10);
    const after = await figures();
    expect(after.newMembersThisWeek).toBe(before.newMembersThisWeek + 1);
    const signUpsIn = (answer: MemberFiguresResponse) => answer.weeks.find((each) => each.weekStart === week)?.signUps ?? 0;
    expect(signUpsIn(after)).toBe(signUpsIn(before) + 1);
    expect(after.activeMembers).toBe(before.activeMembers);
    await api().get('/members/figures').expect(401);
    await api().get('/members/figures').set('authorization', `Bearer ${member.token}`).expect(403);
  });
});
