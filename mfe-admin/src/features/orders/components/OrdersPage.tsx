import { useState } from 'react';
import { keepPreviousData, useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ADMIN_ORDERS_MAX_PAGE, ORDER_STATUSES } from '@altmed/contracts/web';
import { QueryProvider } from '@altmed/web-kit/src/query';
import { PageContainer, PageTitle, SelectField, Spinner, TextField, toast, useSession } from '@altmed/web-kit';
import { Banner } from '../../../components/Banner';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListFilters, ListSummary, formatCount } from '../../../components/ListSummary';
import { Pager } from '../../../components/Pager';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { usePageOf } from '../../../hooks/usePageOf';
import { formatMoney } from '../../../lib/format';
import { paymentStatusLabels } from '../../../lib/payments';
import { fetchOrders, OrderErrors, refundPayment, type AdminOrder, type AdminOrdersResponse, type StatusFilter } from '../api/orders';
import { OrdersTable } from './OrdersTable';

const emptyCounts = { all: 0, ...Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) } as Record<StatusFilter, number>;
const refundKey = ['admin-refund'];

/**
 * Orders Management: every payment attempt, found by member name or email or promo code, filtered
 * by status, newest first a page at a time. A paid payment is refunded in full after a confirmation;
 * the server's answer shows as a toast and the list is read again. `?search=` (a member's page links
 * here with their email) fills the search box.
 */
function OrdersPageContent() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const searchInUrl = params.get('search') ?? '';
  const [search, setSearch] = useState(searchInUrl);
  // A link to another search while the page is open replaces what is in the box (state adjusted during render, not in an effect).
  const [linkedSearch, setLinkedSearch] = useState(searchInUrl);
  if (linkedSearch !== searchInUrl) {
    setLinkedSearch(searchInUrl);
    setSearch(searchInUrl);
  }
  const [status, setStatus] = useState<StatusFilter>('all');
  const debouncedSearch = useDebouncedValue(search, 300);
  const { page, goToPage } = usePageOf(JSON.stringify([status, debouncedSearch]));
  const [confirming, setConfirming] = useState<AdminOrder | null>(null);

  // Keyed by the filters and page: an older request's answer lands under its own key and is never
  // shown for newer ones. The previous list stays on screen while the next one loads.
  const list = useQuery({
    queryKey: ['admin-orders', token, status, debouncedSearch, page],
    queryFn: ({ signal }) => fetchOrders(token, { status, search: debouncedSearch, page }, signal),
    placeholderData: keepPreviousData,
  });
  const orders = list.data?.payments ?? [];
  const counts = list.data?.counts ?? emptyCounts;
  const totalPages = list.data?.totalPages ?? 1;

  // The list can shrink between two pages (payments refunded, a search): move to the new last page.
  if (list.data && !list.isPlaceholderData && page > list.data.totalPages) goToPage(list.data.totalPages);

  const refund = useMutation({
    mutationKey: refundKey,
    mutationFn: (paymentId: string) => refundPayment(token, paymentId),
    onSuccess: ({ message, payment }) => {
      // The row shows the payment as the server answered at once; the list is read again below.
      queryClient.setQueriesData<AdminOrdersResponse>({ queryKey: ['admin-orders'] }, (data) =>
        data ? { ...data, payments: data.payments.map((each) => (each.id === payment.id ? payment : each)) } : data,
      );
      toast.success(message);
    },
    onError: (error) => toast.error(error.message || OrderErrors.refund),
    // Refunded or not (409: refunded or changed meanwhile), the list is read again: the row, the counts,
    // a status filter it may have left. The member's membership and payments, shown on other admin
    // pages, changed too: whatever else is cached is read again when next shown.
    onSettled: () => queryClient.invalidateQueries(),
  });
  // Each row's button waits for its own refund, even while another row's is under way.
  const refunding = useMutationState({ filters: { mutationKey: refundKey, status: 'pending' }, select: (mutation) => String(mutation.state.variables) });

  const confirmRefund = () => {
    if (!confirming) return;
    setConfirming(null);
    refund.mutate(confirming.id);
  };

  return (
    <PageContainer>
      <PageTitle subtitle="Find payments by member or promo code, follow their status, and refund a paid membership.">Orders Management</PageTitle>
      {list.isError ? <Banner tone="error">{list.error.message}</Banner> : null}
      <ListFilters>
        <TextField
          label="Search"
          type="search"
          placeholder="Member name, email, promo code or reference"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
          <option value="all">All ({formatCount(counts.all)})</option>
          {ORDER_STATUSES.map((each) => (
            <option key={each} value={each}>
              {paymentStatusLabels[each]} ({formatCount(counts[each])})
            </option>
          ))}
        </SelectField>
      </ListFilters>
      <ListSummary
        answer={list.isPending || list.isError ? undefined : list.data}
        rows={orders.length}
        noun={['payment', 'payments']}
        maxPage={ADMIN_ORDERS_MAX_PAGE}
      />
      {list.isPending ? (
        <Spinner label="Loading payments..." />
      ) : orders.length ? (
        <OrdersTable orders={orders} refunding={refunding} onRefund={setConfirming} />
      ) : null}
      <Pager page={page} totalPages={totalPages} onPage={goToPage} />
      {confirming ? (
        <ConfirmDialog title="Refund this payment?" confirmLabel="Yes, refund" onConfirm={confirmRefund} onCancel={() => setConfirming(null)}>
          {`Refund ${formatMoney(confirming.amount, confirming.currency)} to ${confirming.member?.name ?? 'an unknown member'}? The membership time it paid for and has not been used ends now, and the member is emailed.`}
        </ConfirmDialog>
      ) : null}
    </PageContainer>
  );
}

/** Orders Management inside the page's query client. */
export function OrdersPage() {
  return (
    <QueryProvider>
      <OrdersPageContent />
    </QueryProvider>
  );
}
