import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { MEMBERSHIP_MONTHLY_FROM_USD, MEMBERSHIP_PRICE_USD, PASSWORD_RESET_TTL_MINUTES } from '@altmed/contracts/web';
import { Button, Card, theme } from '@altmed/web-kit';
import { useAuthDialogs } from '../../../lib/authDialogs';
import { ContactInfoForm } from '../../join/components/ContactInfoForm';
import { ConnectIllustration, ContactIllustration, ShieldIllustration, VettingIllustration } from '../components/Illustrations';
import { InfoLayout, Prose } from '../components/InfoLayout';
import { VettedExplainer } from '../components/VettedExplainer';

const price = `${MEMBERSHIP_PRICE_USD.toFixed(2)} USD`;
const monthly = `${MEMBERSHIP_MONTHLY_FROM_USD.toFixed(2)} USD`;
export const SUPPORT_EMAIL = 'support@altmedconnect.com';
const UPDATED = 'Last updated: January 6, 2025';

const Steps = styled.ol`
  list-style: none;
  padding: 0 !important;
  display: grid;
  gap: 14px;
  counter-reset: step;
  li {
    counter-increment: step;
    position: relative;
    padding: 18px 20px 18px 68px;
    border-radius: ${theme.radii.lg};
    background: ${theme.colors.surface};
    border: 1px solid ${theme.colors.border};
  }
  li + li {
    margin-top: 0 !important;
  }
  li::before {
    content: counter(step);
    position: absolute;
    left: 18px;
    top: 16px;
    width: 36px;
    height: 36px;
    border-radius: 50%;
    background: ${theme.colors.primary};
    color: #fff;
    font-weight: 700;
    display: grid;
    place-items: center;
  }
  strong {
    display: block;
  }
`;

const Cta = styled.div`
  margin-top: 32px;
  display: flex;
  flex-wrap: wrap;
  gap: 14px;
  align-items: center;
`;

function JoinCta() {
  const { openJoin } = useAuthDialogs();
  return (
    <Cta>
      <Button size="lg" variant="secondary" onClick={() => openJoin()}>
        Become a member
      </Button>
      <span>
        {price} a year, from {monthly} per month.
      </span>
    </Cta>
  );
}

export function HowPage() {
  return (
    <InfoLayout
      eyebrow="How it works"
      title="How It Works"
      lead="One annual membership gives you a directory of vetted alternative-medicine providers, and the knowledge to choose well."
      art={<VettingIllustration />}
    >
      <Prose>
        <h2>For members</h2>
        <Steps>
          <li>
            <strong>Join once a year.</strong> The membership is {price}, billed once for twelve months (from {monthly} per month). You can start at any time;
            your year starts the day you pay.
          </li>
          <li>
            <strong>Tell us what matters to you.</strong> Choose your areas of interest, from autoimmune care and functional medicine to women&rsquo;s health,
            so we can point you to the right people and learning.
          </li>
          <li>
            <strong>Find and compare providers.</strong> Each profile shows specialties, board certifications, education, state licences with DEA numbers, the
            practice&rsquo;s location and what patients say, with satisfaction and efficacy ratings.
          </li>
          <li>
            <strong>Reach out directly.</strong> Contact the provider that fits you by email or phone. Your care and any fees for it are between you and the
            provider; we never take a cut.
          </li>
        </Steps>
        <VettedExplainer />
        <h2>For providers</h2>
        <p>
          Practitioners register through the <Link to="/provider-portal">provider portal</Link> in three steps: practice information, qualifications, and a
          profile with a headshot, a photo of the practice and a description. Our review team checks the file as described above; once approved, the profile is
          visible to members and the provider manages it from their dashboard. Listing a practice is free for providers.
        </p>
        <h2>Learning and exploring</h2>
        <p>
          Members also get talks and guides from industry leaders, and a place to explore innovative therapies, treatments and products with the evidence behind
          them explained in plain language.
        </p>
        <JoinCta />
      </Prose>
    </InfoLayout>
  );
}

