import { parseArgs } from 'node:util';
import mongoose from 'mongoose';
import { MEMBER_CHANGED_MAX_IDS } from '@altmed/contracts';
import {
  GENERATED_MEMBER_PASSWORD,
  generatedMemberEmail,
  generatedMemberId,
  generatedMemberName,
  generatedMembershipEnd,
  inBatches,
  insertIgnoringDuplicates,
  loadConfig,
  runCommand,
  tellRunningInstances,
} from '@altmed/service-kit';
import { identityEnv } from '../config';
import { memberChangedEvent } from '../members/kept-member-list';
import { hashPassword } from '../users/password';
import { userModel, type UserModel } from '../users/user.model';

const BATCH = 2_000;

/**
 * The first `count` generated members, as plain inserts in batches (a stopped run leaves whole
 * batches; running it again inserts only what is missing). Two in three have an active membership.
 * One password hash serves them all: hashing 100,000 passwords would take half an hour.
 */
export async function insertGeneratedMembers(users: UserModel, count: number, log: (line: string) => void = () => undefined): Promise<number> {
  await users.init();
  if (await users.exists({ _id: generatedMemberId(count - 1) })) return 0;
  const passwordHash = await hashPassword(GENERATED_MEMBER_PASSWORD);
  const now = Date.now();
  let inserted = 0;
  for (let start = 0; start < count; start += BATCH) {
    const documents = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => {
      const n = start + offset;
      const membershipEndsAt = generatedMembershipEnd(n, now);
      const createdAt = new Date(now - (count - n) * 60_000);
      return {
        _id: generatedMemberId(n),
        name: generatedMemberName(n),
        email: generatedMemberEmail(n),
        passwordHash,
        role: 'user' as const,
        status: 'active' as const,
        contactInfo: { phone: '', address: '', specialties: [] },
        ...(membershipEndsAt ? { membershipEndsAt } : {}),
        sessionVersion: 0,
        outbox: [],
        createdAt,
        updatedAt: createdAt,
      };
    });
    inserted += await insertIgnoringDuplicates(() => users.insertMany(documents, { ordered: false, lean: true }));
    log(`  ${Math.min(start + BATCH, count)} of ${count} members`);
  }
  return inserted;
}

/** `npm run seed -- --members 100000`: generated members in svc-identity's database (`MONGO_URL`, `MONGO_DB`). */
export async function seedMembersCommand(argv: string[], env: NodeJS.ProcessEnv, log: (line: string) => void = console.log): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { members: { type: 'string' } }, strict: true });
  const count = Number(values.members);
  if (!(Number.isInteger(count) && count > 0 && count <= 1_000_000)) throw new Error('--members must be a whole number from 1 to 1000000');
  // The database settings only: the seed signs no tokens.
  const { MONGO_URL, MONGO_DB, MONGO_DB_SUFFIX, AMQP_URL, EVENTS_EXCHANGE } = identityEnv;
  const config = loadConfig({ MONGO_URL, MONGO_DB, MONGO_DB_SUFFIX, AMQP_URL, EVENTS_EXCHANGE }, { MONGO_URL: 'mongodb://127.0.0.1:27017', ...env });
  const connection = await mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB + config.MONGO_DB_SUFFIX }).asPromise();
  try {
    const startedAt = Date.now();
    log(`Seeding ${count} generated members into ${connection.name}`);
    const inserted = await insertGeneratedMembers(userModel(connection), count, log);
    // The running instances' member lists read them now (an earlier run's too: it may have been stopped before telling).
    const ids = Array.from({ length: count }, (_, n) => generatedMemberId(n));
    await tellRunningInstances(config, inBatches(ids, MEMBER_CHANGED_MAX_IDS).map(memberChangedEvent), log);
    log(
      `${inserted} members inserted in ${Math.round((Date.now() - startedAt) / 1000)} s; each logs in as member<n>@seed.altmed.local with ${GENERATED_MEMBER_PASSWORD}`,
    );
  } finally {
    await connection.close();
  }
}

if (require.main === module) runCommand('seed', () => seedMembersCommand(process.argv.slice(2), process.env));
