import type { AdminOrdersQuery, PaymentFiguresResponse } from '@altmed/contracts';
import { KeptReadModel, idsNamedBy, type Logger, type ServiceMetrics } from '@altmed/service-kit';
import { ADMIN_PAYMENT_FIELDS, type AdminPaymentRecord } from '../payments/payment-answers';
import type { PaymentModel } from '../payments/payment.model';
import { PaymentList, type PaymentListResult } from './payment-list';

/** Records read at a time when every payment is read. */
const READ_BATCH = 2_000;

/**
 * This instance's Orders Management list (a `KeptReadModel`, read after the service listens: until
 * it is read, the list answers 503), kept current by payment.changed, written with every change of
 * a listed field.
 */
export class KeptPaymentList {
  readonly kept: KeptReadModel<AdminPaymentRecord, PaymentList>;

  constructor(payments: PaymentModel, { logger, metrics }: { logger: Logger; metrics?: ServiceMetrics }) {
    this.kept = new KeptReadModel(
      {
        name: 'payment-list',
        eventTypes: ['payment.changed', 'payment.refunded'],
        idsOf: (event) => idsNamedBy(event, 'payment'),
        readAll: () => payments.find().select(ADMIN_PAYMENT_FIELDS).lean<AdminPaymentRecord[]>().cursor({ batchSize: READ_BATCH }),
        readByIds: (ids) =>
          payments
            .find({ _id: { $in: [...ids] } })
            .select(ADMIN_PAYMENT_FIELDS)
            .lean<AdminPaymentRecord[]>()
            .exec(),
        build: (records) => PaymentList.of(records),
      },
      PaymentList.empty(),
      { logger, metrics },
    );
  }

  find(query: AdminOrdersQuery): PaymentListResult {
    return this.kept.index.find(query);
  }

  figures(): PaymentFiguresResponse {
    return this.kept.index.figures();
  }
}
