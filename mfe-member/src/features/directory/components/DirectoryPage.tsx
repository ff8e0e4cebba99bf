import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { hasPlace } from '@altmed/contracts/web';
import { Button, ErrorFallback, PageContainer, PageTitle, Spinner, theme, useSession } from '@altmed/web-kit';
import { EmptyState } from '../../../components/EmptyState';
import { CompareTray } from '../../../components/CompareTray';
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

const Results = styled.section`
  min-width: 0;
`;

const Count = styled.div`
  margin-bottom: ${theme.space(4)};
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

function DirectoryResults({
  filters,
  onChange,
  directory,
}: {
  filters: DirectoryFilters;
  onChange: (filters: DirectoryFilters) => void;
  directory: ReturnType<typeof useDirectory>;
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
      <Count ref={countRef} role="status">
        <p>
          {hasPlace(place)
            ? DirectoryTexts.matchesNear(total, filters.radius, isNearPosition(filters) ? DirectoryTexts.yourLocation : filters.near)
            : DirectoryTexts.matches(total)}
        </p>
        {leftOut}
      </Count>
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
          <DirectoryResults filters={filters} onChange={change} directory={directory} />
        </Results>
      </Layout>
      {/* The comparison measures from the same ZIP code. */}
      <CompareTray zip={filters.near} />
    </PageContainer>
  );
}
