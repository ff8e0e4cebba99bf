import { EventInbox, identityTokenVerifier, startService, type RunningService } from '@altmed/service-kit';
import type { NotifyConfig } from './config';
import { createSmtpMailer } from './mail/mailer';
import { adminInvitationConsumer } from './admin-invitation/admin-invited.handler';
import { passwordResetConsumer } from './password-reset/user-password-reset-requested.handler';
import { providerStatusConsumer } from './provider-status/provider-status-changed.handler';
import { providerEmailsRouter } from './providers/provider-emails.routes';
import type { ProviderEmailDeps } from './providers/provider-emails.domain';
import { providerRegisteredConsumer } from './providers/provider-registered.handler';
import { subscriptionConsumer } from './subscription/membership-activated.handler';
import { membershipReminderConsumer } from './subscription/membership-reminder-due.handler';
import { refundEmailConsumer } from './subscription/payment-refunded.handler';
import { forgottenMemberModel } from './subscription/forgotten-member.model';
import { receiptResendConsumer } from './subscription/receipt-resend-requested.handler';
import { receiptModel } from './subscription/receipt.model';
import type { SubscriptionDeps } from './subscription/subscription.domain';
import { subscriptionRouter } from './subscription/subscription.routes';
import { accountDeletionConsumer } from './subscription/user-deleted.handler';
import { forgottenSenderModel } from './support/forgotten-sender.model';
import { KeptSupportList } from './support/kept-support-list';
import { supportMessageModel } from './support/support-message.model';
import { supportMessageConsumer } from './support/support-message-received.handler';
import { supportReplyConsumer } from './support/support-reply-requested.handler';
import { supportRouter } from './support/support.routes';
import { welcomeConsumer } from './welcome/user-signed-up.handler';

export function startNotifyService(config: NotifyConfig): Promise<RunningService> {
  return startService({
    name: 'svc-notify',
    api: 'notify',
    config,
    async setup({ connection, broker, app, logger, relayOutbox, metrics }) {
      const inbox = new EventInbox(connection);
      const mailer = createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
      const siteUrl = config.SITE_URL;
      const queues = { queueSuffix: config.EVENT_QUEUE_SUFFIX };
      const receipts = receiptModel(connection);
      const forgottenMembers = forgottenMemberModel(connection);
      const supportMessages = supportMessageModel(connection);
      const forgottenSenders = forgottenSenderModel(connection);
      await Promise.all([receipts.init(), forgottenMembers.init(), supportMessages.init(), forgottenSenders.init()]);
      const supportList = new KeptSupportList(supportMessages, { logger, metrics });
      supportList.kept.subscribe(broker);
      // Not awaited: messages are taken and emails sent while the Support Center's list is read.
      supportList.kept.readInBackground();

      broker.consume(welcomeConsumer({ inbox, mailer, siteUrl }, queues));
      broker.consume(passwordResetConsumer({ inbox, mailer, siteUrl }, queues));
      broker.consume(adminInvitationConsumer({ inbox, mailer, siteUrl }, queues));
      broker.consume(providerStatusConsumer({ inbox, mailer, siteUrl }, queues));
      const providerEmails: ProviderEmailDeps = { inbox, mailer, siteUrl, adminNotifyEmail: config.adminNotifyEmail };
      broker.consume(providerRegisteredConsumer(providerEmails, queues));
      const subscription: SubscriptionDeps = { inbox, mailer, receipts, forgottenMembers, siteUrl };
      broker.consume(subscriptionConsumer(subscription, queues));
      broker.consume(receiptResendConsumer(subscription, queues));
      broker.consume(refundEmailConsumer(subscription, queues));
      broker.consume(membershipReminderConsumer(subscription, queues));
      const support = { messages: supportMessages, supportList, forgottenSenders, onEventsWritten: relayOutbox([supportMessages, forgottenSenders]) };
      broker.consume(accountDeletionConsumer({ receipts, forgottenMembers, support, inbox, logger }, queues));
      broker.consume(supportMessageConsumer({ inbox, mailer, siteUrl, supportTeamEmail: config.adminNotifyEmail }, queues));
      broker.consume(supportReplyConsumer({ inbox, mailer, siteUrl }, queues));

      const verifier = identityTokenVerifier(config, broker);
      app.use(subscriptionRouter({ receipts }, verifier));
      app.use(providerEmailsRouter(providerEmails, verifier));
      app.use(supportRouter(support, verifier));
      return {
        stop: async () => {
          supportList.kept.stop();
          mailer.close();
        },
      };
    },
  });
}
