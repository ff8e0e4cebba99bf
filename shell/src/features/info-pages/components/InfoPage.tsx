import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PageContainer, PageTitle, theme } from '@altmed/web-kit';

export interface InfoPageContent {
  title: string;
  subtitle: string;
  paragraphs: string[];
}

/** The public informational pages linked from the header and footer (SPEC §1: content not shown). */
export const infoPages: Record<string, InfoPageContent> = {
  how: {
    title: 'How It Works',
    subtitle: 'Join once, then find, compare and learn.',
    paragraphs: [
      'Members pay one annual fee and get access to a network of vetted alternative-medicine providers, scientists, practitioners and advisors.',
      'Browse provider profiles with specialties, credentials, state licences and patient reviews, then contact the provider that fits you.',
    ],
  },
  about: {
    title: 'About Us',
    subtitle: 'A membership built around trust.',
    paragraphs: [
      'We connect people with providers in alternative and integrative medicine whose qualifications we have checked.',
      'Providers register through our provider portal and appear to members after an administrator approves them.',
    ],
  },
  faq: {
    title: 'Frequently Asked Questions',
    subtitle: 'Answers to common questions about the membership.',
    paragraphs: [
      'How much does membership cost? The annual membership is 119.88 USD, billed once a year — from 9.99 USD per month.',
      'How are providers vetted? Every provider submits their NPI number, board certifications and state licences, and is reviewed before approval.',
    ],
  },
  contact: {
    title: 'Contact Us',
    subtitle: 'We are happy to help.',
    paragraphs: ['Questions about your membership or a provider listing? Reach our support team and we will get back to you.'],
  },
  privacy: {
    title: 'Privacy Policy',
    subtitle: 'How we handle your information.',
    paragraphs: ['We use your information only to provide the membership and the services you ask for.'],
  },
  terms: {
    title: 'Terms of Service',
    subtitle: 'The terms of using this site and the membership.',
    paragraphs: ['By using this site you agree to these terms.'],
  },
};

const Prose = styled.div`
  display: grid;
  gap: 16px;
  font-size: 17px;
  color: ${theme.colors.text};
  max-width: 680px;
`;

export function InfoPage({ page }: { page: keyof typeof infoPages }) {
  const content = infoPages[page];
  if (!content) return null;
  return (
    <PageContainer $narrow>
      <PageTitle subtitle={content.subtitle}>{content.title}</PageTitle>
      <Prose>
        {content.paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      </Prose>
    </PageContainer>
  );
}
