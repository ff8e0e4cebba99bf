import type {
  ApiResponseBody,
  ConfirmPaymentResponse,
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  PaymentConfig,
  ValidatePromoCodeResponse,
} from '@altmed/contracts/web';
import { ApiError, apiCall, DefaultErrors } from '@altmed/web-kit';

/** GET /payment-config.json (the gateway's, outside /api): how to load card entry. */
export async function getPaymentConfig(): Promise<PaymentConfig> {
  let response: Response;
  try {
    response = await fetch('/payment-config.json', { headers: { accept: 'application/json' } });
  } catch (error) {
    throw new ApiError('Payment settings could not be loaded', 0, undefined, { cause: error });
  }
  if (!response.ok) throw new ApiError('Payment settings could not be loaded', response.status);
  return (await response.json()) as PaymentConfig;
}

/** POST /payments/create-payment-intent: the server prices the membership and refuses any other amount. */
export function createPaymentIntent(body: CreatePaymentIntentRequest, token: string): Promise<CreatePaymentIntentResponse> {
  return apiCall('POST /payments/create-payment-intent', { body, token, defaultError: DefaultErrors.createPaymentIntent });
}

/** POST /payments/confirm-payment with the card's payment method. */
export function confirmPayment(paymentIntentId: string, paymentMethodId: string, token: string): Promise<ConfirmPaymentResponse> {
  return apiCall('POST /payments/confirm-payment', { body: { paymentIntentId, paymentMethodId }, token, defaultError: DefaultErrors.confirmPayment });
}

/** POST /promo-codes/validate. */
export function validatePromoCode(code: string, token: string): Promise<ValidatePromoCodeResponse> {
  return apiCall('POST /promo-codes/validate', { body: { code }, token, defaultError: DefaultErrors.validatePromoCode });
}

/** POST /email/send-subscription-email after a successful payment (SPEC §4). */
export function sendSubscriptionEmail(userId: string, token: string): Promise<ApiResponseBody<'POST /email/send-subscription-email'>> {
  return apiCall('POST /email/send-subscription-email', { body: { userId }, token, defaultError: DefaultErrors.sendSubscriptionEmail });
}
