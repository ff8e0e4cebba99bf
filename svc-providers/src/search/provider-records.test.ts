import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { providerModel, type ProviderModel } from '../providers/provider.model';
import { ProviderRecordCache } from './provider-records';

let connection: mongoose.Connection;
let providers: ProviderModel;

beforeAll(async () => {
  connection = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: `provider-records-${randomUUID().slice(0, 8)}` }).asPromise();
  providers = providerModel(connection);
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

async function aRecord(practiceName: string): Promise<string> {
  const _id = randomUUID();
  await providers.collection.insertOne({ _id, accountState: 'active', practiceName, providerName: 'Dr. Ada Reed' } as never);
  return _id;
}

const rename = (_id: string, practiceName: string) => providers.collection.updateOne({ _id: _id as never }, { $set: { practiceName } });
const practiceOf = async (cache: ProviderRecordCache, id: string) => (await cache.recordsOf([id])).get(id)?.practiceName;

it('keeps what it read until a change of the record is known, then reads it again', async () => {
  const cache = new ProviderRecordCache(providers);
  const id = await aRecord('Cedar Care');
  expect(await practiceOf(cache, id)).toBe('Cedar Care');
  await rename(id, 'Birch Care');
  // Kept: the change is not known yet.
  expect(await practiceOf(cache, id)).toBe('Cedar Care');
  cache.forget([id]);
  expect(await practiceOf(cache, id)).toBe('Birch Care');
  await rename(id, 'Alder Care');
  cache.forget('all');
  expect(await practiceOf(cache, id)).toBe('Alder Care');
  expect((await cache.recordsOf([randomUUID()])).size).toBe(0);
});

it('does not keep a read that a change overtook, so the record read before the change never outlives it', async () => {
  const cache = new ProviderRecordCache(providers);
  const id = await aRecord('Maple Care');
  const reading = cache.recordsOf([id]);
  // A change known while the read runs (its event came, or this instance wrote it).
  cache.forget([id]);
  expect((await reading).get(id)?.practiceName).toBe('Maple Care');
  await rename(id, 'Oak Care');
  expect(await practiceOf(cache, id)).toBe('Oak Care');
});
