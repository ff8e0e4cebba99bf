import { z } from 'zod';
import type { Caller } from './caller';
import { publishableKeyNotAllowed, resourceMissing } from './errors';
import { newId, nowSeconds } from './ids';
import { expand, integer, metadata, parseParams, text } from './params';
import type { StripeEvent, WebhookEndpoint } from './state';

const listParams = z.strictObject({
  type: text(200).optional(),
  limit: integer.pipe(z.number().int().min(1, { error: 'limit must be at least 1' }).max(100, { error: 'limit must be at most 100' })).optional(),
  expand,
});

const endpointParams = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: (issue) => `Invalid URL: ${String(issue.input)}` }),
  enabled_events: z.array(text(200)).min(1),
  description: text(5000).optional(),
  metadata: metadata.optional(),
  api_version: text(50).optional(),
  expand,
});

export function retrieveEvent(caller: Caller, id: string, params: unknown): StripeEvent {
  if (caller.publishable) throw publishableKeyNotAllowed();
  parseParams(z.strictObject({ expand }), params);
  const event = caller.account.events.find((candidate) => candidate.id === id);
  if (!event) throw resourceMissing('event', id, 'id');
  return event;
}

/** Newest first, like Stripe's list. */
export function listEvents(caller: Caller, params: unknown): { object: 'list'; data: StripeEvent[]; has_more: boolean; url: string } {
  if (caller.publishable) throw publishableKeyNotAllowed();
  const input = parseParams(listParams, params);
  const matching = caller.account.events.filter((event) => !input.type || event.type === input.type).reverse();
  const limit = input.limit ?? 10;
  return { object: 'list', data: matching.slice(0, limit), has_more: matching.length > limit, url: '/v1/events' };
}

/** Every endpoint of an account signs with the account's webhook secret (Stripe gives each endpoint its own). */
export function createWebhookEndpoint(caller: Caller, params: unknown): WebhookEndpoint {
  if (caller.publishable) throw publishableKeyNotAllowed();
  const input = parseParams(endpointParams, params);
  const endpoint: WebhookEndpoint = {
    id: newId('we'),
    object: 'webhook_endpoint',
    url: input.url,
    enabled_events: input.enabled_events,
    secret: caller.account.webhookSecret,
    status: 'enabled',
    created: nowSeconds(),
    livemode: false,
    metadata: input.metadata || {},
    api_version: input.api_version ?? null,
    description: input.description ?? null,
    application: null,
  };
  caller.account.webhookEndpoints.push(endpoint);
  return endpoint;
}

export function deleteWebhookEndpoint(caller: Caller, id: string): { id: string; object: 'webhook_endpoint'; deleted: true } {
  if (caller.publishable) throw publishableKeyNotAllowed();
  const index = caller.account.webhookEndpoints.findIndex((endpoint) => endpoint.id === id);
  if (index < 0) throw resourceMissing('webhook_endpoint', id, 'webhook_endpoint');
  caller.account.webhookEndpoints.splice(index, 1);
  return { id, object: 'webhook_endpoint', deleted: true };
}
