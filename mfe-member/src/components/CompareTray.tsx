import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '@altmed/web-kit';
import { CompareTrayTexts } from '../lib/compareTexts';
import { comparePath, useCompareTray } from '../lib/compareTray';

const Tray = styled.aside`
  position: sticky;
  bottom: 0;
  z-index: 5;
  display: flex;
  align-items: center;
  gap: ${theme.space(3)};
  flex-wrap: wrap;
  margin-top: ${theme.space(6)};
  padding: ${theme.space(3)} ${theme.space(4)};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg} ${theme.radii.lg} 0 0;
  box-shadow: ${theme.shadows.lg};
  h2 {
    font-size: 16px;
    font-family: ${theme.fonts.body};
    /* A phone keeps the tray short: the title is for assistive technology there. */
    ${theme.mobile} {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  }
`;

const Picks = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  flex: 1 1 240px;
  min-width: 0;
  list-style: none;
  padding: 0;
  margin: 0;
  li {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    max-width: 100%;
    padding: 2px 4px 2px 12px;
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.primarySoft};
    color: ${theme.colors.primaryDark};
    font-size: 14px;
    font-weight: 600;
  }
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Remove = styled.button`
  display: grid;
  place-items: center;
  width: 28px;
  height: 28px;
  flex: none;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surface};
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space(2)};
  margin-left: auto;
`;

const Clear = styled.button`
  padding: 8px 12px;
  border: 0;
  background: transparent;
  color: ${theme.colors.textMuted};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
`;

const CompareLink = styled(Link)`
  display: inline-flex;
  padding: 10px 20px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.primary};
  color: #fff;
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  &:hover {
    background: ${theme.colors.primaryDark};
  }
`;

const Waiting = styled.span`
  display: inline-flex;
  padding: 10px 20px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceMuted};
  color: ${theme.colors.textMuted};
  font-weight: 600;
  white-space: nowrap;
`;

const Hint = styled.p`
  flex-basis: 100%;
  color: ${theme.colors.textMuted};
  font-size: 14px;
`;

/**
 * The member's compare picks, kept at the bottom of the page while it scrolls: each name with
 * Remove, and "Compare (n)" from two picks on, measuring from `zip` when the page has one. Nothing
 * while the tray is empty.
 */
export function CompareTray({ zip }: { zip?: string }) {
  const tray = useCompareTray();
  if (tray.picks.length === 0) return null;
  const count = tray.picks.length;
  const pickedIds = tray.picks.map((pick) => pick.id);
  return (
    <Tray aria-labelledby="compare-tray-title">
      <h2 id="compare-tray-title">{CompareTrayTexts.tray}</h2>
      <Picks>
        {tray.picks.map((pick) => (
          <li key={pick.id}>
            <span>{pick.name || CompareTrayTexts.unnamed}</span>
            <Remove type="button" aria-label={CompareTrayTexts.removeLabel(pick.name || CompareTrayTexts.unnamed)} onClick={() => tray.remove(pick.id)}>
              <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
                <path d="M3.5 2.4 8 6.9l4.5-4.5 1.1 1.1L9.1 8l4.5 4.5-1.1 1.1L8 9.1l-4.5 4.5-1.1-1.1L6.9 8 2.4 3.5z" fill="currentColor" />
              </svg>
            </Remove>
          </li>
        ))}
      </Picks>
      <Actions>
        <Clear type="button" onClick={tray.clear}>
          {CompareTrayTexts.clear}
        </Clear>
        {tray.canCompare ? (
          <CompareLink to={comparePath(pickedIds, zip)}>{CompareTrayTexts.compare(count)}</CompareLink>
        ) : (
          <Waiting aria-disabled="true">{CompareTrayTexts.compare(count)}</Waiting>
        )}
      </Actions>
      {tray.canCompare ? null : <Hint>{CompareTrayTexts.pickMore}</Hint>}
    </Tray>
  );
}
