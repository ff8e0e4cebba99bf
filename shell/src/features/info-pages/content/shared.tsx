import styled from 'styled-components';
import { MEMBERSHIP_MONTHLY_FROM_USD, MEMBERSHIP_PRICE_USD } from '@altmed/contracts/web';
import { Button } from '@altmed/web-kit';
import { useAuthDialogs } from '../../../lib/authDialogs';

export { SUPPORT_EMAIL } from '@altmed/contracts/web';

export const price = `${MEMBERSHIP_PRICE_USD.toFixed(2)} USD`;
export const monthly = `${MEMBERSHIP_MONTHLY_FROM_USD.toFixed(2)} USD`;
/** The date the privacy policy and the terms were last changed. */
export const UPDATED = 'Last updated: January 6, 2025';

const Cta = styled.div`
  margin-top: 32px;
  display: flex;
  flex-wrap: wrap;
  gap: 14px;
  align-items: center;
`;

/** The call to join that ends the how-it-works and about pages. */
export function JoinCta() {
  const { openJoin } = useAuthDialogs();
  return (
    <Cta>
      <Button size="lg" variant="secondary" onClick={() => openJoin()}>
        Become a member
      </Button>
      <span>
        {price} a year, from {monthly} per month.
      </span>
    </Cta>
  );
}