export function AboutPage() {
  return (
    <InfoLayout
      eyebrow="About us"
      title="About Us"
      lead="We started AltMed Connect because finding a qualified practitioner in integrative medicine should not depend on luck."
      art={<ConnectIllustration />}
    >
      <Prose>
        <h2>Why we exist</h2>
        <p>
          More people than ever look beyond conventional care for chronic conditions, recovery and healthy ageing. Yet the field is uneven: titles vary from
          state to state, and reviews on general sites rarely tell you whether someone is licensed to do what they offer. We bring the checking and the
          comparing into one place.
        </p>
        <h2>What we believe</h2>
        <ul>
          <li>
            <strong>Credentials first.</strong> Every provider is licensed and reviewed by people, not by an algorithm.
          </li>
          <li>
            <strong>Honest information.</strong> We explain therapies and their evidence plainly, including when the evidence is thin.
          </li>
          <li>
            <strong>Your data is yours.</strong> Members pay for the membership, so we never sell data or show you paid placements disguised as results.
          </li>
          <li>
            <strong>Alongside your doctor.</strong> Alternative and integrative care works best when your whole care team knows about it.
          </li>
        </ul>
        <VettedExplainer />
        <h2>Who we are</h2>
        <p>
          A small team of clinicians, patient advocates and engineers. Our clinical advisors help set the review standards; our support team answers every
          message within one business day. <Link to="/contact">Get in touch</Link> with any question.
        </p>
        <JoinCta />
      </Prose>
    </InfoLayout>
  );
}

const Faq = styled.div`
  display: grid;
  gap: 12px;
  margin-bottom: 40px;
  details {
    border-radius: ${theme.radii.md};
    background: ${theme.colors.surface};
    border: 1px solid ${theme.colors.border};
    padding: 0 18px;
  }
  summary {
    cursor: pointer;
    padding: 16px 0;
    min-height: 24px;
    font-weight: 600;
    font-size: 18px;
  }
  details p {
    margin: 0 0 16px;
  }
`;

const faqs: { q: string; a: string }[] = [
  {
    q: 'How much does the membership cost?',
    a: `${price} a year, paid once for twelve months, which works out at ${monthly} per month. Promo codes from our partners can lower the price.`,
  },
  {
    q: 'What does "vetted" mean?',
    a: 'Before a provider is shown to members, our review team checks their NPI number in the national registry, each state licence and DEA registration they list, and their board certifications, education and affiliations. Providers who lose a licence or fall short of our standards are blocked.',
  },
  {
    q: 'Is this a replacement for my doctor?',
    a: 'No. We help you find qualified practitioners in alternative and integrative medicine. Talk to your own doctor before changing or stopping a treatment, and call 911 in an emergency.',
  },
  {
    q: 'Do providers pay to be listed?',
    a: 'No. Listing is free for providers and nobody can buy a better position, so what you see depends on the provider and what patients say, not on payments.',
  },
  {
    q: 'How do I pay, and is my card safe?',
    a: 'By credit card. Card details go straight to our payment processor over an encrypted connection; we never see or store your card number.',
  },
  {
    q: 'I forgot my password. What now?',
    a: `Choose "Forgot password?" in the login window and enter your email address. We email you a link that works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. Setting a new password signs you out on every other device.`,
  },
  {
    q: 'Can I cancel?',
    a: `Yes. Write to ${SUPPORT_EMAIL}. The membership ends at the end of the year you paid for and is never renewed without asking you first.`,
  },
  {
    q: 'I am a practitioner. How do I join?',
    a: 'Use Provider Sign Up in the menu. It takes about ten minutes: practice information, qualifications and licences, then your profile text and photos.',
  },
];

export function FaqPage() {
  return (
    <InfoLayout
      eyebrow="Questions and answers"
      title="Frequently Asked Questions"
      lead="Short answers about the membership, our providers, payments and your account."
      art={<VettingIllustration />}
    >
      <Prose>
        <Faq>
          {faqs.map(({ q, a }) => (
            <details key={q}>
              <summary>{q}</summary>
              <p>{a}</p>
            </details>
          ))}
        </Faq>
        <VettedExplainer />
        <p>
          Still have a question? <Link to="/contact">Contact us</Link>.
        </p>
      </Prose>
    </InfoLayout>
  );
}

const ContactGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr);
  gap: 40px;
  align-items: start;
  ${theme.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: 28px;
  }
