import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { CompareResponse } from '@altmed/contracts/web';
import { theme } from '@altmed/web-kit';
import { StarRating } from '../../../components/StarRating';
import { profilePath } from '../../../lib/searchPlace';
import { compareRows, ratingText, type CompareCell } from '../lib/compareRows';
import { CompareRowLabels, CompareTexts } from '../lib/compareTexts';

const ROW_HEADER_WIDTH = 200;
const ROW_HEADER_WIDTH_MOBILE = 116;
const COLUMN_MIN_WIDTH = 190;
const COLUMN_MIN_WIDTH_MOBILE = 168;

/** The table's own sideways scroll: the page never scrolls sideways, the provider columns do. */
const Scroller = styled.div`
  overflow-x: auto;
  max-width: 100%;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows.sm};
  overscroll-behavior-x: contain;
`;

/** Only on a phone, where the columns do not fit. */
const ScrollHint = styled.p`
  display: none;
  margin-bottom: ${theme.space(2)};
  color: ${theme.colors.textMuted};
  font-size: 14px;
  ${theme.mobile} {
    display: block;
  }
`;

const Table = styled.table<{ $columns: number }>`
  width: 100%;
  min-width: ${(p) => ROW_HEADER_WIDTH + p.$columns * COLUMN_MIN_WIDTH}px;
  table-layout: fixed;
  /* separate, not collapse: borders of sticky cells stay with them. */
  border-collapse: separate;
  border-spacing: 0;
  font-size: 15px;
  ${theme.mobile} {
    min-width: ${(p) => ROW_HEADER_WIDTH_MOBILE + p.$columns * COLUMN_MIN_WIDTH_MOBILE}px;
    font-size: 14px;
  }
  /* Named for assistive technology; the visible hint is above the scrolling box, which a caption would scroll with. */
  caption {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  th,
  td {
    padding: ${theme.space(3)} ${theme.space(4)};
    border-top: 1px solid ${theme.colors.border};
    text-align: left;
    vertical-align: top;
    overflow-wrap: anywhere;
    ${theme.mobile} {
      padding: ${theme.space(3)};
    }
  }
  col.row-header {
    width: ${ROW_HEADER_WIDTH}px;
    ${theme.mobile} {
      width: ${ROW_HEADER_WIDTH_MOBILE}px;
    }
  }
  /* The row headers stay put while the provider columns scroll under them. */
  th[scope='row'],
  thead td {
    position: sticky;
    left: 0;
    z-index: 1;
    background: ${theme.colors.surface};
    border-right: 1px solid ${theme.colors.border};
    font-weight: 600;
  }
  tr[data-differs='true'] > * {
    background: ${theme.colors.accentSoft};
  }
  tr[data-differs='true'] > th[scope='row'] {
    box-shadow: inset 4px 0 0 ${theme.colors.accent};
  }
`;

const ColumnHead = styled.th`
  font-weight: 400;
`;

const Person = styled.div`
  display: grid;
  gap: 4px;
  justify-items: start;
  a {
    color: ${theme.colors.text};
    font-family: ${theme.fonts.heading};
    font-size: 18px;
    font-weight: 600;
    line-height: 1.25;
  }
  p {
    color: ${theme.colors.textMuted};
    font-size: 14px;
  }
`;

const Photo = styled.img`
  width: 56px;
  height: 56px;
  border-radius: 50%;
  object-fit: cover;
  background: ${theme.colors.primarySoft};
`;

const RemoveButton = styled.button`
  margin-top: 4px;
  padding: 4px 0;
  border: 0;
  background: transparent;
  color: ${theme.colors.accent};
  font: inherit;
  font-size: 14px;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
`;

/** The marker of a row whose values differ: a symbol and a word, not colour alone. */
const DiffMark = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  margin-top: 4px;
  padding: 1px 8px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.accent};
  color: #fff;
  font-size: 12px;
  font-weight: 600;
  letter-spacing: 0.02em;
`;

const RowLabel = styled.span`
  display: block;
`;

const Items = styled.ul`
  display: grid;
  gap: 2px;
  list-style: disc;
  padding-left: 18px;
  margin: 0;
`;

const Muted = styled.span`
  color: ${theme.colors.textMuted};
`;

const Rating = styled.span`
  display: grid;
  gap: 2px;
`;

function Cell({ cell }: { cell: CompareCell }) {
  switch (cell.kind) {
    case 'list':
      return cell.items.length === 1 ? (
        <>{cell.items[0]}</>
      ) : (
        <Items>
          {cell.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </Items>
      );
    case 'rating':
      return (
        <Rating>
          <StarRating rating={cell.rating} size={16} />
          <span>{ratingText(cell)}</span>
        </Rating>
      );
    case 'text':
      return cell.muted ? <Muted>{cell.text}</Muted> : <>{cell.text}</>;
  }
}

/** The providers side by side: a column each, a row per field, rows whose values differ marked. */
export function CompareTable({ comparison, onRemove }: { comparison: CompareResponse; onRemove: (id: string) => void }) {
  const { providers, origin } = comparison;
  const rows = compareRows(comparison);
  // The profiles show the distance from the same ZIP code.
  const place = origin?.known ? { near: origin.zip } : {};
  return (
    <>
      <ScrollHint aria-hidden="true">{CompareTexts.tableHint}</ScrollHint>
      <Scroller>
        <Table $columns={providers.length}>
          <caption>{CompareTexts.table}</caption>
          <colgroup>
            <col className="row-header" />
            {providers.map((provider) => (
              <col key={provider._id} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <td>{CompareTexts.provider}</td>
              {providers.map((provider) => (
                <ColumnHead key={provider._id} scope="col">
                  <Person>
                    {provider.headshotThumbnailUrl ? <Photo src={provider.headshotThumbnailUrl} alt="" width={56} height={56} /> : null}
                    <Link to={profilePath(provider._id, place)}>{provider.providerName}</Link>
                    <p>{provider.practiceName}</p>
                    <p>
                      {provider.city}, {provider.state}
                    </p>
                    <RemoveButton type="button" aria-label={CompareTexts.removeLabel(provider.providerName)} onClick={() => onRemove(provider._id)}>
                      {CompareTexts.remove}
                    </RemoveButton>
                  </Person>
                </ColumnHead>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-differs={row.differs}>
                <th scope="row">
                  <RowLabel>{row.label}</RowLabel>
                  {row.differs ? (
                    <DiffMark>
                      <span aria-hidden="true">≠</span> {CompareTexts.differs}
                    </DiffMark>
                  ) : null}
                </th>
                {row.cells.map((cell, index) => (
                  <td key={providers[index]!._id}>
                    <Cell cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">{CompareRowLabels.profile}</th>
              {providers.map((provider) => (
                <td key={provider._id}>
                  <Link to={profilePath(provider._id, place)} aria-label={CompareTexts.viewProfileLabel(provider.providerName)}>
                    {CompareTexts.viewProfile}
                  </Link>
                </td>
              ))}
            </tr>
          </tbody>
        </Table>
      </Scroller>
    </>
  );
}
