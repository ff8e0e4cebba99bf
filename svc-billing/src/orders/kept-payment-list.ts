import type { AdminOrdersQuery, PaymentFiguresResponse } from '@altmed/contracts';
import { BackgroundReadModel, applyReadByIds, type Logger, idsNamedBy } from '@altmed/service-kit';
import { ADMIN_PAYMENT_FIELDS, type AdminPaymentRecord } from '../payments/payments.domain';
import type { PaymentModel } from '../payments/payment.model';
import { PaymentList, type PaymentListResult } from './payment-list';

/**
 * This instance's Orders Management list, kept current by payment.changed (written with every
 * change of a listed field) and read after the service listens: until it is read, the list answers 503.
 */
export class KeptPaymentList extends BackgroundReadModel {
  private list = PaymentList.of([]);

  constructor(payments: PaymentModel, logger: Logger) {
    super(
      {
        name: 'payment-list',
        eventTypes: ['payment.changed', 'payment.refunded'],
        idsOf: (event) => idsNamedBy(event, 'payment'),
        readAll: async () => {
          this.list = PaymentList.of(await payments.find().select(ADMIN_PAYMENT_FIELDS).lean<AdminPaymentRecord[]>());
          return this.list.size;
        },
        readByIds: async (ids) => {
          const records = await payments
            .find({ _id: { $in: [...ids] } })
            .select(ADMIN_PAYMENT_FIELDS)
            .lean<AdminPaymentRecord[]>();
          applyReadByIds(this.list, ids, records);
        },
      },
      logger,
    );
  }

  find(query: AdminOrdersQuery): PaymentListResult {
    return this.list.find(query);
  }

  figures(): PaymentFiguresResponse {
    return this.list.figures();
  }
}