`;

const FormCard = styled(Card)`
  padding: 28px;
  h2 {
    font-size: 24px;
    margin-bottom: 8px;
  }
  > p {
    color: ${theme.colors.textMuted};
    margin-bottom: 18px;
  }
  ${theme.mobile} {
    padding: 20px 16px;
  }
`;

export function ContactPage() {
  const { openJoin } = useAuthDialogs();
  return (
    <InfoLayout
      eyebrow="Contact"
      title="Contact Us"
      lead="Questions about the membership, a provider or your account? We answer every message within one business day."
      art={<ContactIllustration />}
    >
      <ContactGrid>
        <Prose>
          <h2>Member support</h2>
          <p>
            Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            <br />
            Phone (800) 555-0134, Monday to Friday, 9 am to 5 pm Eastern
          </p>
          <h2>Providers</h2>
          <p>
            Questions about your listing or the review of your file: <a href="mailto:providers@altmedconnect.com">providers@altmedconnect.com</a>. To list your
            practice, start at the <Link to="/provider-portal">provider portal</Link>.
          </p>
          <h2>Medical emergencies</h2>
          <p>We cannot give medical advice. In an emergency call 911 or go to the nearest emergency room.</p>
        </Prose>
        <FormCard as="section" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Become a member</h2>
          <p>Leave your details to open your account; you choose how to pay next. Already a member? Use the same email and password to log in.</p>
          <ContactInfoForm onDone={() => openJoin('paymentMethod')} submitLabel="Continue to payment" />
        </FormCard>
      </ContactGrid>
    </InfoLayout>
  );
}

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
          You can ask us for a copy of your information, to correct it, or to delete your account, by writing to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. We keep payment records as long as tax law requires and delete the rest within 30 days of
          closing an account.
        </p>
        <h2>Changes</h2>
        <p>If we change this policy in a way that matters, we email members before the change takes effect.</p>
      </Prose>
    </InfoLayout>
  );
}

export function TermsPage() {
  return (
    <InfoLayout
      eyebrow="Terms"
      title="Terms of Service"
      lead="The agreement between you and AltMed Connect when you use the site or hold a membership."
      art={<ShieldIllustration />}
    >
      <Prose>
        <p>{UPDATED}</p>
        <h2>1. The service</h2>
        <p>
          AltMed Connect is a directory and learning service. We help you find and compare vetted providers of alternative and integrative medicine. We are not
          a healthcare provider and nothing on the site is medical advice.
        </p>
        <h2>2. Membership and payment</h2>
        <p>
          The membership costs {price} for twelve months, paid in advance by card (advertised as from {monthly} per month). A promo code lowers the price as
          shown before you pay. Your membership starts when the payment is confirmed. We never renew it without asking you first.
        </p>
        <h2>3. Cancellation and refunds</h2>
        <p>
          You may cancel at any time by writing to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. If you cancel within 14 days of paying, we refund
          the full amount; after that, your membership stays active until the end of the year you paid for.
        </p>
        <h2>4. Your account</h2>
        <p>
          Keep your password to yourself and tell us if you think someone else has used your account. You must be 18 or older to hold a membership. You can
          reset a forgotten password from the login window.
        </p>
        <h2>5. Providers and your care</h2>
        <p>
          Providers are independent professionals. We check their credentials as described on <Link to="/how">How It Works</Link>, but any treatment, its price
          and its results are a matter between you and the provider. Always tell your own doctor about treatments you take.
        </p>
        <h2>6. Reviews and conduct</h2>
        <p>
          Reviews must describe your own experience, honestly. Do not misuse the site, try to reach other people&rsquo;s data, or interfere with the service.
        </p>
        <h2>7. Liability</h2>
        <p>
          We provide the service with care but cannot guarantee that it is always available or that every listing is error-free. To the extent the law allows,
          our liability is limited to the membership fee you paid in the last twelve months.
        </p>
        <h2>8. Changes and contact</h2>
        <p>
          We may update these terms; we email members at least 30 days before a change that affects them. Questions: <Link to="/contact">contact us</Link>.
        </p>
      </Prose>
    </InfoLayout>
  );
}
