import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { PageContainer, theme, useSession } from '@altmed/web-kit';
import { CompareTray } from '../../../components/CompareTray';
import type { PublicProvider } from '../api/providerProfile';
import { aboutText, latestReviews } from '../lib/providerDetails';
import { AdvertisementPlaceholder } from './AdvertisementPlaceholder';
import { LocationSection } from './LocationSection';
import { PatientsSaySection } from './PatientsSaySection';
import { ProfileHeader } from './ProfileHeader';
import { ProfileHero } from './ProfileHero';
import { ProfileSection } from './ProfileSection';
import { QualificationsSection } from './QualificationsSection';

// A member's own review (and its form) is downloaded after the profile, not with it.
const OwnReviewSection = lazy(() => import('./OwnReviewSection').then(({ OwnReviewSection: Section }) => ({ default: Section })));

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: 20px;
  ${theme.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Column = styled.div`
  display: grid;
  gap: 20px;
  align-content: start;
`;

const About = styled.p`
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

export interface ProviderProfileViewProps {
  provider: PublicProvider;
  /** Miles from the place the member searched near, when the profile was opened from such a search. */
  distanceMiles?: number;
  /** The ZIP code searched near, for the comparison the tray opens. */
  zip?: string;
}

/** The loaded profile (SPEC §2). */
export function ProviderProfileView({ provider, distanceMiles, zip }: ProviderProfileViewProps) {
  const { user } = useSession();
  // Members write reviews; providers and admins only read them.
  const isMember = user?.role === 'user';
  return (
    <PageContainer>
      <ProfileHero provider={provider} />
      <ProfileHeader provider={provider} distanceMiles={distanceMiles} />
      <Layout>
        <Column>
          <ProfileSection title="About">
            <About>{aboutText(provider)}</About>
          </ProfileSection>
          <PatientsSaySection providerId={provider._id} stats={provider.reviewStats} latestReviews={latestReviews(provider)} />
          {isMember ? (
            <Suspense fallback={null}>
              <OwnReviewSection providerId={provider._id} />
            </Suspense>
          ) : null}
          <QualificationsSection provider={provider} />
        </Column>
        <Column>
          <LocationSection provider={provider} />
          <AdvertisementPlaceholder />
        </Column>
      </Layout>
      <CompareTray zip={zip} />
    </PageContainer>
  );
}
