import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { DirectoryProvider } from '@altmed/contracts/web';
import { formatDate, theme } from '@altmed/web-kit';
import { CompareToggle } from '../../../components/CompareToggle';
import { StarRating } from '../../../components/StarRating';
import { formatRating, reviewCount } from '../../../lib/ratings';
import { profilePath, shortMiles, type SearchPlace } from '../../../lib/searchPlace';
import { DirectoryTexts } from '../lib/directoryTexts';

const Card = styled.li`
  position: relative;
  display: grid;
  grid-template-columns: 72px 1fr;
  gap: ${theme.space(4)};
  padding: ${theme.space(5)};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.sm};
  transition: box-shadow 0.15s ease;
  &:hover,
  &:focus-within {
    box-shadow: ${theme.shadows.md};
  }
`;

const Photo = styled.img`
  width: 72px;
  height: 72px;
  border-radius: 50%;
  object-fit: cover;
  background: ${theme.colors.primarySoft};
`;

const Initials = styled.span`
  display: grid;
  place-items: center;
  width: 72px;
  height: 72px;
  border-radius: 50%;
  background: ${theme.colors.primarySoft};
  color: ${theme.colors.primary};
  font-family: ${theme.fonts.heading};
  font-size: 24px;
  font-weight: 600;
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const Name = styled.h3`
  font-size: 19px;
  line-height: 1.25;
  a {
    color: ${theme.colors.text};
    text-decoration: none;
  }
  /* The whole card opens the profile; the name is the link's text. */
  a::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: ${theme.radii.lg};
  }
  a:focus-visible::after {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Muted = styled.p`
  color: ${theme.colors.textMuted};
  font-size: 15px;
`;

const Areas = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  list-style: none;
  padding: 0;
  margin: 2px 0;
  li {
    padding: 2px 10px;
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.primarySoft};
    color: ${theme.colors.primaryDark};
    font-size: 13px;
    font-weight: 600;
  }
`;

const Rating = styled.p`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: 15px;
  color: ${theme.colors.text};
`;

const Verified = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  color: ${theme.colors.success};
  font-size: 14px;
  font-weight: 600;
`;

const Distance = styled.span`
  margin-left: 8px;
  padding: 1px 8px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceMuted};
  color: ${theme.colors.text};
  font-size: 14px;
  font-weight: 600;
  white-space: nowrap;
`;

const Pick = styled.div`
  margin-top: 4px;
`;

const initialsOf = (name: string) =>
  name
    .replace(/^dr\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

/**
 * One provider of the results: photo, names, areas, place (and its distance, near a place), rating
 * and when it was vetted; the card opens the profile, which is told the place searched from.
 */
export function ResultCard({ provider, place }: { provider: DirectoryProvider; place: SearchPlace }) {
  const verified = provider.verifiedAt ? formatDate(provider.verifiedAt) : null;
  return (
    <Card>
      {provider.headshotThumbnailUrl ? (
        <Photo src={provider.headshotThumbnailUrl} alt="" width={72} height={72} loading="lazy" />
      ) : (
        <Initials aria-hidden="true">{initialsOf(provider.providerName)}</Initials>
      )}
      <Body>
        <Name>
          <Link to={profilePath(provider._id, place)} aria-label={DirectoryTexts.viewProfile(provider.providerName)}>
            {provider.providerName}
          </Link>
        </Name>
        <Muted>{provider.practiceName}</Muted>
        {provider.specialties.length > 0 ? (
          <Areas aria-label={DirectoryTexts.areas}>
            {provider.specialties.map((area) => (
              <li key={area}>{area}</li>
            ))}
          </Areas>
        ) : null}
        <Muted>
          {provider.city}, {provider.state}
          {provider.distanceMiles === undefined ? null : (
            <>
              {' '}
              <Distance>{shortMiles(provider.distanceMiles)}</Distance>
            </>
          )}
        </Muted>
        <Rating>
          {provider.totalReviews > 0 ? (
            <>
              <StarRating rating={provider.averageRating} />
              <span>
                {formatRating(provider.averageRating)} · {reviewCount(provider.totalReviews)}
              </span>
            </>
          ) : (
            <Muted as="span">{DirectoryTexts.noReviews}</Muted>
          )}
        </Rating>
        {verified ? (
          <Verified>
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
              <path d="M6.4 11.2 3.2 8l1.1-1.1 2.1 2.1 5.3-5.3 1.1 1.1z" fill="currentColor" />
            </svg>
            {DirectoryTexts.verifiedOn(verified)}
          </Verified>
        ) : null}
        <Pick>
          <CompareToggle providerId={provider._id} providerName={provider.providerName} />
        </Pick>
      </Body>
    </Card>
  );
}
