/**
 * The admin member list alone, in this process, without a database or HTTP (issue 32): built from
 * generated members fed one at a time (as a full read's cursor feeds it), its heap after a full GC
 * beside its `read_model_bytes` estimate, then each call of the scale bench as the service answers
 * it (the answer's JSON included), one at a time and 16 at once (16 callers asking together: one
 * event loop answers them in turn, so the last waits for all), p50 / p95 in ms. Prints figures;
 * asserts nothing.
 *
 *   npm run bench -w svc-identity            (this first, then the instances' throughput)
 *   BENCH_READ_MODEL_MEMBERS=100000 BENCH_READ_MODEL_SAMPLES=20
 */
import { heapUsedAfterGc, timedAloneAndTogether } from '@altmed/local-stack/src/testing';
import { generatedMemberEmail, generatedMemberId, generatedMemberName, generatedMembershipEnd } from '@altmed/service-kit';
import type { AdminMembersQuery } from '@altmed/contracts';
import { MemberList, type ListedRecord } from '../members/member-list';

const members = Number(process.env.BENCH_READ_MODEL_MEMBERS ?? 100_000);
const samples = Number(process.env.BENCH_READ_MODEL_SAMPLES ?? 20);
const CALLERS = 16;
const DAY_MS = 86_400_000;

const heapUsed = heapUsedAfterGc;

/** The n-th generated member as the full read gets it: sign-ups over two years, two in three with a membership (as the scale seed gives). */
function memberRecord(n: number, now: number): ListedRecord {
  const end = generatedMembershipEnd(n, now);
  return {
    _id: generatedMemberId(n),
    name: generatedMemberName(n),
    email: generatedMemberEmail(n),
    status: n % 50 === 0 ? 'blocked' : 'active',
    role: 'user',
    // Some memberships ended already.
    membershipEndsAt: end && n % 7 === 0 ? new Date(now - (n % 90) * DAY_MS) : end,
    createdAt: new Date(now - (n % 730) * DAY_MS - (n % 86_400) * 1_000),
  };
}

async function* generated(count: number, now: number): AsyncGenerator<ListedRecord> {
  for (let n = 0; n < count; n += 1) yield memberRecord(n, now);
}

const timed = (call: () => unknown) => timedAloneAndTogether(call, samples, CALLERS);

async function main(): Promise<void> {
  const now = Date.now();
  const before = heapUsed();
  const startedAt = performance.now();
  const list = await MemberList.of(generated(members, now));
  const buildMs = performance.now() - startedAt;
  const heap = heapUsed() - before;
  const estimate = list.memoryFigures();
  console.log(
    `[member-list] ${list.size} members: built in ${(buildMs / 1000).toFixed(1)} s, heap ${Math.round(heap / 1024 / 1024)} MB (estimate ${Math.round(estimate.approximateBytes / 1024 / 1024)} MB)`,
  );

  const calls: [string, AdminMembersQuery][] = [
    ['first page, with the counts', {}],
    ['an email', { search: generatedMemberEmail(4242) }],
    ['a name, active', { search: 'ada reyes', membership: 'active' }],
    ['no membership, page 50', { membership: 'none', page: 50 }],
    ['every seeded member (the scale bench waits on it)', { search: 'seed.altmed.local' }],
  ];
  for (const [name, query] of calls) console.log(`[member-list] ${name}: ${timed(() => JSON.stringify(list.find(query)))}`);
  console.log(`[member-list] member figures: ${timed(() => JSON.stringify(list.figures()))}`);

  // A sign-up between two calls: the next call pays for what the change costs.
  let next = members;
  console.log(
    `[member-list] a sign-up, then the first page: ${timed(() => {
      list.upsert(memberRecord(next++, now));
      return JSON.stringify(list.find({}));
    })}`,
  );
  console.log(
    `[member-list] a sign-up, then an email: ${timed(() => {
      list.upsert(memberRecord(next++, now));
      return JSON.stringify(list.find({ search: generatedMemberEmail(4242) }));
    })}`,
  );
}

void main();
