import styled from 'styled-components';
import { membershipPriceCents } from '@altmed/contracts/web';
import { theme } from '@altmed/web-kit';
import type { AppliedPromo } from '../hooks/usePaymentIntent';

const Summary = styled.dl`
  margin: 0;
  padding: 14px 16px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceMuted};
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 6px 12px;
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .total {
    font-weight: 700;
    color: ${theme.colors.text};
  }
`;

const usd = (cents: number) => `${(cents / 100).toFixed(2)} USD`;

/** What the year costs, the promo code's discount and what is due today. */
export function AmountSummary({ promo }: { promo: AppliedPromo | null }) {
  const discount = promo?.discountPercentage ?? 0;
  return (
    <Summary aria-label="Amount summary">
      <dt>Annual membership</dt>
      <dd>{usd(membershipPriceCents())}</dd>
      <dt>Discount{promo ? ` (${promo.code})` : ''}</dt>
      <dd>{discount}%</dd>
      <dt className="total">Total due today</dt>
      <dd className="total">{usd(membershipPriceCents(discount))}</dd>
    </Summary>
  );
}
