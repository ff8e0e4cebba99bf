import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { AREAS_OF_INTEREST, HOME_AREAS_ON_SMALL_SCREENS } from '@altmed/contracts/web';
import { Button, theme, useIsMobile, Modal } from '@altmed/web-kit';

import { Eyebrow, Section, SectionHeader, SectionInner, SectionLead, SectionTitle } from './sectionStyles';

const palette = ['#1f5f5b', '#a3521f', '#6b4f99', '#2e7d4f', '#a4453f', '#2f6496'];

/** Wraps and centres the rows, so the 11 areas sit 4 + 4 + 3 on wide screens. */
const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 16px;
  > li {
    flex: 0 0 calc((100% - 3 * 16px) / 4);
  }
  @media (max-width: 1023px) {
    > li {
      flex-basis: calc((100% - 2 * 16px) / 3);
    }
  }
  ${theme.mobile} {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 12px;
  }
`;

const Tile = styled.li`
  min-width: 0;
  display: flex;
`;

/** Each area opens the directory filtered by it. */
const TileLink = styled(Link)`
  flex: 1;
  min-width: 0;
  color: ${theme.colors.text};
  text-decoration: none;
  overflow-wrap: anywhere;
  hyphens: auto;
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 16px 18px;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  font-weight: 600;
  font-size: 15px;
  transition:
    transform 0.15s ease,
    box-shadow 0.15s ease;
  &:hover,
  &:focus-visible {
    transform: translateY(-2px);
    box-shadow: ${theme.shadows.md};
  }
  ${theme.mobile} {
    padding: 12px;
    font-size: 14px;
    gap: 10px;
  }
`;

const Mark = styled.span<{ $color: string }>`
  flex: none;
  width: 36px;
  height: 36px;
  border-radius: 12px;
  background: ${(p) => p.$color}1f;
  color: ${(p) => p.$color};
  display: grid;
  place-items: center;
  font-family: ${theme.fonts.heading};
  font-weight: 700;
  ${theme.mobile} {
    width: 30px;
    height: 30px;
    border-radius: 10px;
  }
`;

const SeeAll = styled.div`
  margin-top: 20px;
  display: flex;
  justify-content: center;
`;

const DrawerList = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  display: grid;
  gap: 10px;
`;

function AreaTiles({ areas, as }: { areas: readonly string[]; as?: typeof DrawerList }) {
  const List = as ?? Grid;
  return (
    <List>
      {areas.map((area) => (
        <Tile key={area}>
          <TileLink to={`/providers?${new URLSearchParams({ areas: area }).toString()}`}>
            <Mark
              $color={palette[AREAS_OF_INTEREST.indexOf(area as (typeof AREAS_OF_INTEREST)[number]) % palette.length] ?? theme.colors.primary}
              aria-hidden="true"
            >
              {area.charAt(0)}
            </Mark>
            {area}
          </TileLink>
        </Tile>
      ))}
    </List>
  );
}

/** The 11 areas of interest: 6 and a See All drawer below 768px, all of them on wider screens. */
export function AreasOfInterest() {
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const shown = isMobile ? AREAS_OF_INTEREST.slice(0, HOME_AREAS_ON_SMALL_SCREENS) : AREAS_OF_INTEREST;

  return (
    <Section $tone="muted" aria-labelledby="areas-title">
      <SectionInner>
        <SectionHeader>
          <Eyebrow>Areas of interest</Eyebrow>
          <SectionTitle id="areas-title">Find care for what matters to you</SectionTitle>
          <SectionLead>Our providers cover {AREAS_OF_INTEREST.length} areas of alternative and integrative medicine.</SectionLead>
        </SectionHeader>
        <AreaTiles areas={shown} />
        {isMobile ? (
          <SeeAll>
            <Button variant="outline" onClick={() => setDrawerOpen(true)}>
              See All
            </Button>
          </SeeAll>
        ) : null}
      </SectionInner>
      {isMobile && drawerOpen ? (
        <Modal title="All Areas of Interest" variant="drawer" onClose={() => setDrawerOpen(false)}>
          <AreaTiles areas={AREAS_OF_INTEREST} as={DrawerList} />
        </Modal>
      ) : null}
    </Section>
  );
}
