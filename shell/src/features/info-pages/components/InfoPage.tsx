import { AboutPage } from '../content/AboutPage';
import { ContactPage } from '../content/ContactPage';
import { FaqPage } from '../content/FaqPage';
import { HowPage } from '../content/HowPage';
import { PrivacyPage } from '../content/PrivacyPage';
import { TermsPage } from '../content/TermsPage';

/** The public information pages linked from the header and footer (SPEC §1 leaves their content to us). */
const pages = { how: HowPage, about: AboutPage, faq: FaqPage, contact: ContactPage, privacy: PrivacyPage, terms: TermsPage } as const;

export function InfoPage({ page }: { page: keyof typeof pages }) {
  const Page = pages[page];
  return <Page />;
}
