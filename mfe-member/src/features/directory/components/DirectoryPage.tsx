import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { hasPlace, type DirectoryProvider } from '@altmed/contracts/web';
import { Button, ErrorFallback, PageContainer, PageTitle, Spinner, theme, useSession } from '@altmed/web-kit';
import { EmptyState } from '../../../components/EmptyState';
import { CompareTray } from '../../../components/CompareTray';
import { MapBoundary } from '../../../components/MapBoundary';
import type { SearchPlace } from '../../../lib/searchPlace';
import { isRefused, useDirectory } from '../hooks/useDirectory';
import { filtersFromParams, isFiltered, isNearPosition, paramsFromFilters, placeOf, DEFAULT_FILTERS, type DirectoryFilters } from '../lib/directoryFilters';
import { DirectoryTexts } from '../lib/directoryTexts';
import { MembersOnlyPreview } from './MembersOnlyPreview';
import { Pagination } from './Pagination';
import { ResultCard } from './ResultCard';
import { SearchPanel } from './SearchPanel';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(280px, 340px) 1fr;
  gap: ${theme.space(6)};
  align-items: start;
  ${theme.mobile} {
    grid-template-columns: 1fr;
  }
`;

const ResultsMap = lazy(() => import('./ResultsMap'));

const Results = styled.section`
  min-width: 0;
`;

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${theme.space(3)};
  margin-bottom: ${theme.space(4)};
`;

const Count = styled.div`
  color: ${theme.colors.textMuted};
  p:first-child {
    font-weight: 600;
  }
  p + p {
    margin-top: 4px;
    font-size: 14px;
  }
`;

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  gap: ${theme.space(4)};
  list-style: none;
  padding: 0;
  margin: 0;
  ${theme.mobile} {
    grid-template-columns: 1fr;
  }
`;

/**
 * Where the map goes, above the list: the same height whatever fills it. Its own stacking context
 * keeps Leaflet's panes (z-index up to 1000) under the site's header; the markers are styled here.
 */
const MapSlot = styled.div`
  isolation: isolate;
  height: 360px;
  margin-bottom: ${theme.space(2)};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  overflow: hidden;
  background: ${theme.colors.surfaceMuted};
  ${theme.mobile} {
    height: 280px;
  }
  .results-map-marker {
    display: grid;
    place-items: center;
    border: 3px solid ${theme.colors.primary};
    border-radius: 50%;
    background: ${theme.colors.accentBright};
    color: ${theme.colors.text};
    font-size: 13px;
    font-weight: 700;
    box-shadow: ${theme.shadows.sm};
  }
  .results-map-marker:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  .results-map-popup {
    display: grid;
    gap: 8px;
    list-style: none;
    padding: 0;
    margin: 0;
    font-family: ${theme.fonts.body};
    font-size: 14px;
  }
  .results-map-popup a {
    display: block;
    color: ${theme.colors.primary};
    font-weight: 600;
  }
`;

const MapNote = styled.p`
  margin-bottom: ${theme.space(4)};
  color: ${theme.colors.textMuted};
  font-size: 14px;
