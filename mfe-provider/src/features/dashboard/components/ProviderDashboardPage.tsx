import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { Button, Card, PageContainer, PageTitle, RouteGuard, Spinner, theme, useSession } from '@altmed/web-kit';
import { QueryProvider } from '@altmed/web-kit/src/query';
import { Alert } from '../../../components/ui';
import { fetchOwnProfile } from '../api/dashboard';

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

const SectionHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  margin-bottom: 12px;
  h2 {
    font-size: 20px;
  }
`;

const Muted = styled.p`
  color: ${theme.colors.textMuted};
`;

const Dl = styled.dl`
  display: grid;
  grid-template-columns: 200px 1fr;
  gap: 8px 16px;
  margin: 0;
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
  }
  ${theme.mobile} {
    grid-template-columns: 1fr;
    dd {
      margin-bottom: 8px;
    }
  }
`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-label={title}>
      <SectionHead>
        <h2>{title}</h2>
        {/* Editing (Edit/Cancel/Save Changes) arrives with the providers API. */}
        <Button variant="outline" size="sm" disabled>
          Edit
        </Button>
      </SectionHead>
      {children}
    </Card>
  );
}

const list = (values?: string[]) => (values?.length ? values.join(', ') : '—');
const rating = (value?: number) => (typeof value === 'number' ? value.toFixed(1) : '—');

/** The provider dashboard (SPEC §2): review stats and the sections of the provider's profile. */
function ProviderDashboardContent() {
  const { user } = useSession();
  const providerId = user?.providerId ?? null;
  const query = useQuery({
    queryKey: ['provider-dashboard', providerId],
    queryFn: ({ signal }) => fetchOwnProfile(providerId ?? '', signal),
    enabled: Boolean(providerId),
  });
  const profile = query.data ?? null;
  const loading = Boolean(providerId) && query.isPending;
  const error = !providerId || query.isError ? 'Failed to load your profile information.' : null;

  const stats = profile?.reviewStats;

  return (
    <PageContainer>
      <PageTitle subtitle="Your public profile and what patients say.">
        {profile?.providerName ? `Welcome, ${profile.providerName}` : 'Provider Dashboard'}
      </PageTitle>
      {error ? <Alert>{error}</Alert> : null}
      <Stats>
        <Stat>
          <span>Total Reviews</span>
          <strong>{stats?.totalReviews ?? 0}</strong>
        </Stat>
        <Stat>
          <span>Avg Satisfaction</span>
          <strong>{rating(stats?.averageSatisfactionRating)}</strong>
        </Stat>
        <Stat>
          <span>Avg Efficacy</span>
          <strong>{rating(stats?.averageEfficacyRating)}</strong>
        </Stat>
      </Stats>
      {loading ? (
        <Spinner label="Loading your profile..." />
      ) : (
        <Sections>
          <Section title="Basic Information">
            <Dl>
              <dt>Practice</dt>
              <dd>{profile?.practiceName ?? '—'}</dd>
              <dt>Provider</dt>
              <dd>{profile?.providerName ?? '—'}</dd>
              <dt>Email</dt>
              <dd>{profile?.email ?? '—'}</dd>
              <dt>NPI Number</dt>
              <dd>{profile?.npiNumber ?? '—'}</dd>
              <dt>Address</dt>
              <dd>{profile ? [profile.address, profile.suite, profile.city, profile.state, profile.zip].filter(Boolean).join(', ') || '—' : '—'}</dd>
            </Dl>
          </Section>
          <Section title="Practice Description">
            <Muted>{profile?.practiceDescription || 'No description yet.'}</Muted>
          </Section>
          <Section title="Qualifications">
            <Dl>
              <dt>Specialties</dt>
              <dd>{list(profile?.specialties)}</dd>
              <dt>Board certifications</dt>
              <dd>{list(profile?.boardCertifications)}</dd>
              <dt>Hospital affiliations</dt>
              <dd>{list(profile?.hospitalAffiliations)}</dd>
              <dt>Education and training</dt>
              <dd>{list(profile?.educationAndTraining)}</dd>
            </Dl>
          </Section>
          <Section title="Profile Images">
            <Muted>{profile?.headshotUrl || profile?.galleryUrl ? 'Headshot and gallery image uploaded.' : 'No images yet.'}</Muted>
          </Section>
        </Sections>
      )}
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
