import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { Membership, Receipt } from '@altmed/contracts/web';
import { Button, PageContainer, PageTitle, Spinner, formatDate, theme, useSession } from '@altmed/web-kit';
import { QueryProvider } from '@altmed/web-kit/src/query';
import { useAuthDialogs } from '../../../lib/authDialogs';
import { FormAlert } from '../../../components/FormAlert';
import { getMembership, getReceipts } from '../api/account';
import { Panel } from './Panel';
import { SavedProvidersPanel } from './SavedProvidersPanel';
import { YourDataPanel } from './YourDataPanel';

const Panels = styled.div`
  display: grid;
  gap: 20px;
  max-width: 640px;
`;

const Badge = styled.span<{ $tone: 'active' | 'muted' }>`
  display: inline-block;
  margin-bottom: 10px;
  padding: 3px 12px;
  border-radius: ${theme.radii.pill};
  font-size: 14px;
  font-weight: 700;
  color: ${(p) => (p.$tone === 'active' ? theme.colors.primaryDark : theme.colors.text)};
  background: ${(p) => (p.$tone === 'active' ? theme.colors.primarySoft : theme.colors.surfaceMuted)};
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  margin: 0;
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
`;

const Text = styled.p`
  margin-bottom: 16px;
`;

export const AccountTexts = {
  title: 'My Membership',
  active: (endsAt: string) => `Your membership is active until ${endsAt}.`,
  renewEarly: 'Renewing now adds a year to your membership from its current end date.',
  expired: (endsAt: string) => `Your membership ended on ${endsAt}. Renew it to keep comparing providers.`,
  none: 'You are not a member yet. A membership gives you a year of access to vetted providers.',
  noReceipts: 'No payments yet.',
  refundPending: (since: string) =>
    `Under way since ${since}, waiting for your card’s bank. The membership this payment bought ends once the refund goes through.`,
} as const;

const longDate = (iso: string) => formatDate(iso) ?? iso;
const money = (receipt: Receipt) => `${(receipt.amount / 100).toFixed(2)} ${receipt.currency.toUpperCase()}`;

function MembershipPanel({ membership }: { membership: Membership }) {
  const { openJoin } = useAuthDialogs();
  // The account has the member's details already and they have seen what a membership gives: straight to paying.
  const renew = () => openJoin('paymentMethod');
  return (
    <Panel as="section" aria-labelledby="membership-heading">
      <h2 id="membership-heading">Membership</h2>
      {membership.status === 'active' && membership.endsAt ? (
        <>
          <Badge $tone="active">Active</Badge>
          <Text>{AccountTexts.active(longDate(membership.endsAt))}</Text>
          <Text>{AccountTexts.renewEarly}</Text>
          <Button variant="secondary" onClick={renew}>
            Renew membership
          </Button>
        </>
      ) : membership.status === 'expired' ? (
        <>
          <Badge $tone="muted">Expired</Badge>
          <Text>{membership.endsAt ? AccountTexts.expired(longDate(membership.endsAt)) : AccountTexts.none}</Text>
          <Button variant="secondary" onClick={renew}>
            Renew membership
          </Button>
        </>
      ) : (
        <>
          <Badge $tone="muted">Not a member</Badge>
          <Text>{AccountTexts.none}</Text>
          <Button variant="secondary" onClick={() => openJoin()}>
            Join Now
          </Button>
        </>
      )}
    </Panel>
  );
}

function ReceiptPanel({ receipt }: { receipt: Receipt | undefined }) {
  return (
    <Panel as="section" aria-labelledby="receipt-heading">
      <h2 id="receipt-heading">Last receipt</h2>
      {receipt ? (
        <Details>
          <dt>Paid</dt>
          <dd>{money(receipt)}</dd>
          <dt>Date</dt>
          <dd>{longDate(receipt.paidAt)}</dd>
          <dt>Promo code</dt>
          <dd>{receipt.promoCode ?? 'None'}</dd>
          {receipt.refundedAt ? (
            <>
              <dt>Refunded</dt>
              <dd>{longDate(receipt.refundedAt)}</dd>
            </>
          ) : null}
          {receipt.refundPendingSince ? (
            <>
              <dt>Refund</dt>
              <dd>{AccountTexts.refundPending(longDate(receipt.refundPendingSince))}</dd>
            </>
          ) : null}
          <dt>Reference</dt>
          <dd>{receipt.reference}</dd>
        </Details>
      ) : (
        <Text>{AccountTexts.noReceipts}</Text>
      )}
    </Panel>
  );
}

function Account() {
  const { token, user, logout } = useSession();
  const navigate = useNavigate();
  const membership = useQuery({ queryKey: ['membership', user?.id], queryFn: () => getMembership(token!), enabled: Boolean(token) });
  const receipts = useQuery({ queryKey: ['receipts', user?.id], queryFn: () => getReceipts(token!), enabled: Boolean(token) });
  const failed = membership.error ?? receipts.error;

  return (
    <PageContainer>
      <PageTitle subtitle={user ? `${user.name} · ${user.email}` : undefined}>{AccountTexts.title}</PageTitle>
      <Panels>
        {failed ? <FormAlert>{failed.message}</FormAlert> : null}
        {membership.isPending || receipts.isPending ? <Spinner label="Loading your membership" /> : null}
        {membership.data ? <MembershipPanel membership={membership.data} /> : null}
        {receipts.data ? <ReceiptPanel receipt={receipts.data.receipts[0]} /> : null}
        {user?.role === 'user' ? <SavedProvidersPanel /> : null}
        {user?.role === 'user' ? <YourDataPanel /> : null}
        <div>
          <Button
            variant="outline"
            onClick={() => {
              logout();
              void navigate('/login');
            }}
          >
            Logout
          </Button>
        </div>
      </Panels>
    </PageContainer>
  );
}

/**
 * /account: the header's greeting leads here. Membership status and end date with Join Now or Renew
 * membership, the last receipt, and logout; for members also saved providers and Your data (Download
 * my data, Delete my account).
 */
export function AccountPage() {
  return (
    <QueryProvider>
      <Account />
    </QueryProvider>
  );
}
