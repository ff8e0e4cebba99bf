import { inClientSpan } from '@altmed/service-kit';
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable Message-ID, so a resend of the same email is recognisable downstream. */
  messageId: string;
}

export interface Mailer {
  send: (email: OutgoingEmail) => Promise<void>;
  close: () => void;
}

/**
 * SMTP through nodemailer; `pool` keeps connections open instead of paying a handshake per email.
 * Every wait is bounded well inside the inbox's claim lease, so a hung server fails the send
 * (and the event is retried) instead of holding the claim.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const server = new URL(smtpUrl);
  // The server, never the recipient or the subject: a trace holds no personal data.
  const spanAttributes = { 'server.address': server.hostname, 'server.port': Number(server.port || (server.protocol === 'smtps:' ? 465 : 25)) };
  return {
    async send(email) {
      await inClientSpan('smtp send', spanAttributes, () =>
        transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text, html: email.html, messageId: email.messageId }),
      );
    },
    close() {
      transport.close();
    },
  };
}
