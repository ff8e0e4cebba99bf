/** Stripe's error object: `{ error: { type, code?, decline_code?, message, param?, … } }` with its HTTP status. */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
}

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

export function invalidRequest(message: string, extra: { code?: string; param?: string; status?: number } = {}): StripeError {
  const { status = 400, code, param } = extra;
  return new StripeError(status, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code, doc_url: docUrl(code) } : {}),
    ...(param ? { param } : {}),
  });
}

export const unknownParameter = (param: string) => invalidRequest(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param });

export const missingParameter = (param: string) => invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const invalidValue = (param: string, message: string) => invalidRequest(message, { code: 'parameter_invalid_string', param });

export const resourceMissing = (kind: string, id: string, param: string) =>
  invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param, status: 404 });

export const unexpectedState = (message: string) => invalidRequest(message, { code: 'payment_intent_unexpected_state' });

export const unrecognizedUrl = (method: string, path: string) =>
  invalidRequest(`Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`, {
    status: 404,
  });

export function cardError(code: string, message: string, extra: { declineCode?: string; param?: string } = {}): StripeError {
  return new StripeError(402, {
    type: 'card_error',
    code,
    doc_url: docUrl(code),
    message,
    ...(extra.declineCode ? { decline_code: extra.declineCode } : {}),
    ...(extra.param ? { param: extra.param } : {}),
  });
}

export function idempotencyMismatch(key: string): StripeError {
  return new StripeError(400, {
    type: 'idempotency_error',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  });
}

/** A request whose idempotency key another request is still using: Stripe answers 409 and saves nothing, so a later retry gets the first one's answer. */
export function idempotencyKeyInUse(key: string): StripeError {
  return new StripeError(409, {
    type: 'idempotency_error',
    code: 'idempotency_key_in_use',
    doc_url: docUrl('idempotency_key_in_use'),
    message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
  });
}

export const noApiKey = () =>
  invalidRequest(
    "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    { status: 401 },
  );

export const invalidApiKey = (key: string) => invalidRequest(`Invalid API Key provided: ${maskKey(key)}`, { status: 401 });

export const publishableKeyNotAllowed = () =>
  invalidRequest(
    'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    { status: 401 },
  );

function maskKey(key: string): string {
  return key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(Math.min(key.length - 12, 20))}${key.slice(-4)}` : key;
}
