import { EmailTakenError, type identityAccounts } from '../accounts/identity-accounts';
import { recountReviewStats } from '../reviews/review-stats';
import { demoProviders, npiFrom, seededId } from './seed-data';
import { DAY_MS, makeImage, recordOf, reviewDocuments, type SeedDeps, type WrittenRecords } from './seed-records';

/** Every demo provider logs in with this password. */
export const DEMO_PROVIDER_PASSWORD = 'Provider-Demo-2025';

/** The handful of demo providers, their logins (through svc-identity), images and reviews. Running it again updates them. */
export async function seedDemo(deps: SeedDeps, accounts: ReturnType<typeof identityAccounts>): Promise<{ lines: string[]; written: WrittenRecords }> {
  const lines: string[] = [];
  const written: WrittenRecords = { providerIds: [], reviewIds: [] };
  for (const [index, provider] of demoProviders.entries()) {
    const providerId = seededId(provider.slug);
    const email = `${provider.slug}@demo.altmed.local`;
    try {
      await accounts.ensure(providerId, { name: provider.providerName, email, password: DEMO_PROVIDER_PASSWORD });
    } catch (err) {
      if (!(err instanceof EmailTakenError)) throw err;
      lines.push(`  skipped ${email}: another account holds that email`);
      continue;
    }
    const [headshot, gallery] = await Promise.all([
      makeImage(deps.storage, providerId, 'headshot', provider.colors),
      makeImage(deps.storage, providerId, 'gallery', provider.colors),
    ]);
    const record = { ...recordOf(provider, index, email, npiFrom(160_000_000 + index * 104_729)), headshot, gallery };
    await deps.providers.updateOne(
      { _id: providerId },
      { $set: record, $setOnInsert: { createdAt: new Date(Date.now() - (40 + index) * DAY_MS) } },
      { upsert: true },
    );
    // The demo reviews only: reviews members wrote (with their userId) stay.
    const removed = await deps.reviews
      .find({ providerId, userId: { $exists: false } })
      .select({ _id: 1 })
      .lean<{ _id: string }[]>();
    await deps.reviews.deleteMany({ providerId, userId: { $exists: false } });
    const reviews = reviewDocuments(providerId, index, 3 + (index % 5));
    await deps.reviews.insertMany(reviews);
    await recountReviewStats(deps.providers, deps.reviews, [providerId]);
    written.providerIds.push(providerId);
    written.reviewIds.push(...removed.map((review) => review._id), ...reviews.map((review) => review._id));
    lines.push(`  ${provider.status.padEnd(8)} ${email}  (${provider.providerName}, /provider-profile/${providerId})`);
  }
  return { lines, written };
}
