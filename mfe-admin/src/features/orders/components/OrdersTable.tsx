import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card } from '@altmed/web-kit';
import { Note, Scroll, Table } from '../../../components/DataTable';
import { dateOrDash, formatMoney } from '../../../lib/format';
import { paymentStatusLabel, refundNote } from '../../../lib/payments';
import type { AdminOrder } from '../api/orders';

/** Paid, for more than nothing (a 100% code charges nothing), and not refunded yet (nor pending at the card's bank). */
const refundable = (order: AdminOrder) => order.status === 'succeeded' && order.amount > 0 && !order.refund && !order.refundPending;

/** A reference is read aloud in one piece: never broken at its dashes. */
const Reference = styled.span`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

/** The name the page gives the member of a payment: their name, or "Unknown member" when the payment does not say. */
const memberName = (order: AdminOrder) => order.member?.name ?? 'Unknown member';

/**
 * The payments of one page, newest first: when each started, its reference, the member (opening their page), the
 * amount with its promo code, the status (a refunded one with when and by whom), and Refund on a
 * paid one (disabled while its refund is under way).
 */
export function OrdersTable({
  orders,
  refunding = [],
  onRefund,
}: {
  orders: AdminOrder[];
  /** The payments being refunded now. */
  refunding?: readonly string[];
  onRefund: (order: AdminOrder) => void;
}) {
  return (
    <Card $padding={2}>
      <Scroll>
        <Table aria-label="Payments">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Reference</th>
              <th scope="col">Member</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => {
              const amount = formatMoney(order.amount, order.currency);
              const date = dateOrDash(order.createdAt);
              return (
                <tr key={order.id}>
                  <td>{date}</td>
                  <td>
                    <Reference>{order.reference}</Reference>
                  </td>
                  <td>
                    <Link to={`/admin/users/${encodeURIComponent(order.userId)}`}>{memberName(order)}</Link>
                    {order.member ? <Note>{order.member.email}</Note> : null}
                  </td>
                  <td>
                    {amount}
                    {order.promoCode ? <Note>Promo code {order.promoCode}</Note> : null}
                  </td>
                  <td>
                    {paymentStatusLabel(order.status)}
                    {order.refund ? <Note>{refundNote(order.refund)}</Note> : null}
                    {order.refundPending ? <Note>Refund pending since {refundNote(order.refundPending)}</Note> : null}
                  </td>
                  <td>
                    {refundable(order) ? (
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Refund ${amount} paid ${dateOrDash(order.paidAt)} by ${memberName(order)}`}
                        disabled={refunding.includes(order.id)}
                        onClick={() => onRefund(order)}
                      >
                        Refund
                      </Button>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Scroll>
    </Card>
  );
}
