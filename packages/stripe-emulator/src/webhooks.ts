import { createHmac } from 'node:crypto';
import { backOff } from 'exponential-backoff';
import { newId, nowSeconds } from './ids';
import type { Account, StripeEvent, WebhookEndpoint } from './state';

export const apiVersion = '2026-10-28.endive';

/** Stripe's `Stripe-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the whsec_ secret>`. */
export function signatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function newEvent(account: Account, type: string, object: unknown, request: StripeEvent['request']): StripeEvent {
  const event: StripeEvent = {
    id: newId('evt'),
    object: 'event',
    api_version: apiVersion,
    created: nowSeconds(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: endpointsFor(account, type).length,
    request,
    type,
  };
  account.events.push(event);
  return event;
}

export function endpointsFor(account: Account, type: string): WebhookEndpoint[] {
  return account.webhookEndpoints.filter((endpoint) => endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type));
}

export interface Delivery {
  url: string;
  /** The endpoint's HTTP status, or undefined when it did not answer. */
  status: number | undefined;
}

/**
 * Posts events to webhook endpoints, signed as Stripe signs them. A delivery that fails (no answer
 * or not 2xx) is tried again a few times with growing pauses; Stripe keeps trying for days, a dev
 * tool does not need to.
 */
export class WebhookSender {
  /** Aborted by stop(): no delivery is sent after it, and one on the wire is cut. */
  private readonly stopping = new AbortController();
  /** Sends on the wire now (not deliveries waiting for their next try). */
  private readonly sending = new Set<Promise<unknown>>();

  constructor(
    private readonly log: (message: string) => void,
    private readonly retry = { attempts: 4, firstDelayMs: 1_000 },
  ) {}

  deliver(account: Account, event: StripeEvent): void {
    for (const endpoint of endpointsFor(account, event.type)) {
      void backOff(() => this.sendOnce(endpoint, event, true), {
        numOfAttempts: this.retry.attempts,
        startingDelay: this.retry.firstDelayMs,
        timeMultiple: 3,
        retry: () => !this.stopping.signal.aborted,
      }).catch((error: unknown) => {
        if (!this.stopping.signal.aborted) this.log(`webhook ${event.type} ${event.id} to ${endpoint.url} not delivered: ${(error as Error).message}`);
      });
    }
  }

  /** One attempt to every endpoint that takes this event, without retries: what a test's replay sees. */
  async deliverNow(account: Account, event: StripeEvent): Promise<Delivery[]> {
    return Promise.all(endpointsFor(account, event.type).map((endpoint) => this.sendOnce(endpoint, event, false)));
  }

  /**
   * Cuts the sends on the wire and waits for them; a delivery waiting for its next try (up to 9 s)
   * is not waited for: when it wakes, it finds the sender stopped and gives up without sending.
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.sending]);
  }

  private async sendOnce(endpoint: WebhookEndpoint, event: StripeEvent, failUnlessOk: boolean): Promise<Delivery> {
    if (this.stopping.signal.aborted) throw new Error('the Stripe emulator has stopped');
    const sent = this.post(endpoint, event, failUnlessOk);
    this.sending.add(sent);
    try {
      return await sent;
    } finally {
      this.sending.delete(sent);
    }
  }

  private async post(endpoint: WebhookEndpoint, event: StripeEvent, failUnlessOk: boolean): Promise<Delivery> {
    const payload = JSON.stringify(event, null, 2);
    let status: number | undefined;
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(payload, endpoint.secret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(10_000)]),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      if (failUnlessOk) throw error;
    }
    if (failUnlessOk && (status === undefined || status < 200 || status > 299)) throw new Error(`${endpoint.url} answered ${status}`);
    return { url: endpoint.url, status };
  }
}
