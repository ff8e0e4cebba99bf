import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_MEMBERS_MAX_PAGE } from '@altmed/contracts/web';
import { QueryProvider } from '@altmed/web-kit/src/query';
import { PageContainer, PageTitle, SelectField, Spinner, TextField, useSession } from '@altmed/web-kit';
import { Banner } from '../../../components/Banner';
import { ListFilters, ListSummary, formatCount } from '../../../components/ListSummary';
import { Pager } from '../../../components/Pager';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { usePageOf } from '../../../hooks/usePageOf';
import { fetchMembers, type MembershipFilter } from '../api/members';
import { membershipLabels } from '../format';
import { MembersTable } from './MembersTable';

const emptyCounts = { all: 0, none: 0, active: 0, expired: 0 };

/** Users Management: members found by name or email, filtered by membership state, a page at a time; each row opens the member's page. */
function MembersPageContent() {
  const { token } = useSession();
  const [search, setSearch] = useState('');
  const [membership, setMembership] = useState<MembershipFilter>('all');
  const debouncedSearch = useDebouncedValue(search, 300);
  const { page, goToPage } = usePageOf(JSON.stringify([membership, debouncedSearch]));

  // Keyed by the filters and page: an older request's answer lands under its own key and is never
  // shown for newer ones. The previous list stays on screen while the next one loads.
  const list = useQuery({
    queryKey: ['admin-members', token, membership, debouncedSearch, page],
    queryFn: ({ signal }) => fetchMembers(token, { membership, search: debouncedSearch, page }, signal),
    placeholderData: keepPreviousData,
  });
  const members = list.data?.members ?? [];
  const counts = list.data?.counts ?? emptyCounts;
  const totalPages = list.data?.totalPages ?? 1;

  // The list can shrink between two pages (members blocked, a search): move to the new last page.
  if (list.data && !list.isPlaceholderData && page > list.data.totalPages) goToPage(list.data.totalPages);

  return (
    <PageContainer>
      <PageTitle subtitle="Find members, see their membership, payments and activity, and block or unblock their accounts.">Users Management</PageTitle>
      {list.isError ? <Banner tone="error">{list.error.message}</Banner> : null}
      <ListFilters>
        <TextField label="Search" type="search" placeholder="Name or email" value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField label="Membership" value={membership} onChange={(e) => setMembership(e.target.value as MembershipFilter)}>
          <option value="all">All ({formatCount(counts.all)})</option>
          <option value="none">
            {membershipLabels.none} ({formatCount(counts.none)})
          </option>
          <option value="active">
            {membershipLabels.active} ({formatCount(counts.active)})
          </option>
          <option value="expired">
            {membershipLabels.expired} ({formatCount(counts.expired)})
          </option>
        </SelectField>
      </ListFilters>
      <ListSummary
        answer={list.isPending || list.isError ? undefined : list.data}
        rows={members.length}
        noun={['member', 'members']}
        maxPage={ADMIN_MEMBERS_MAX_PAGE}
      />
      {list.isPending ? <Spinner label="Loading members..." /> : members.length ? <MembersTable members={members} /> : null}
      <Pager page={page} totalPages={totalPages} onPage={goToPage} />
    </PageContainer>
  );
}

/** Users Management inside the page's query client. */
export function MembersPage() {
  return (
    <QueryProvider>
      <MembersPageContent />
    </QueryProvider>
  );
}
