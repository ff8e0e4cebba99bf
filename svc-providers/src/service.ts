import { EventInbox, identityTokenVerifier, runOnce, scheduleJob, startService, startupStep, type RunningService } from '@altmed/service-kit';
import { identityAccounts } from './accounts/identity-accounts';
import { accountDeletionConsumer } from './member-activity/user-deleted.handler';
import { memberActivityRouter } from './member-activity/member-activity.routes';
import { adminProvidersRouter } from './admin/admin-providers.routes';
import { compareRouter } from './compare/compare.routes';
import { directoryRouter } from './directory/directory.routes';
import { figuresRouter } from './figures/figures.routes';
import { providerTallyConsumer } from './figures/provider-tally.consumer';
import { SearchTally } from './figures/search-tally';
import { weeklyTallyModel } from './figures/weekly-tally.model';
import type { ProvidersConfig } from './config';
import { providerModel } from './providers/provider.model';
import type { ProvidersDeps } from './providers/providers.domain';
import { sweepUnfinishedSignups } from './providers/signup.domain';
import { providersRouter } from './providers/providers.routes';
import { providerProfileRouter } from './provider-profile/provider-profile.routes';
import { reviewModel } from './reviews/review.model';
import { backfillReviewStats } from './reviews/review-stats';
import { ModerationQueue } from './reviews/moderation-queue';
import { ProviderSearch, providerWrittenTo } from './search/provider-search';
import { reviewsRouter } from './reviews/reviews.routes';
import { savedProviderModel } from './saved/saved-provider.model';
import { s3Storage } from './uploads/storage';

const SWEEP_INTERVAL_MS = 60_000;
/** A step 1 takes seconds; a record still `creating` after this was abandoned. */
const UNFINISHED_SIGNUP_AGE_MS = 5 * 60_000;

/**
 * Providers, their reviews and uploads, the admins' vetting, and the searches (an index in memory);
 * publishes provider.registered, provider.status_changed, provider.changed and review.changed
 * through its outbox.
 */
export function startProvidersService(config: ProvidersConfig): Promise<RunningService> {
  return startService({
    name: 'svc-providers',
    api: 'providers',
    config,
    // Its events wait in the outbox while the broker is away.
    worksWithoutBroker: true,
    async setup({ connection, broker, app, logger, relayOutbox, metrics }) {
      const providers = providerModel(connection);
      const reviews = reviewModel(connection);
      const savedProviders = savedProviderModel(connection);
      const tallies = weeklyTallyModel(connection);
      await startupStep(logger, 'indexes of providers, reviews, saved providers and tallies', async () => {
        await Promise.all([providers.init(), reviews.init(), savedProviders.init(), tallies.init()]);
      });
      // Every record written since the figures exist has them: a pass over every record, once per database.
      await startupStep(logger, 'review figures of records that have none (once)', () =>
        runOnce(connection, 'providers:review-stats', () => backfillReviewStats(providers, reviews)),
      );
      const storage = s3Storage(config);
      const search = new ProviderSearch(providers, { logger, metrics });
      search.kept.subscribe(broker);
      const moderation = new ModerationQueue(reviews, { logger, metrics });
      moderation.kept.subscribe(broker);
      const inbox = new EventInbox(connection);
      broker.consume(providerTallyConsumer({ tallies, inbox }, { queueSuffix: config.EVENT_QUEUE_SUFFIX }));
      broker.consume(accountDeletionConsumer({ reviews, savedProviders, inbox, logger }, { queueSuffix: config.EVENT_QUEUE_SUFFIX }));
      const searchTally = new SearchTally(tallies, { logger, metrics, flushIntervalMs: config.SEARCH_TALLY_FLUSH_SECONDS * 1000 });
      const onEventsWritten = relayOutbox([providers, reviews]);
      const providerWritten = providerWrittenTo(search, onEventsWritten);
      const deps: ProvidersDeps = {
        providers,
        storage,
        logger,
        accounts: identityAccounts(config.IDENTITY_URL, config.INTERNAL_API_TOKEN),
        providerWritten,
      };
      const verifier = identityTokenVerifier(config, broker);
      app.use(providersRouter(deps, verifier, { uploadUrlTtlSeconds: config.UPLOAD_URL_TTL_SECONDS }));
      app.use(providerProfileRouter({ providers, reviews, storage }, verifier));
      app.use(adminProvidersRouter({ ...deps, search }, verifier));
      app.use(reviewsRouter({ providers, reviews, search, moderation, onEventsWritten, providerWritten }, verifier));
      app.use(directoryRouter({ providers, storage, search, savedProviders, searchTally }, verifier));
      app.use(figuresRouter({ search, moderation, tallies }, verifier));
      app.use(compareRouter({ providers, storage }, verifier));
      app.use(memberActivityRouter({ reviews, savedProviders, search }, verifier));
      const stopSweeping = scheduleJob({
        name: 'unfinished-signups',
        intervalMs: SWEEP_INTERVAL_MS,
        run: () => sweepUnfinishedSignups(deps, UNFINISHED_SIGNUP_AGE_MS).then(() => undefined),
        metrics,
        logger,
      });
      return {
        // No traffic before the index holds every provider. The moderation queue serves admins only (the
        // Reviews page and the figures answer 503 until it is read): read once the service listens, so
        // the directory does not wait for every review.
        warmUp: async () => {
          await startupStep(logger, 'search index: every provider with an account', () => search.kept.warmUp());
          moderation.kept.readInBackground();
        },
        stop: async () => {
          stopSweeping();
          search.kept.stop();
          moderation.kept.stop();
          await searchTally.stop();
          storage.close();
        },
      };
    },
  });
}
