import { EventInbox, startService, type RunningService } from '@altmed/service-kit';
import type { IdentityConfig } from './config';
import { membershipRefundConsumer } from './membership/payment-refunded.handler';
import { membershipConsumer } from './membership/payment-succeeded.handler';
import { sweepRemindersEvery } from './membership/reminders';
import { myAccountRouter } from './my-account/my-account.routes';
import { jwksRouter } from './tokens/jwks.routes';
import { loadSigningKey } from './tokens/signing-key';
import { localTokenVerifier, type TokenSettings } from './tokens/tokens';
import { userModel } from './users/user.model';
import { createLoginLimits } from './users/login-limits';
import { ensureAdmin, isAccountActive, type UsersDeps } from './users/users.domain';
import { addressRateLimit, usersRouter } from './users/users.routes';
import { providerAccountsRouter } from './provider-accounts/provider-accounts.routes';
import { passwordResetRouter } from './password-reset/password-reset.routes';
import { KeptMemberList } from './members/kept-member-list';
import { membersAdminRouter } from './members/members-admin.routes';
import { administratorsRouter } from './administrators/administrators.routes';
import { invitationModel } from './administrators/invitation.model';

const LIMITS_CLEANUP_INTERVAL_MS = 15 * 60_000;

export function startIdentityService(config: IdentityConfig): Promise<RunningService> {
  const key = loadSigningKey({ pem: config.JWT_PRIVATE_KEY, file: config.JWT_PRIVATE_KEY_FILE });
  const tokens: TokenSettings = { key, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE, ttlSeconds: config.JWT_TTL_SECONDS };

  return startService({
    name: 'svc-identity',
    api: 'identity',
    config,
    // Sign-up and login need only the database; their events wait in the outbox.
    worksWithoutBroker: true,
    async setup({ connection, broker, app, logger, relayOutbox, metrics }) {
      const users = userModel(connection);
      await users.init();
      const invitations = invitationModel(connection);
      await invitations.init();
      const onEventsWritten = relayOutbox([users, invitations]);
      const loginLimits = await createLoginLimits(connection, {
        attemptsPerAddressPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
        failuresPerAccount: config.LOGIN_FAILURES_PER_ACCOUNT,
        failureWindowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
        resetRequestsPerHour: config.PASSWORD_RESET_REQUESTS_PER_HOUR,
      });
      const deps: UsersDeps = { users, tokens, loginLimits, onEventsWritten };

      if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
        const outcome = await ensureAdmin(deps, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
        if (outcome === 'not-admin') logger.warn({ email: config.ADMIN_EMAIL }, 'ADMIN_EMAIL belongs to a member account: no administrator was created');
        else logger.info({ email: config.ADMIN_EMAIL, outcome }, 'administrator account checked');
      }

      const memberList = new KeptMemberList(users, { logger, metrics });
      memberList.kept.subscribe(broker);
      // Not awaited: the service listens while the list is read (it waits for its queue first).
      memberList.kept.readInBackground();

      const stopReminders = sweepRemindersEvery({ users, memberList, logger, metrics, onEventsWritten }, config.MEMBERSHIP_REMINDER_SWEEP_SECONDS * 1000);

      const inbox = new EventInbox(connection);
      broker.consume(membershipConsumer({ users, inbox, logger, onEventsWritten }, { queueSuffix: config.EVENT_QUEUE_SUFFIX }));
      broker.consume(membershipRefundConsumer({ users, inbox, logger, onEventsWritten }, { queueSuffix: config.EVENT_QUEUE_SUFFIX }));

      app.use(jwksRouter(key));
      if (config.INTERNAL_API_TOKEN) app.use(providerAccountsRouter(deps, config.INTERNAL_API_TOKEN));
      const verifier = localTokenVerifier(tokens, (claims) => isAccountActive(deps, claims.sub, claims.sessionVersion ?? 0));
      app.use(usersRouter(deps, verifier));
      app.use(myAccountRouter({ ...deps, memberList }, verifier));
      app.use(membersAdminRouter({ users, memberList, onEventsWritten }, verifier));
      app.use(administratorsRouter({ ...deps, invitations }, verifier, addressRateLimit(deps)));
      app.use(passwordResetRouter(deps, addressRateLimit(deps)));
      const cleanup = setInterval(() => {
        loginLimits.deleteExpired().catch((err: unknown) => logger.warn({ err }, 'expired login limits not removed'));
      }, LIMITS_CLEANUP_INTERVAL_MS).unref();
      return {
        stop: async () => {
          clearInterval(cleanup);
          stopReminders();
          memberList.kept.stop();
        },
      };
    },
  });
}
