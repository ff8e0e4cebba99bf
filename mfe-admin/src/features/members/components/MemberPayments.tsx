import type { AdminPayment } from '../api/members';
import { dateOrDash, formatMoney, paymentStatusLabel } from '../format';
import { Empty } from './Section';
import { Scroll, Table } from './tableStyles';

/** Every payment attempt of the member, newest first: amount in its currency, promo code, state, when it started and when it was paid. */
export function MemberPayments({ payments }: { payments: AdminPayment[] }) {
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
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td>{dateOrDash(payment.createdAt)}</td>
              <td>{formatMoney(payment.amount, payment.currency)}</td>
              <td>{payment.promoCode ?? 'None'}</td>
              <td>{paymentStatusLabel(payment.status)}</td>
              <td>{dateOrDash(payment.paidAt)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}
