import { useState, type ReactNode } from 'react';
import { useMutation, useMutationState, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { QueryProvider } from '@altmed/web-kit/src/query';
import { ApiError, PageContainer, PageTitle, Spinner, useSession } from '@altmed/web-kit';
import { Banner } from '../../../components/Banner';
import {
  fetchMember,
  fetchMemberActivity,
  fetchMemberPayments,
  MemberErrors,
  resendReceipt,
  updateMemberStatus,
  type AdminPayment,
  type MemberAdminAction,
} from '../api/members';
import { MemberReviews, SavedProviders } from './MemberActivity';
import { MemberDetails } from './MemberDetails';
import { MemberPayments } from './MemberPayments';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Section } from '../../../components/Section';

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: 16px;
  font-weight: 600;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;

/** To the member's payments in Orders Management, where a paid one can be refunded. */
const OrdersLink = styled(Link)`
  display: inline-block;
  margin-top: 14px;
  font-weight: 600;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;

const pastTense: Record<MemberAdminAction, string> = { block: 'blocked', unblock: 'unblocked' };
const errorText = (error: Error, fallback: string) => error.message || fallback;
const resendReceiptKey = ['admin-resend-receipt'];

/** A section's content once its call has answered: a spinner before, the error (the server's message) if it failed. */
function Loaded<T>({ query, loading, failed, children }: { query: UseQueryResult<T>; loading: string; failed: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError) return <Banner tone="error">{errorText(query.error, failed)}</Banner>;
  return children(query.data);
}

/**
 * One member, for an admin: the account (contact details, membership, status with Block / Unblock,
 * the block history), the payments, and the saved and reviewed providers. Each of the three calls
 * loads and fails on its own, so one service being down leaves the rest of the page readable. A paid
 * payment's receipt can be emailed again; the payment then shows the resend. Refunds are made in
 * Orders Management, which the payments link to, found by the member's email.
 */
function MemberPageContent() {
  const { userId = '' } = useParams();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const memberKey = ['admin-member', token, userId];
  const member = useQuery({ queryKey: memberKey, queryFn: ({ signal }) => fetchMember(token, userId, signal) });
  const paymentsKey = ['admin-member-payments', token, userId];
  const payments = useQuery({ queryKey: paymentsKey, queryFn: ({ signal }) => fetchMemberPayments(token, userId, signal) });
  const activity = useQuery({ queryKey: ['admin-member-activity', token, userId], queryFn: ({ signal }) => fetchMemberActivity(token, userId, signal) });

  const statusChange = useMutation({
    mutationFn: (action: MemberAdminAction) => updateMemberStatus(token, userId, action),
    onMutate: () => setMessage(null),
    onSuccess: (updated, action) => {
      queryClient.setQueryData(memberKey, updated);
      setMessage({ tone: 'success', text: `Member ${pastTense[action]}.` });
    },
    onError: (error) => {
      setMessage({ tone: 'error', text: errorText(error, MemberErrors.updateStatus) });
      // 409: someone else changed the account meanwhile; show it as it now is.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: memberKey });
    },
    // The list shows each member's status: it is read again when next opened.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin-members'] }),
  });

  const receiptResend = useMutation({
    mutationKey: resendReceiptKey,
    mutationFn: (paymentId: string) => resendReceipt(token, paymentId),
    onMutate: () => setMessage(null),
    onSuccess: ({ message: text, payment }) => {
      queryClient.setQueryData<AdminPayment[]>(paymentsKey, (current) => current?.map((each) => (each.id === payment.id ? payment : each)));
      setMessage({ tone: 'success', text });
    },
    onError: (error) => {
      setMessage({ tone: 'error', text: errorText(error, MemberErrors.resendReceipt) });
      // 404 or 409: the payment is gone or no longer paid; show the payments as they now are.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) void queryClient.invalidateQueries({ queryKey: paymentsKey });
    },
  });
  // Each row's button waits for its own request, even while another row's is under way.
  const resending = useMutationState({ filters: { mutationKey: resendReceiptKey, status: 'pending' }, select: (mutation) => String(mutation.state.variables) });

  const onAction = (action: MemberAdminAction) => {
    if (action === 'block') setConfirmingBlock(true);
    else statusChange.mutate(action);
  };
  const confirmBlock = () => {
    setConfirmingBlock(false);
    statusChange.mutate('block');
  };

  const notFound = member.error instanceof ApiError && member.error.status === 404;
  const title = member.data?.name ?? (notFound ? 'Member not found' : 'Member');

  return (
    <PageContainer>
      <Back to="/admin/users">
        <span aria-hidden="true">← </span>Back to members
      </Back>
      <PageTitle subtitle={member.data?.email}>{title}</PageTitle>
      {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
      <Section title="Account">
        <Loaded query={member} loading="Loading the member..." failed={MemberErrors.fetchMember}>
          {(data) => <MemberDetails member={data} busy={statusChange.isPending} onAction={onAction} />}
        </Loaded>
      </Section>
      {notFound ? null : (
        <>
          <Section title="Payments">
            <Loaded query={payments} loading="Loading payments..." failed={MemberErrors.fetchPayments}>
              {(data) => <MemberPayments payments={data} resending={resending} onResendReceipt={(paymentId) => receiptResend.mutate(paymentId)} />}
            </Loaded>
            {member.data ? <OrdersLink to={`/admin/orders?search=${encodeURIComponent(member.data.email)}`}>Manage in Orders</OrdersLink> : null}
          </Section>
          <Section title="Saved providers">
            <Loaded query={activity} loading="Loading saved providers..." failed={MemberErrors.fetchActivity}>
              {(data) => <SavedProviders saved={data.saved} />}
            </Loaded>
          </Section>
          <Section title="Reviews">
            <Loaded query={activity} loading="Loading reviews..." failed={MemberErrors.fetchActivity}>
              {(data) => <MemberReviews reviews={data.reviews} />}
            </Loaded>
          </Section>
        </>
      )}
      {confirmingBlock && member.data ? (
        <ConfirmDialog title="Block this member?" confirmLabel="Yes, block" onConfirm={confirmBlock} onCancel={() => setConfirmingBlock(false)}>
          {member.data.name} ({member.data.email}) will not be able to log in, and their sessions stop working, until an administrator unblocks the account.
        </ConfirmDialog>
      ) : null}
    </PageContainer>
  );
}

/** The member's page inside the page's query client. */
export function MemberPage() {
  return (
    <QueryProvider>
      <MemberPageContent />
    </QueryProvider>
  );
}
