import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { ADMIN_SUPPORT_MAX_PAGE } from '@altmed/contracts/web';
import { QueryProvider } from '@altmed/web-kit/src/query';
import { PageContainer, PageTitle, SelectField, Spinner, TextField, useSession } from '@altmed/web-kit';
import { Banner } from '../../../components/Banner';
import { ListFilters, ListSummary, formatCount } from '../../../components/ListSummary';
import { Pager } from '../../../components/Pager';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { usePageOf } from '../../../hooks/usePageOf';
import {
  fetchSupportMessages,
  replyToSupportMessage,
  SupportErrors,
  type AdminSupportMessage,
  type AdminSupportMessagesResponse,
  type SupportMessageStatus,
} from '../api/support';
import { statusLabels, SupportMessageCard } from './SupportMessageCard';

const List = styled.div`
  display: grid;
  gap: 16px;
`;

/** Holds the banner; takes the focus after a reply, whose card may have left the list with the focused button. */
const BannerSpot = styled.div`
  &:focus {
    outline: none;
  }
`;

const emptyCounts = { open: 0, answered: 0 };

type Message = { tone: 'error' | 'success'; text: string } | null;

/**
 * A page of the list as it is once `updated` was answered: the message replaced, or gone (and the
 * counts moved) when its new state is not the one the list shows.
 */
function withReply(data: AdminSupportMessagesResponse, shown: SupportMessageStatus, updated: AdminSupportMessage): AdminSupportMessagesResponse {
  const before = data.messages.find((each) => each.id === updated.id);
  if (!before) return data;
  if (updated.status === shown) return { ...data, messages: data.messages.map((each) => (each.id === updated.id ? updated : each)) };
  const counts = { ...data.counts, [before.status]: Math.max(0, data.counts[before.status] - 1), [updated.status]: data.counts[updated.status] + 1 };
  return { ...data, messages: data.messages.filter((each) => each.id !== updated.id), counts, total: Math.max(0, data.total - 1) };
}

/**
 * Support Center: the Contact page's messages, found by the sender's name or email or the text, open
 * or answered, newest first a page at a time, each answered by email from its card.
 */
function SupportPageContent() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<SupportMessageStatus>('open');
  const debouncedSearch = useDebouncedValue(search, 300);
  const { page, goToPage } = usePageOf(JSON.stringify([status, debouncedSearch]));
  const [message, setMessage] = useState<Message>(null);
  const bannerSpot = useRef<HTMLDivElement>(null);
  const [focusBanner, setFocusBanner] = useState(0);

  const list = useQuery({
    queryKey: ['admin-support', token, status, debouncedSearch, page],
    queryFn: ({ signal }) => fetchSupportMessages(token, { status, search: debouncedSearch, page }, signal),
    placeholderData: keepPreviousData,
  });
  const messages = list.data?.messages ?? [];
  const counts = list.data?.counts ?? emptyCounts;
  const totalPages = list.data?.totalPages ?? 1;
  // A reply (or a search) can empty the last page: move to the new last page.
  if (list.data && !list.isPlaceholderData && page > list.data.totalPages) goToPage(list.data.totalPages);

  const reply = useMutation({
    mutationFn: ({
      supportMessage,
      text,
    }: {
      supportMessage: AdminSupportMessage;
      text: string;
      shown: SupportMessageStatus;
      searched: string;
      page: number;
    }) => replyToSupportMessage(token, supportMessage.id, text),
    onMutate: () => setMessage(null),
    onSuccess: (answer, { shown, searched, page: shownPage }) => {
      // The page shows the message as it now is at once; the list is read again below (counts, the next page's first message).
      queryClient.setQueryData<AdminSupportMessagesResponse>(['admin-support', token, shown, searched, shownPage], (current) =>
        current ? withReply(current, shown, answer.supportMessage) : current,
      );
      setMessage({ tone: 'success', text: answer.message });
      setFocusBanner((n) => n + 1);
    },
    onError: (error) => setMessage({ tone: 'error', text: error.message || SupportErrors.reply }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin-support'] }),
  });
  const busyId = reply.isPending ? reply.variables.supportMessage.id : null;

  useEffect(() => {
    if (focusBanner) bannerSpot.current?.focus();
  }, [focusBanner]);

  const send = (supportMessage: AdminSupportMessage, text: string) =>
    reply.mutateAsync({ supportMessage, text, shown: status, searched: debouncedSearch, page }).then(
      () => true,
      () => false,
    );

  return (
    <PageContainer>
      <PageTitle subtitle="Messages sent from the Contact page: answer them by email, newest first.">Support Center</PageTitle>
      <BannerSpot ref={bannerSpot} tabIndex={-1}>
        {list.isError ? <Banner tone="error">{list.error.message || SupportErrors.fetchList}</Banner> : null}
        {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
      </BannerSpot>
      <ListFilters>
        <TextField label="Search" type="search" placeholder="Name, email or text" value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as SupportMessageStatus)}>
          <option value="open">
            {statusLabels.open} ({formatCount(counts.open)})
          </option>
          <option value="answered">
            {statusLabels.answered} ({formatCount(counts.answered)})
          </option>
        </SelectField>
      </ListFilters>
      <ListSummary
        answer={list.isPending || list.isError ? undefined : list.data}
        rows={messages.length}
        noun={['message', 'messages']}
        maxPage={ADMIN_SUPPORT_MAX_PAGE}
      />
      {list.isPending ? (
        <Spinner label="Loading messages..." />
      ) : messages.length ? (
        <List>
          {messages.map((each) => (
            <SupportMessageCard key={each.id} message={each} busy={busyId === each.id} onReply={(text) => send(each, text)} />
          ))}
        </List>
      ) : null}
      <Pager page={page} totalPages={totalPages} onPage={goToPage} />
    </PageContainer>
  );
}

/** The Support Center inside the page's query client. */
export function SupportPage() {
  return (
    <QueryProvider>
      <SupportPageContent />
    </QueryProvider>
  );
}