`;

const MAP_ID = 'directory-map';

/** The page's providers on a map, loaded when first shown; the list stays the way to every result. */
function MapOfResults({ providers, place }: { providers: DirectoryProvider[]; place: SearchPlace }) {
  const [tilesFailed, setTilesFailed] = useState(false);
  const onTilesFailed = useCallback(() => setTilesFailed(true), []);
  const notOnMap = providers.filter((provider) => !provider.point).length;
  return (
    <div id={MAP_ID}>
      <MapSlot role="region" aria-label={DirectoryTexts.map}>
        <MapBoundary fallback={<MapNote role="alert">{DirectoryTexts.mapFailed}</MapNote>}>
          <Suspense fallback={<Spinner label={DirectoryTexts.mapLoading} size={28} />}>
            <ResultsMap providers={providers} place={place} onTilesFailed={onTilesFailed} />
          </Suspense>
        </MapBoundary>
      </MapSlot>
      {tilesFailed ? <MapNote>{DirectoryTexts.tilesFailed}</MapNote> : null}
      {notOnMap > 0 ? <MapNote>{DirectoryTexts.notOnMap(notOnMap)}</MapNote> : null}
    </div>
  );
}

function DirectoryResults({
  filters,
  onChange,
  directory,
  mapShown,
  onToggleMap,
}: {
  filters: DirectoryFilters;
  onChange: (filters: DirectoryFilters) => void;
  directory: ReturnType<typeof useDirectory>;
  mapShown: boolean;
  onToggleMap: () => void;
}) {
  const { token } = useSession();
  const countRef = useRef<HTMLDivElement>(null);

  if (directory.isPending || (directory.isError && directory.isFetching)) return <Spinner label={DirectoryTexts.loading} />;
  if (directory.isError || !directory.data) {
    return (
      <ErrorFallback title={DirectoryTexts.errorTitle} message={DirectoryTexts.errorMessage} onRetry={directory.refetch} retryLabel={DirectoryTexts.tryAgain} />
    );
  }
  if (isRefused(directory.data)) {
    return (
      <EmptyState role="status">
        <h2>{DirectoryTexts.placeRefusedTitle}</h2>
        <p>{DirectoryTexts.placeRefusedMessage}</p>
      </EmptyState>
    );
  }
  const { access, providers, total, page, totalPages, withoutDistance = 0 } = directory.data;
  if (access === 'preview') return <MembersOnlyPreview total={total} loggedIn={Boolean(token)} />;
  const place = placeOf(filters);
  const leftOut = withoutDistance > 0 ? <p>{DirectoryTexts.leftOut(withoutDistance)}</p> : null;
  if (total === 0) {
    return (
      <EmptyState role="status">
        <h2>{DirectoryTexts.emptyTitle}</h2>
        <p>{hasPlace(place) ? DirectoryTexts.emptyMessageNear : DirectoryTexts.emptyMessage}</p>
        {leftOut}
        {isFiltered(filters) ? (
          <Button variant="outline" onClick={() => onChange({ ...DEFAULT_FILTERS, sort: filters.sort })}>
            {DirectoryTexts.clear}
          </Button>
        ) : null}
      </EmptyState>
    );
  }
  return (
    <>
      <Heading>
        <Count ref={countRef} role="status">
          <p>
            {hasPlace(place)
              ? DirectoryTexts.matchesNear(total, filters.radius, isNearPosition(filters) ? DirectoryTexts.yourLocation : filters.near)
              : DirectoryTexts.matches(total)}
          </p>
          {leftOut}
        </Count>
        <Button variant="outline" size="sm" aria-expanded={mapShown} aria-controls={mapShown ? MAP_ID : undefined} onClick={onToggleMap}>
          {mapShown ? DirectoryTexts.hideMap : DirectoryTexts.showMap}
        </Button>
      </Heading>
      {mapShown ? <MapOfResults providers={providers} place={place} /> : null}
      <List aria-label={DirectoryTexts.results} aria-busy={directory.isFetching}>
        {providers.map((provider) => (
          <ResultCard key={provider._id} provider={provider} place={place} />
        ))}
      </List>
      <Pagination
        page={page}
        totalPages={totalPages}
        onPage={(next) => {
          onChange({ ...filters, page: next });
          // The next page starts at the top of the results, not where the pager was.
          countRef.current?.scrollIntoView?.({ block: 'start' });
        }}
      />
    </>
  );
}

/**
 * The members' directory on /providers: the search lives in the URL (shareable, restored by Back
 * and reload). Members with an active membership see the providers; anyone else how many match.
 */
export default function DirectoryPage() {
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const canFilterSaved = user?.role === 'user';
  const asked = filtersFromParams(params);
  // Only members keep saved providers: for anyone else a shared link with saved=true opens the plain search.
  const filters = canFilterSaved ? asked : { ...asked, saved: false };
  const change = (next: DirectoryFilters) => setParams(paramsFromFilters(next));
  // One answer for both: the results, and the counts beside the panel's choices.
  const directory = useDirectory(paramsFromFilters(filters).toString());
  // Shown on asking, and kept while the member pages and searches; not in the URL, which holds the search.
  const [mapShown, setMapShown] = useState(false);

  return (
    <PageContainer>
      <PageTitle subtitle={DirectoryTexts.subtitle}>{DirectoryTexts.title}</PageTitle>
      <Layout>
        <SearchPanel
          filters={filters}
          onChange={change}
          canFilterSaved={canFilterSaved}
          counts={directory.data && !isRefused(directory.data) && directory.data.access === 'full' ? directory.data : undefined}
          placeError={isRefused(directory.data) ? directory.data.refused : undefined}
        />
        <Results aria-label={DirectoryTexts.results}>
          <DirectoryResults filters={filters} onChange={change} directory={directory} mapShown={mapShown} onToggleMap={() => setMapShown((shown) => !shown)} />
        </Results>
      </Layout>
      {/* The comparison measures from the same ZIP code. */}
      <CompareTray zip={filters.near} />
    </PageContainer>
  );
}
