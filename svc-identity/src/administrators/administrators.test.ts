import request from 'supertest';
import type { AdminInvitedV1, AdministratorsResponse } from '@altmed/contracts';
import { eventually, listenForEvents, waitForOutboxDrained, withDatabase, type EventListener } from '@altmed/local-stack/src/testing';
import { authBody, startTestIdentity, validSignup, type TestIdentity } from '../test/test-service';

const ADMIN = { email: 'first.admin@settings.example.com', password: 'a-long-admin-password' };

let identity: TestIdentity;
let adminToken: string;
let invitationEvents: EventListener<AdminInvitedV1>;

beforeAll(async () => {
  invitationEvents = await listenForEvents<AdminInvitedV1>(['admin.invited']);
  identity = await startTestIdentity({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  adminToken = authBody(await request(identity.url).post('/users/login').send(ADMIN).expect(200)).token;
});

afterAll(async () => {
  await identity.stop();
  await invitationEvents.close();
});

const api = () => request(identity.url);
const asAdmin = (req: request.Test, token = adminToken) => req.set('authorization', `Bearer ${token}`);
const invite = (email: string, token = adminToken) => asAdmin(api().post('/administrators/invitations').send({ email }), token);
const settings = async (token = adminToken) => (await asAdmin(api().get('/administrators'), token).expect(200)).body as AdministratorsResponse;
/** The link's token of the latest invitation sent to `email`, as the email carries it. */
async function linkTokenOf(email: string, sent: number): Promise<string> {
  const invitationsTo = () => invitationEvents.received.filter((event) => event.data.email === email);
  await eventually(() => invitationsTo().length >= sent, 20_000, `no invitation reached ${email}`);
  return invitationsTo().at(-1)!.data.token;
}

describe('Admin Settings', () => {
  it('refuses anonymous callers and members', async () => {
    const member = authBody(await api().post('/users/signup').send(validSignup()).expect(201));
    await api().get('/administrators').expect(401);
    await api().post('/administrators/invitations').send({ email: 'x@example.com' }).expect(401);
    await api().delete(`/administrators/${member.user.id}`).expect(401);
    await asAdmin(api().get('/administrators'), member.token).expect(403);
    await invite('someone@example.com', member.token).expect(403);
    await asAdmin(api().delete(`/administrators/${member.user.id}`), member.token).expect(403);
  });

  it('invites an email, whose single-use link makes a new administrator who logs in', async () => {
    const email = `new.admin.${Date.now()}@example.com`;
    const body = (await invite(email.toUpperCase()).expect(201)).body as unknown;
    expect(body).toEqual({
      invitation: {
        id: expect.any(String) as string,
        email,
        invitedBy: ADMIN.email,
        invitedAt: expect.any(String) as string,
        expiresAt: expect.any(String) as string,
      },
    });
    const { invitation } = body as { invitation: { invitedAt: string; expiresAt: string } };
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.invitedAt)).toBe(48 * 3600_000);
    expect((await settings()).invitations.map((open) => open.email)).toContain(email);

    const first = await linkTokenOf(email, 1);
    // Once the relay has published the email's event, the database holds no link's secret, only its hash.
    await waitForOutboxDrained(identity);
    await withDatabase(identity.database, async (db) => {
      const stored = JSON.stringify(await db.collection('admin_invitations').find({ email }).toArray());
      expect(stored).toContain(email);
      expect(stored).not.toContain(first);
    });

    // Sent again: the earlier link stops working.
    await invite(email).expect(201);
    const second = await linkTokenOf(email, 2);
    const invalid = { message: 'This invitation link is invalid or has expired. Ask an administrator for a new one.' };
    await api().post('/administrators/invitations/accept').send({ token: first, name: 'New Admin', password: 'a new admin password' }).expect(400, invalid);

    await api().post('/administrators/invitations/accept').send({ token: second, name: 'New Admin', password: 'short' }).expect(400);
    const accepted = await api()
      .post('/administrators/invitations/accept')
      .send({ token: second, name: 'New Admin', password: 'a new admin password' })
      .expect(201);
    expect(authBody(accepted).user).toMatchObject({ email, name: 'New Admin', role: 'admin', isAdmin: true });
    await api().post('/administrators/invitations/accept').send({ token: second, name: 'Again', password: 'a new admin password' }).expect(400, invalid);

    const login = await api().post('/users/login').send({ email, password: 'a new admin password' }).expect(200);
    const { administrators, invitations: open } = await settings(authBody(login).token);
    expect(administrators.map((admin) => admin.email)).toEqual([ADMIN.email, email]);
    expect(open.map((invitation) => invitation.email)).not.toContain(email);
  });

  it('lets one of two accepts of one link at the same moment through, and takes an invitation back', async () => {
    const email = `raced.${Date.now()}@example.com`;
    await invite(email).expect(201);
    const token = await linkTokenOf(email, 1);
    const accept = (name: string) => api().post('/administrators/invitations/accept').send({ token, name, password: 'a raced admin password' });
    const statuses = (await Promise.all([accept('First'), accept('Second')])).map((response) => response.status).sort();
    expect(statuses).toEqual([201, 400]);

    const revoked = `revoked.${Date.now()}@example.com`;
    const { invitation } = (await invite(revoked).expect(201)).body as { invitation: { id: string } };
    const revokedToken = await linkTokenOf(revoked, 1);
    await asAdmin(api().delete(`/administrators/invitations/${invitation.id}`)).expect(204);
    await asAdmin(api().delete(`/administrators/invitations/${invitation.id}`)).expect(404, { message: 'Invitation not found' });
    await api().post('/administrators/invitations/accept').send({ token: revokedToken, name: 'Revoked', password: 'a revoked password' }).expect(400);
  });

  it('refuses to invite an email that has an account, and a bad or unknown body', async () => {
    const member = authBody(await api().post('/users/signup').send(validSignup()).expect(201));
    await invite(member.user.email).expect(409, { message: 'This email already has an account' });
    await invite(ADMIN.email).expect(409);
    await invite('not an email').expect(400);
    await asAdmin(api().post('/administrators/invitations').send({ email: 'x@example.com', role: 'admin' })).expect(400, { message: 'Unknown field: role' });
    await api()
      .post('/administrators/invitations/accept')
      .send({ token: 'x'.repeat(43), name: 'Nobody', password: 'a long password' })
      .expect(400);
  });

  it('removes an administrator (their token stops working, their invitations go), but never the last one', async () => {
    // A site of its own, so that it knows every administrator.
    const own = { ADMIN_EMAIL: 'only.admin@removal.example.com', ADMIN_PASSWORD: 'a-long-admin-password' };
    const site = await startTestIdentity(own);
    try {
      const siteApi = () => request(site.url);
      const lead = authBody(await siteApi().post('/users/login').send({ email: own.ADMIN_EMAIL, password: own.ADMIN_PASSWORD }).expect(200));
      const as = (req: request.Test, token = lead.token) => req.set('authorization', `Bearer ${token}`);
      const admit = async (email: string, inviter = lead.token) => {
        await as(siteApi().post('/administrators/invitations').send({ email }), inviter).expect(201);
        const token = await linkTokenOf(email, 1);
        return authBody(
          await siteApi().post('/administrators/invitations/accept').send({ token, name: 'Admitted', password: 'an admitted password' }).expect(201),
        );
      };
      const removable = await admit(`removable.${Date.now()}@example.com`);
      // An invitation the removed administrator sent must not let them back in.
      const comeback = `comeback.${Date.now()}@example.com`;
      await as(siteApi().post('/administrators/invitations').send({ email: comeback }), removable.token).expect(201);
      const comebackToken = await linkTokenOf(comeback, 1);

      await as(siteApi().delete(`/administrators/${removable.user.id}`)).expect(204);
      await as(siteApi().get('/administrators'), removable.token).expect(401);
      await as(siteApi().delete(`/administrators/${removable.user.id}`)).expect(404, { message: 'Administrator not found' });
      // The account is a tombstone: it cannot log in, is no administrator any more, and its email is free for a new invitation.
      await siteApi().post('/users/login').send({ email: removable.user.email, password: 'an admitted password' }).expect(401);
      const { administrators: left } = (await as(siteApi().get('/administrators')).expect(200)).body as AdministratorsResponse;
      expect(left.map((admin) => admin.id)).not.toContain(removable.user.id);
      await as(siteApi().post('/administrators/invitations').send({ email: removable.user.email })).expect(201);
      await siteApi().post('/administrators/invitations/accept').send({ token: comebackToken, name: 'Back', password: 'a comeback password' }).expect(400);

      // Two removals of the last two at the same moment: at least one administrator stays.
      const second = await admit(`second.${Date.now()}@example.com`);
      const statuses = await Promise.all([
        as(siteApi().delete(`/administrators/${lead.user.id}`), second.token),
        as(siteApi().delete(`/administrators/${second.user.id}`)),
      ]);
      expect(statuses.map((response) => response.status)).not.toEqual([204, 204]);
      const { administrators } = (await as(siteApi().get('/administrators'), statuses[0].status === 204 ? second.token : lead.token).expect(200))
        .body as AdministratorsResponse;
      expect(administrators.length).toBeGreaterThanOrEqual(1);
      const [last] = administrators;
      const lastToken = last!.id === lead.user.id ? lead.token : second.token;
      for (const other of administrators.slice(1)) await as(siteApi().delete(`/administrators/${other.id}`), lastToken).expect(204);
      await as(siteApi().delete(`/administrators/${last!.id}`), lastToken).expect(409, { message: 'The last administrator cannot be removed' });
      await as(siteApi().get('/administrators'), lastToken).expect(200);
      // A member is not an administrator to remove.
      const member = authBody(await siteApi().post('/users/signup').send(validSignup()).expect(201));
      await as(siteApi().delete(`/administrators/${member.user.id}`), lastToken).expect(404);
    } finally {
      await site.stop();
    }
  });
});
