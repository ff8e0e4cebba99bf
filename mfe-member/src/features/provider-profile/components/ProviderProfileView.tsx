import styled from 'styled-components';
import { PROFILE_REVIEWS_SHOWN } from '@altmed/contracts/web';
import { Button, Card, PageContainer, theme } from '@altmed/web-kit';
import type { PublicProvider } from '../api/providerProfile';

const Heroes = styled.div`
  display: grid;
  grid-template-columns: 1fr 1.4fr;
  gap: 16px;
  margin-bottom: 24px;
  ${theme.mobile} {
    grid-template-columns: 1fr;
  }
`;

const ImageBox = styled.div`
  aspect-ratio: 4 / 3;
  border-radius: ${theme.radii.lg};
  overflow: hidden;
  background: linear-gradient(150deg, ${theme.colors.primarySoft}, ${theme.colors.surfaceMuted});
  display: grid;
  place-items: center;
  color: ${theme.colors.textMuted};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Initials = styled.span`
  font-family: ${theme.fonts.heading};
  font-size: 64px;
  color: ${theme.colors.primary};
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 16px;
  flex-wrap: wrap;
  margin-bottom: 24px;
  h1 {
    font-size: clamp(26px, 3vw, 36px);
  }
  p {
    color: ${theme.colors.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
  a {
    text-decoration: none;
  }
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: 2fr 1fr;
  gap: 20px;
  ${theme.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Column = styled.div`
  display: grid;
  gap: 20px;
  align-content: start;
  h2 {
    font-size: 20px;
    margin-bottom: 10px;
  }
`;

const Ad = styled(Card)`
  text-align: center;
  color: ${theme.colors.textMuted};
  border-style: dashed;
`;

const List = styled.ul`
  margin: 0;
  padding-left: 18px;
  display: grid;
  gap: 4px;
`;

/** Public URL of an uploaded image: absolute URLs and root paths are used as they are. */
function imageSrc(value?: string): string | null {
  if (!value) return null;
  return /^(https?:)?\/\//.test(value) || value.startsWith('/') ? value : null;
}

function initials(name?: string): string {
  return (name ?? '?')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

function aboutText(p: PublicProvider): string {
  if (p.practiceDescription?.trim()) return p.practiceDescription;
  const parts = [`${p.providerName ?? 'This provider'}`];
  if (p.boardCertifications?.length) parts.push(`is board certified in ${p.boardCertifications.join(', ')}`);
  if (p.specialties?.length) parts.push(`${p.boardCertifications?.length ? 'and ' : ''}specialises in ${p.specialties.join(', ')}`);
  let text = parts.join(' ');
  if (p.practiceName) text += ` at ${p.practiceName}`;
  if (p.city) text += ` in ${p.city}`;
  return `${text}.`;
}

const rating = (value?: number) => (typeof value === 'number' ? value.toFixed(1) : '—');

/** The loaded profile. Reviews modal, map embed and Save arrive with the providers API. */
export function ProviderProfileView({ provider }: { provider: PublicProvider }) {
  const headshot = imageSrc(provider.headshotUrl);
  const gallery = imageSrc(provider.galleryUrl);
  const address = provider.fullAddress ?? [provider.address, provider.suite, provider.city, provider.state, provider.zip].filter(Boolean).join(', ');
  const stats = provider.reviewStats;
  const reviews = (provider.reviews ?? []).filter((r) => r.isActive !== false && r.isApproved !== false).slice(0, PROFILE_REVIEWS_SHOWN);

  return (
    <PageContainer>
      <Heroes>
        <ImageBox>
          {headshot ? (
            <img src={headshot} alt={provider.providerName ?? 'Provider headshot'} />
          ) : (
            <Initials aria-hidden="true">{initials(provider.providerName)}</Initials>
          )}
        </ImageBox>
        <ImageBox>{gallery ? <img src={gallery} alt="Office" /> : <span>Office Photo Not Available</span>}</ImageBox>
      </Heroes>
      <Head>
        <div>
          <h1>{provider.providerName ?? 'Provider'}</h1>
          <p>{[provider.practiceName, address].filter(Boolean).join(' · ')}</p>
        </div>
        <Actions>
          <Button variant="outline">Call</Button>
          {provider.email ? (
            <a href={`mailto:${provider.email}`}>
              <Button variant="outline" tabIndex={-1}>
                Email
              </Button>
            </a>
          ) : null}
          <Button variant="outline">Save</Button>
        </Actions>
      </Head>
      <Layout>
        <Column>
          <Card as="section">
            <h2>About</h2>
            <p>{aboutText(provider)}</p>
          </Card>
          <Card as="section">
            <h2>Patients Say</h2>
            <p>
              Satisfaction {rating(stats?.averageSatisfactionRating)} / 5 · Efficacy {rating(stats?.averageEfficacyRating)} / 5 · {stats?.totalReviews ?? 0}{' '}
              reviews
            </p>
            {reviews.length ? (
              <List>
                {reviews.map((r) => (
                  <li key={r._id}>
                    <strong>{r.clientName ?? 'Patient'}:</strong> {r.reviewText}
                  </li>
                ))}
              </List>
            ) : null}
          </Card>
          <Card as="section">
            <h2>Education and Qualifications</h2>
            <List>
              {provider.specialties?.length ? <li>Specialties: {provider.specialties.join(', ')}</li> : null}
              {provider.practiceName ? <li>Practice: {provider.practiceName}</li> : null}
              {provider.boardCertifications?.map((c) => (
                <li key={`c-${c}`}>Board certification: {c}</li>
              ))}
              {provider.hospitalAffiliations?.map((h) => (
                <li key={`h-${h}`}>Hospital affiliation: {h}</li>
              ))}
              {provider.educationAndTraining?.map((e) => (
                <li key={`e-${e}`}>Education: {e}</li>
              ))}
              {provider.npiNumber ? <li>NPI: {provider.npiNumber}</li> : null}
              {provider.stateLicenses?.map((l) => (
                <li key={`l-${l.state}`}>
                  {l.state} licence {l.licenseNumber ?? '—'} · DEA {l.deaNumber ?? '—'}
                </li>
              ))}
            </List>
          </Card>
        </Column>
        <Column>
          <Card as="section">
            <h2>Location</h2>
            <p>{address || 'Address not available'}</p>
            {address ? (
              <p>
                <a href={`https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`} target="_blank" rel="noreferrer">
                  Get Directions
                </a>
              </p>
            ) : null}
          </Card>
          <Ad as="aside" aria-label="Advertisement">
            Advertisement
          </Ad>
        </Column>
      </Layout>
    </PageContainer>
  );
}
