import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { QueryProvider } from '@altmed/web-kit/src/query';
import { Card, PageContainer, PageTitle, SelectField, Spinner, TextField, theme, useSession } from '@altmed/web-kit';
import { ListFilters } from '../../../components/ListSummary';
import { Banner } from '../../../components/Banner';
import { Pager } from '../../../components/Pager';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { usePageOf } from '../../../hooks/usePageOf';
import { fetchProviders, updateProviderStatus, type AdminProvider, type ProviderAction, type ProviderStats, type StatusFilter } from '../api/providers';
import { ProviderCard } from './ProviderCard';

const Stats = styled.div`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: 16px;
  margin-bottom: 24px;
  ${theme.mobile} {
    grid-template-columns: repeat(2, 1fr);
  }
`;

const Stat = styled(Card)`
  padding: 18px 20px;
  span {
    display: block;
    color: ${theme.colors.textMuted};
    font-size: 14px;
  }
  strong {
    font-family: ${theme.fonts.heading};
    font-size: 28px;
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  gap: 16px;
`;

const pastTense: Record<ProviderAction, string> = { approve: 'approved', block: 'blocked', unblock: 'unblocked' };
const emptyStats: ProviderStats = { total: 0, approved: 0, pending: 0, blocked: 0 };

/** Provider Management (SPEC §2, §4): counts, search, status filter, cards with actions. */
function ProvidersPageContent() {
  const { token } = useSession();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const debouncedSearch = useDebouncedValue(search, 300);
  const { page, goToPage } = usePageOf(JSON.stringify([status, debouncedSearch]));
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const queryClient = useQueryClient();

  // Keyed by the filters and page: an older request's answer lands under its own key and is never
  // shown for newer ones. The previous list stays on screen while the next one loads.
  const list = useQuery({
    queryKey: ['admin-providers', token, status, debouncedSearch, page],
    queryFn: ({ signal }) => fetchProviders(token, { status, search: debouncedSearch, page }, signal),
    placeholderData: keepPreviousData,
  });
  const providers = list.data?.providers ?? [];
  const stats = list.data?.stats ?? emptyStats;
  const totalPages = list.data?.totalPages ?? 1;

  // An action can empty the last page (its provider leaves the filter): move to the new last page.
  if (list.data && !list.isPlaceholderData && page > list.data.totalPages) goToPage(list.data.totalPages);

  const statusChange = useMutation({
    mutationFn: ({ provider, action }: { provider: AdminProvider; action: ProviderAction }) => updateProviderStatus(token, provider._id, action),
    onSuccess: (_reply, { action }) => setMessage({ tone: 'success', text: `Provider ${pastTense[action]} successfully.` }),
    onError: (_error, { action }) => setMessage({ tone: 'error', text: `Failed to ${action} provider` }),
    // Lists refresh after each action (SPEC §4).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin-providers'] }),
  });
  const busyId = statusChange.isPending ? statusChange.variables.provider._id : null;
  const banner = list.isError ? { tone: 'error' as const, text: 'Failed to fetch providers' } : message;

  return (
    <PageContainer>
      <PageTitle subtitle="Review, approve and block providers.">Provider Management</PageTitle>
      {banner ? <Banner tone={banner.tone}>{banner.text}</Banner> : null}
      <Stats>
        <Stat>
          <span>Total</span>
          <strong>{stats.total.toLocaleString('en-US')}</strong>
        </Stat>
        <Stat>
          <span>Approved</span>
          <strong>{stats.approved.toLocaleString('en-US')}</strong>
        </Stat>
        <Stat>
          <span>Pending</span>
          <strong>{stats.pending.toLocaleString('en-US')}</strong>
        </Stat>
        <Stat>
          <span>Blocked</span>
          <strong>{stats.blocked.toLocaleString('en-US')}</strong>
        </Stat>
      </Stats>
      <ListFilters>
        <TextField label="Search" type="search" placeholder="Name, practice, email, NPI or city" value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
          <option value="all">All Status</option>
          <option value="approved">Approved</option>
          <option value="pending">Pending</option>
          <option value="blocked">Blocked</option>
        </SelectField>
      </ListFilters>
      {list.isPending ? (
        <Spinner label="Loading providers..." />
      ) : providers.length ? (
        <Grid>
          {providers.map((provider) => (
            <ProviderCard
              key={provider._id}
              provider={provider}
              busy={busyId === provider._id}
              onAction={(action) => statusChange.mutate({ provider, action })}
            />
          ))}
        </Grid>
      ) : (
        <Card>No providers found.</Card>
      )}
      <Pager page={page} totalPages={totalPages} onPage={goToPage} />
    </PageContainer>
  );
}

/** Provider Management inside the page's query client. */
export function ProvidersPage() {
  return (
    <QueryProvider>
      <ProvidersPageContent />
    </QueryProvider>
  );
}
