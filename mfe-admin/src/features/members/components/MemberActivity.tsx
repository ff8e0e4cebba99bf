import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '@altmed/web-kit';
import { StatePill } from '../../../components/ModerationCard';
import type { MemberActivityResponse } from '../api/members';
import { dateOrDash } from '../../../lib/format';
import { reviewStateLabels, reviewStateTones } from '../format';
import { Empty, Note, Scroll, Table } from '../../../components/DataTable';

const SavedList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    padding: 10px 0;
    border-bottom: 1px solid ${theme.colors.border};
  }
  li:last-child {
    border-bottom: none;
  }
  a {
    font-weight: 600;
  }
`;

const profilePath = (providerId: string) => `/provider-profile/${encodeURIComponent(providerId)}`;

/** The providers the member saved, newest first, each linking to its public profile. */
export function SavedProviders({ saved }: { saved: MemberActivityResponse['saved'] }) {
  if (!saved.length) return <Empty>No saved providers yet.</Empty>;
  return (
    <SavedList>
      {saved.map((entry) => (
        <li key={entry.providerId}>
          <Link to={profilePath(entry.providerId)}>{entry.providerName}</Link>
          <Note>{[entry.practiceName, `Saved ${dateOrDash(entry.savedAt)}`].filter(Boolean).join(' · ')}</Note>
        </li>
      ))}
    </SavedList>
  );
}

/** The member's reviews in every moderation state, newest first: the provider (linking to its profile), the ratings, the state in words. */
export function MemberReviews({ reviews }: { reviews: MemberActivityResponse['reviews'] }) {
  if (!reviews.length) return <Empty>No reviews yet.</Empty>;
  return (
    <Scroll>
      <Table aria-label="Reviews">
        <thead>
          <tr>
            <th scope="col">Provider</th>
            <th scope="col">Ratings</th>
            <th scope="col">Moderation</th>
            <th scope="col">Written</th>
          </tr>
        </thead>
        <tbody>
          {reviews.map((review) => (
            <tr key={review.reviewId}>
              <td>
                <Link to={profilePath(review.providerId)}>{review.providerName}</Link>
              </td>
              <td>
                Satisfaction {review.satisfactionRating}/5 · Efficacy {review.efficacyRating}/5
              </td>
              <td>
                <StatePill $tone={reviewStateTones[review.status]}>{reviewStateLabels[review.status]}</StatePill>
              </td>
              <td>{dateOrDash(review.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}
