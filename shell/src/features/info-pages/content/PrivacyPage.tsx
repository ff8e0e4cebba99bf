import { PASSWORD_RESET_TTL_MINUTES } from '@altmed/contracts/web';
import { ShieldIllustration } from '../components/Illustrations';
import { InfoLayout, Prose } from '../components/InfoLayout';
import { SUPPORT_EMAIL, UPDATED } from './shared';

export function PrivacyPage() {
  return (
    <InfoLayout
      eyebrow="Privacy"
      title="Privacy Policy"
      lead="What we collect, why, who sees it, and the choices you have. In short: we use your information to run your membership and nothing else."
      art={<ShieldIllustration />}
    >
      <Prose>
        <p>{UPDATED}</p>
        <h2>What we collect</h2>
        <ul>
          <li>Account details: your name, email address and a password (stored only as a one-way hash).</li>
          <li>Contact details you give us: phone number, address (optional) and your areas of interest.</li>
          <li>Membership and payment records: the amount, the date and a receipt. Card numbers go to our payment processor and never reach our servers.</li>
          <li>For providers: the practice, qualification and licence details and the photos submitted for review.</li>
          <li>Technical logs (such as the time and address of a request), kept for security and to fix problems.</li>
        </ul>
        <h2>How we use it</h2>
        <p>
          To create and run your account, take payment for the membership, send the emails your account needs (a welcome, receipts, password reset links), show
          you relevant providers and content, review providers, and keep the service secure. We do not sell personal information and do not use it for
          advertising.
        </p>
        <h2>Who sees it</h2>
        <p>
          Providers do not see your details unless you contact them. Our service providers (hosting, email delivery, payment processing) handle data only on our
          instructions. We disclose information when the law requires it.
        </p>
        <h2>Health information</h2>
        <p>
          We do not ask for medical records. Your areas of interest help us suggest providers and content; you can change or delete them at any time. What you
          discuss with a provider is between you and that provider and covered by their own privacy obligations.
        </p>
        <h2>Security</h2>
        <p>
          Connections are encrypted, passwords are hashed with Argon2, sign-in attempts are rate limited, and password reset links work once, for{' '}
          {PASSWORD_RESET_TTL_MINUTES} minutes.
        </p>
        <h2>Your choices</h2>
        <p>
          You can download a copy of your information (Download my data, on your account page), correct it, or ask us anything about it by writing to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
        <h2>Deleting your account</h2>
        <p>
          Delete my account, on your account page, takes effect at once: you are signed out everywhere, and your name, email address, password, contact details,
          saved providers, receipts and the messages you sent us from the Contact page are deleted. No email is sent to you afterwards, not even one that was
          already on its way. Two things stay, without your name or email address:
        </p>
        <ul>
          <li>Your payments (amount, date, promo code and payment reference), because tax and accounting law require us to keep them.</li>
          <li>The reviews you wrote, shown as &ldquo;Former member&rdquo;, because other members relied on them to choose a provider.</li>
        </ul>
        <h2>Changes</h2>
        <p>If we change this policy in a way that matters, we email members before the change takes effect.</p>
      </Prose>
    </InfoLayout>
  );
}
