import { connect, type ChannelModel } from 'amqplib';
import request from 'supertest';
import type { AdminInvitedV1, AdministratorsResponse, EventEnvelope } from '@altmed/contracts';
import { eventually, testEventsExchange, withDatabase } from '@altmed/local-stack/src/testing';
import { authBody, startTestIdentity, validSignup, type TestIdentity } from '../test/test-service';

const ADMIN = { email: 'first.admin@settings.example.com', password: 'a-long-admin-password' };

let identity: TestIdentity;
let adminToken: string;
let broker: ChannelModel;
const invitations: AdminInvitedV1[] = [];

beforeAll(async () => {
  broker = await connect(process.env.AMQP_URL!);
  const channel = await broker.createChannel();
  await channel.assertExchange(testEventsExchange(), 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  await channel.bindQueue(queue, testEventsExchange(), 'admin.invited');
  await channel.consume(queue, (message) => message && invitations.push((JSON.parse(message.content.toString()) as EventEnvelope<AdminInvitedV1>).data), {
    noAck: true,
  });
  identity = await startTestIdentity({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  adminToken = authBody(await request(identity.url).post('/users/login').send(ADMIN).expect(200)).token;
});

afterAll(async () => {
  await identity.stop();
  await broker.close();
});

const api = () => request(identity.url);
const asAdmin = (req: request.Test, token = adminToken) => req.set('authorization', `Bearer ${token}`);
const invite = (email: string, token = adminToken) => asAdmin(api().post('/administrators/invitations').send({ email }), token);
const settings = async (token = adminToken) => (await asAdmin(api().get('/administrators'), token).expect(200)).body as AdministratorsResponse;
/** The link's token of the latest invitation sent to `email`, as the email carries it. */
async function linkTokenOf(email: string, sent: number): Promise<string> {
  await eventually(() => invitations.filter((invitation) => invitation.email === email).length >= sent, 20_000, `no invitation reached ${email}`);
  return invitations.filter((invitation) => invitation.email === email).at(-1)!.token;
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

    // Sent again: the earlier link stops working.
    const first = await linkTokenOf(email, 1);
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
    // The email itself never holds the secret in the database.
    await withDatabase(identity.database, async (db) => {
      expect(JSON.stringify(await db.collection('admin_invitations').find().toArray())).not.toContain(second);
    });
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

  it('removes an administrator (their token stops working), but never the last one', async () => {
    const email = `removable.${Date.now()}@example.com`;
    await invite(email).expect(201);
    const token = await linkTokenOf(email, 1);
    const removable = authBody(
      await api().post('/administrators/invitations/accept').send({ token, name: 'Removable', password: 'a removable password' }).expect(201),
    );

    await asAdmin(api().delete(`/administrators/${removable.user.id}`)).expect(204);
    await asAdmin(api().get('/administrators'), removable.token).expect(401);
    await asAdmin(api().delete(`/administrators/${removable.user.id}`)).expect(404, { message: 'Administrator not found' });

    // Only the first administrator and the one of the earlier test are left: remove one, then the last is refused.
    const { administrators } = await settings();
    const others = administrators.filter((admin) => admin.email !== ADMIN.email);
    for (const other of others) await asAdmin(api().delete(`/administrators/${other.id}`)).expect(204);
    const self = (await settings()).administrators;
    expect(self.map((admin) => admin.email)).toEqual([ADMIN.email]);
    await asAdmin(api().delete(`/administrators/${self[0]!.id}`)).expect(409, { message: 'The last administrator cannot be removed' });
    await api().post('/users/login').send(ADMIN).expect(200);
    // A member is not an administrator to remove.
    const member = authBody(await api().post('/users/signup').send(validSignup()).expect(201));
    await asAdmin(api().delete(`/administrators/${member.user.id}`)).expect(404);
  });
});
