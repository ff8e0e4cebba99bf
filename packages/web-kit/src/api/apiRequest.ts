/** Every call goes to this base (SPEC §7); the gateway routes it to the owning service. */
export const API_BASE = '/api';

/** Default error texts of the call wrappers (SPEC §8), used when the server sends no message. */
export const DefaultErrors = {
  signup: 'Signup failed',
  login: 'Login failed',
  fetchProviders: 'Failed to fetch providers',
  updateProviderApproval: 'Failed to update provider approval',
  createPaymentIntent: 'Payment intent creation failed',
  confirmPayment: 'Payment confirmation failed',
  saveProviderInfo: 'Failed to save provider info',
  saveQualifications: 'Failed to save qualifications',
  uploadSignature: 'Failed to get upload signature',
  uploadFile: 'Failed to upload file',
  saveUploadedFiles: 'Failed to save uploaded files',
  sendSubscriptionEmail: 'Failed to send subscription email',
  createPromoCode: 'Failed to create promo code',
  fetchPromoCodes: 'Failed to fetch promo codes',
  validatePromoCode: 'Invalid or expired promo code',
  fetchProvider: 'Failed to fetch provider',
  sendProviderNotification: 'Failed to send provider notification',
  sendProviderWelcomeEmail: 'Failed to send provider welcome email',
} as const;

/** A failed call: `message` is the server's message or the caller's default. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** The parsed response body, if any (e.g. a field `errors` object). */
  readonly data: unknown;

  constructor(message: string, status: number, data?: unknown, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
    this.data = data;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON when defined. */
  body?: unknown;
  /** Bearer token; sent only when supplied. */
  token?: string | null;
  /** Message of the error raised when the server gives none (SPEC §8). */
  defaultError: string;
  /** Overrides {@link API_BASE}, e.g. an absolute URL outside a browser. */
  baseUrl?: string;
  signal?: AbortSignal;
}

type UnauthorizedListener = (token: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Hears every 401 answered to a call that carried a token (the session stores listen, and end
 * the session if it is still theirs). Returns the function that stops listening.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function serverMessage(data: unknown): string | null {
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

/**
 * Calls `${baseUrl}${path}` with JSON in and out. Resolves with the parsed body (undefined when
 * empty); rejects with an {@link ApiError} carrying the server's `message`, else `defaultError`.
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions): Promise<T> {
  const { method = 'GET', body, token, defaultError, baseUrl = API_BASE, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(defaultError, 0, undefined, { cause: error });
  }

  let data: unknown;
  try {
    data = await readBody(response);
  } catch (error) {
    throw new ApiError(defaultError, response.status, undefined, { cause: error });
  }
  if (response.status === 401 && token) unauthorizedListeners.forEach((listener) => listener(token));
  if (!response.ok) throw new ApiError(serverMessage(data) ?? defaultError, response.status, data);
  return data as T;
}
