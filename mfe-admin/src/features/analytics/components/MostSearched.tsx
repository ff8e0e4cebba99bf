import { useId } from 'react';
import styled from 'styled-components';
import { MOST_SEARCHED_LISTED } from '@altmed/contracts/web';
import { theme } from '@altmed/web-kit';
import type { ProviderFigures } from '../../../lib/figures';
import { formatCount } from '../../../lib/figureFormat';
import { Empty } from '../../../components/DataTable';

type Term = ProviderFigures['mostSearched']['areas'][number];

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 28px;
  ${theme.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
  h3 {
    font-size: 16px;
    margin-bottom: 10px;
  }
`;

const Ranks = styled.ol`
  margin: 0;
  padding-left: 1.6em;
  display: grid;
  gap: 10px;
  li::marker {
    color: ${theme.colors.textMuted};
    font-variant-numeric: tabular-nums;
  }
`;

const Line = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  span:last-child {
    flex: none;
    color: ${theme.colors.textMuted};
    font-size: 14px;
  }
`;

/** A thin bar under each term, as long as its share of the top term's searches. */
const Share = styled.span<{ $share: number }>`
  display: block;
  height: 4px;
  margin-top: 4px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.primarySoft};
  &::after {
    content: '';
    display: block;
    height: 100%;
    width: ${(p) => Math.max(2, Math.round(p.$share * 100))}%;
    border-radius: inherit;
    background: ${theme.colors.primary};
  }
`;

const searches = (count: number) => `${formatCount(count)} ${count === 1 ? 'search' : 'searches'}`;

/** One ranked list: the terms searched most first, each with its number of searches. */
function RankedList({ title, terms }: { title: string; terms: readonly Term[] }) {
  const titleId = useId();
  const listed = terms.slice(0, MOST_SEARCHED_LISTED);
  const most = Math.max(1, ...listed.map((term) => term.searches));
  return (
    <div>
      <h3 id={titleId}>{title}</h3>
      {listed.length ? (
        <Ranks aria-labelledby={titleId}>
          {listed.map((term) => (
            <li key={term.term}>
              <Line>
                <span>{term.term}</span>
                <span>{searches(term.searches)}</span>
              </Line>
              <Share $share={term.searches / most} aria-hidden="true" />
            </li>
          ))}
        </Ranks>
      ) : (
        <Empty>No directory searches yet.</Empty>
      )}
    </div>
  );
}

/** The directory's most searched specialty areas and places (a city and state, or a state) over the weeks charted. */
export function MostSearched({ mostSearched }: { mostSearched: ProviderFigures['mostSearched'] }) {
  return (
    <Columns>
      <RankedList title="Specialty areas" terms={mostSearched.areas} />
      <RankedList title="Places" terms={mostSearched.places} />
    </Columns>
  );
}
