import { MEMBER_CHANGED_MAX_IDS } from '@altmed/contracts';
import {
  GENERATED_MEMBER_PASSWORD,
  generatedMemberEmail,
  generatedMemberId,
  generatedMemberName,
  generatedMembershipEnd,
  inBatches,
  insertIgnoringDuplicates,
  runMembersSeed,
  runCommand,
  tellRunningInstances,
} from '@altmed/service-kit';
import { identityEnv } from '../config';
import { memberChangedEvent } from '../members/member-changed.event';
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
export function seedMembersCommand(argv: string[], env: NodeJS.ProcessEnv, log: (line: string) => void = console.log): Promise<void> {
  return runMembersSeed(argv, env, identityEnv, async (count, connection, broker) => {
    const startedAt = Date.now();
    log(`Seeding ${count} generated members into ${connection.name}`);
    const inserted = await insertGeneratedMembers(userModel(connection), count, log);
    // The running instances' member lists read them now (an earlier run's too: it may have been stopped before telling).
    const ids = Array.from({ length: count }, (_, n) => generatedMemberId(n));
    await tellRunningInstances(broker, inBatches(ids, MEMBER_CHANGED_MAX_IDS).map(memberChangedEvent), log);
    log(
      `${inserted} members inserted in ${Math.round((Date.now() - startedAt) / 1000)} s; each logs in as member<n>@seed.altmed.local with ${GENERATED_MEMBER_PASSWORD}`,
    );
  });
}

if (require.main === module) runCommand('seed', () => seedMembersCommand(process.argv.slice(2), process.env));
