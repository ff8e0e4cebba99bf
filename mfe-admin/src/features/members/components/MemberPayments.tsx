import styled from 'styled-components';
import { Button, formatDate, theme } from '@altmed/web-kit';
import type { AdminPayment } from '../api/members';
import { dateOrDash, formatMoney } from '../../../lib/format';
import { paymentStatusLabel, refundNote } from '../../../lib/payments';
import { Empty, Note, Scroll, Table } from '../../../components/DataTable';

const Resends = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  display: grid;
  gap: 2px;
  font-size: 13px;
  color: ${theme.colors.textMuted};
`;

/**
 * Every payment attempt of the member, newest first: amount in its currency, promo code, state, when
 * it started and when it was paid, and a refunded one when and by whom it was refunded. A paid one has
 * a button that emails its receipt again (disabled while that request is under way) and, under it,
 * each resend with the administrator and the date. Refunds are made in Orders Management.
 */
export function MemberPayments({
  payments,
  resending = [],
  onResendReceipt,
}: {
  payments: AdminPayment[];
  /** The payments whose receipt is being resent now. */
  resending?: readonly string[];
  onResendReceipt: (paymentId: string) => void;
}) {
  if (!payments.length) return <Empty>No payments yet.</Empty>;
  return (
    <Scroll>
      <Table aria-label="Payments">
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Amount</th>
            <th scope="col">Promo code</th>
            <th scope="col">Status</th>
            <th scope="col">Paid</th>
            <th scope="col">Receipt</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => {
            const amount = formatMoney(payment.amount, payment.currency);
            const paid = dateOrDash(payment.paidAt);
            return (
              <tr key={payment.id}>
                <td>{dateOrDash(payment.createdAt)}</td>
                <td>{amount}</td>
                <td>{payment.promoCode ?? 'None'}</td>
                <td>
                  {paymentStatusLabel(payment.status)}
                  {payment.refund ? <Note>{refundNote(payment.refund)}</Note> : null}
                </td>
                <td>{paid}</td>
                <td>
                  {payment.status === 'succeeded' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Resend receipt of ${amount} paid ${paid}`}
                      disabled={resending.includes(payment.id)}
                      onClick={() => onResendReceipt(payment.id)}
                    >
                      Resend receipt
                    </Button>
                  ) : (
                    '—'
                  )}
                  {payment.receiptResends.length ? (
                    <Resends>
                      {payment.receiptResends.map((resend, index) => (
                        <li key={`${resend.at}-${index}`}>
                          Receipt resent by {resend.by} on {formatDate(resend.at) ?? resend.at}
                        </li>
                      ))}
                    </Resends>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </Scroll>
  );
}
