import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Card, PageContainer, PageTitle, RouteGuard, Spinner, theme } from '@altmed/web-kit';
import { QueryProvider } from '@altmed/web-kit/src/query';
import { Alert } from '../../../components/ui';
import { useOwnProfile } from '../hooks/useOwnProfile';
import type { SaveOutcome } from '../hooks/useSectionEditor';
import { BasicInfoSection } from './BasicInfoSection';
import { DescriptionSection } from './DescriptionSection';
import { ImagesSection } from './ImagesSection';
import { PasswordSection } from './PasswordSection';
import { QualificationsSection } from './QualificationsSection';
import { ReviewsSection } from './ReviewsSection';
import { StatusNotice } from './StatusNotice';

const Stats = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 16px;
  margin-bottom: 28px;
  ${theme.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Stat = styled(Card)`
  padding: 20px 22px;
  span {
    display: block;
    color: ${theme.colors.textMuted};
    font-size: 14px;
    margin-bottom: 4px;
  }
  strong {
    font-family: ${theme.fonts.heading};
    font-size: 30px;
  }
`;

const Sections = styled.div`
  display: grid;
  gap: 18px;
`;

const Banner = styled.div`
  position: sticky;
  top: 8px;
  z-index: 10;
`;

export const DashboardTexts = {
  loadFailed: 'Failed to load your profile information.',
  saved: 'Changes saved successfully!',
  saveFailed: 'Failed to save changes',
  viewProfile: 'View your public profile',
} as const;

/** How long the save banners stay (SPEC §9). */
const BANNER_MS = 3_000;

/** An average to one decimal; no reviews yet shows a dash, not 0.0. */
const rating = (value: number | undefined, reviews: number) => (reviews > 0 && typeof value === 'number' ? value.toFixed(1) : '—');

/** The outcome of the last save, shown for 3 s. */
function useSaveBanner() {
  const [banner, setBanner] = useState<{ outcome: SaveOutcome; at: number } | null>(null);
  useEffect(() => {
    if (!banner) return undefined;
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);
  return { outcome: banner?.outcome ?? null, show: (outcome: SaveOutcome) => setBanner({ outcome, at: Date.now() }) };
}

/** The provider dashboard (SPEC §2): review stats and the editable sections of the provider's profile. */
function ProviderDashboardContent() {
  const query = useOwnProfile();
  const banner = useSaveBanner();
  const provider = query.data;
  const stats = provider?.reviewStats;
  const reviews = stats?.totalReviews ?? 0;

  return (
    <PageContainer>
      <PageTitle subtitle="Your public profile and what patients say.">
        {provider?.providerName ? `Welcome, ${provider.providerName}` : 'Provider Dashboard'}
      </PageTitle>
      <Banner aria-live="polite">
        {banner.outcome === 'saved' ? <Alert tone="success">{DashboardTexts.saved}</Alert> : null}
        {banner.outcome === 'failed' ? <Alert>{DashboardTexts.saveFailed}</Alert> : null}
      </Banner>
      {query.isError ? <Alert>{DashboardTexts.loadFailed}</Alert> : null}
      <Stats>
        <Stat>
          <span>Total Reviews</span>
          <strong>{reviews}</strong>
        </Stat>
        <Stat>
          <span>Avg Satisfaction</span>
          <strong>{rating(stats?.averageSatisfactionRating, reviews)}</strong>
        </Stat>
        <Stat>
          <span>Avg Efficacy</span>
          <strong>{rating(stats?.averageEfficacyRating, reviews)}</strong>
        </Stat>
      </Stats>
      {query.isPending && !query.isError ? <Spinner label="Loading your profile..." /> : null}
      {provider ? (
        <Sections>
          <StatusNotice provider={provider} />
          <p>
            <Link to={`/provider-profile/${encodeURIComponent(provider._id)}`}>{DashboardTexts.viewProfile}</Link>
          </p>
          <BasicInfoSection provider={provider} onOutcome={banner.show} />
          <DescriptionSection provider={provider} onOutcome={banner.show} />
          <QualificationsSection provider={provider} onOutcome={banner.show} />
          <ImagesSection provider={provider} onOutcome={banner.show} />
          <ReviewsSection providerId={provider._id} />
          <PasswordSection />
        </Sections>
      ) : null}
    </PageContainer>
  );
}

/** The dashboard inside the page's query client, for providers only (web-kit's ROUTE_ACCESS). */
export default function ProviderDashboardPage() {
  return (
    <RouteGuard>
      <QueryProvider>
        <ProviderDashboardContent />
      </QueryProvider>
    </RouteGuard>
  );
}
