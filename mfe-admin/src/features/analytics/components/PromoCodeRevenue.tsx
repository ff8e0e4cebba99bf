import type { PaymentFigures } from '../../../lib/figures';
import { formatCount } from '../../../lib/figureFormat';
import { formatMoney } from '../../../lib/format';
import { Empty, Scroll, Table } from '../../../components/DataTable';

/** Paid memberships (net of refunds), refunded ones and revenue per promo code, as the server orders them (most revenue first); full price is the row without a code. */
export function PromoCodeRevenue({ rows, currency }: { rows: PaymentFigures['byPromoCode']; currency: string }) {
  if (!rows.length) return <Empty>No paid memberships in these weeks.</Empty>;
  return (
    <Scroll>
      <Table aria-label="Revenue by promo code">
        <thead>
          <tr>
            <th scope="col">Promo code</th>
            <th scope="col">Paid memberships</th>
            <th scope="col">Refunded</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.promoCode ?? ''}>
              <th scope="row">{row.promoCode ?? 'Full price'}</th>
              <td>{formatCount(row.paid)}</td>
              <td>{formatCount(row.refunded)}</td>
              <td>{formatMoney(row.revenue, currency)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}
