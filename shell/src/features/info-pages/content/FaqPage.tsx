import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PASSWORD_RESET_TTL_MINUTES } from '@altmed/contracts/web';
import { theme } from '@altmed/web-kit';
import { VettingIllustration } from '../components/Illustrations';
import { InfoLayout, Prose } from '../components/InfoLayout';
import { VettedExplainer } from '../components/VettedExplainer';
import { SUPPORT_EMAIL, monthly, price } from './shared';

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
