import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { BANNER_DURATION_MS } from '@altmed/contracts/web';
import { QueryProvider } from '@altmed/web-kit/src/query';
import { Button, Card, PageContainer, PageTitle, Spinner, theme, useSession } from '@altmed/web-kit';
import { Banner } from '../../../components/Banner';
import { createPromoCode, fetchPromoCodes, type NewPromoCode } from '../api/promoCodes';
import { useTimedMessage } from '../hooks/useTimedMessage';
import { PromoCodeForm } from './PromoCodeForm';
import { PromoCodesTable } from './PromoCodesTable';

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 16px;
  flex-wrap: wrap;
`;

const Empty = styled(Card)`
  text-align: center;
  padding: 48px 24px;
  display: grid;
  justify-items: center;
  gap: 16px;
  color: ${theme.colors.textMuted};
`;

/** Screen texts (SPEC §8 "Admin promo screen"). */
export const PromoTexts = {
  fetchFailed: 'Failed to fetch promo codes',
  createFailed: 'Failed to create promo code',
  created: 'Promo code created successfully',
} as const;

/** Promo Codes Management (SPEC §2): list, create form toggle, banners, empty state. */
function PromoCodesPageContent() {
  const { token } = useSession();
  const [formOpen, setFormOpen] = useState(false);
  const [error, showError] = useTimedMessage(BANNER_DURATION_MS);
  const [success, showSuccess] = useTimedMessage(BANNER_DURATION_MS);

  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['promo-codes', token], queryFn: ({ signal }) => fetchPromoCodes(token, signal) });
  const promoCodes = list.data ?? [];

  const onCreate = async (promo: NewPromoCode): Promise<boolean> => {
    try {
      await createPromoCode(token, promo);
      showSuccess(PromoTexts.created);
      setFormOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['promo-codes'] });
      return true;
    } catch {
      showError(PromoTexts.createFailed);
      return false;
    }
  };

  return (
    <PageContainer>
      <Head>
        <PageTitle subtitle="Create discount codes for the annual membership.">Promo Codes Management</PageTitle>
        <Button variant={formOpen ? 'ghost' : 'primary'} onClick={() => setFormOpen((v) => !v)}>
          {formOpen ? 'Cancel' : 'New Promo Code'}
        </Button>
      </Head>
      {list.isError ? <Banner tone="error">{PromoTexts.fetchFailed}</Banner> : null}
      {error ? <Banner tone="error">{error}</Banner> : null}
      {success ? <Banner tone="success">{success}</Banner> : null}
      {formOpen ? <PromoCodeForm onCreate={onCreate} /> : null}
      {list.isPending ? (
        <Spinner label="Loading promo codes..." />
      ) : promoCodes.length ? (
        <PromoCodesTable promoCodes={promoCodes} />
      ) : (
        <Empty>
          <p>No promo codes available</p>
          {!formOpen ? <Button onClick={() => setFormOpen(true)}>Create First Promo Code</Button> : null}
        </Empty>
      )}
    </PageContainer>
  );
}

/** Promo Codes Management inside the page's query client. */
export function PromoCodesPage() {
  return (
    <QueryProvider>
      <PromoCodesPageContent />
    </QueryProvider>
  );
}
