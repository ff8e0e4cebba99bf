import { randomUUID } from 'node:crypto';
import { connectDatabase, type Connection } from './mongo';
import { EventInbox } from './inbox';

let connection: Connection;
beforeAll(async () => {
  connection = await connectDatabase(process.env.MONGO_URL!, `kit_inbox_${randomUUID().slice(0, 8)}`);
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

it('runs a handler once per event id and runs it again after a failure', async () => {
  const inbox = new EventInbox(connection);
  const eventId = randomUUID();
  let runs = 0;

  await expect(
    inbox.runOnce('h', eventId, async () => {
      runs += 1;
      throw new Error('smtp down');
    }),
  ).rejects.toThrow('smtp down');
  expect(await inbox.runOnce('h', eventId, async () => void (runs += 1))).toBe(true);
  expect(await inbox.runOnce('h', eventId, async () => void (runs += 1))).toBe(false);
  expect(await inbox.runOnce('other-handler', eventId, async () => void (runs += 1))).toBe(true);
  expect(runs).toBe(3);
});
