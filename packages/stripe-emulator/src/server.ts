import http from 'node:http';
import type { AddressInfo } from 'node:net';
import cors from 'cors';
import express, { type Request, type Response } from 'express';
import qs from 'qs';
import { browserScript } from './browser-script';
import type { Caller } from './caller';
import { retrieveCharge } from './charges';
import { StripeError, idempotencyKeyInUse, idempotencyMismatch, invalidApiKey, invalidRequest, noApiKey, unrecognizedUrl } from './errors';
import { createWebhookEndpoint, deleteWebhookEndpoint, listEvents, retrieveEvent } from './events';
import { newId } from './ids';
import {
  authenticatePaymentIntent,
  cancelPaymentIntent,
  confirmPaymentIntent,
  createPaymentIntent,
  retrievePaymentIntent,
  updatePaymentIntent,
} from './payment-intents';
import { createPaymentMethod, retrievePaymentMethod } from './payment-methods';
import { createRefund, retrieveRefund, settleRefund } from './refunds';
import { Accounts, newAccountKeys, type Account, type AccountKeys } from './state';
import { challengePage, finishChallenge } from './three-d-secure';
import { newEvent, WebhookSender } from './webhooks';

export interface StripeEmulatorOptions {
  /** Default 0: a free port. */
  port?: number;
  host?: string;
  /** The keys of the account that exists from the start; random ones by default. */
  keys?: Partial<AccountKeys>;
  /** Webhook endpoints of that account, sent every event. */
  webhookUrls?: string[];
  log?: (message: string) => void;
  webhookRetry?: { attempts: number; firstDelayMs: number };
}

export interface StripeEmulator {
  url: string;
  port: number;
  /** The keys of the account that exists from the start. */
  keys: AccountKeys;
  /** Sends every event of the first account to `url` as well (once per URL). */
  addWebhookEndpoint: (url: string) => void;
  stop: () => Promise<void>;
}

const parseQuery = (text: string) => qs.parse(text, { depth: 5, arrayLimit: 100, parameterLimit: 1000 });

/**
 * A local, stateful stand-in for the part of the Stripe API the marketplace uses (payment intents,
 * payment methods, charges, refunds, events, webhook endpoints), with Stripe's shapes and errors,
 * plus the browser script that stands in for Stripe.js. Everything is kept in memory.
 */
export async function startStripeEmulatorServer(options: StripeEmulatorOptions = {}): Promise<StripeEmulator> {
  const log = options.log ?? (() => {});
  const accounts = new Accounts();
  const keys = { ...newAccountKeys(), ...options.keys };
  const main = accounts.add(keys);
  const addWebhookEndpoint = (url: string) => {
    if (!main.webhookEndpoints.some((endpoint) => endpoint.url === url))
      createWebhookEndpoint(
        callerFor(main, false, '', () => {}),
        { url, enabled_events: ['*'] },
      );
  };
  for (const url of options.webhookUrls ?? []) addWebhookEndpoint(url);
  const sender = new WebhookSender(log, options.webhookRetry);

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', parseQuery);
  // Stripe.js calls the API from the site's pages.
  app.use(cors({ origin: '*', allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Stripe-Version'], maxAge: 600 }));
  app.use(express.text({ type: 'application/x-www-form-urlencoded', limit: '1mb' }));

  app.get('/emulator/health', (_req, res) => {
    res.json({ emulator: 'stripe' });
  });
  app.get(['/v3', '/v3/'], (_req, res) => {
    res.type('application/javascript').set('cache-control', 'no-cache').send(browserScript());
  });
  app.get('/emulator/3ds/:id', (req, res) => {
    res.type('html').send(challengePage(String(req.params.id), req.query));
  });
  app.post('/emulator/3ds/:id', (req: Request<{ id: string }>, res) => {
    const owner = accounts.all().find((account) => account.paymentIntents.has(req.params.id));
    if (!owner) return void res.status(404).type('text').send(`No such payment_intent: '${req.params.id}'`);
    const caller = callerFor(owner, true, baseUrlOf(req), (type, object) =>
      sender.deliver(owner, newEvent(owner, type, object, { id: null, idempotency_key: null })),
    );
    try {
      res.redirect(303, finishChallenge(caller, req.params.id, parseQuery(typeof req.body === 'string' ? req.body : '')));
    } catch (error) {
      res
        .status(400)
        .type('text')
        .send((error as Error).message);
    }
  });
  app.get('/emulator/3ds/:id/done', (_req, res) => {
    res.type('text').send('Authentication finished. You can close this window.');
  });
  app.post('/emulator/accounts', (req, res) => {
    const { refund_latency_ms: latency = '0' } = parseQuery(typeof req.body === 'string' ? req.body : '');
    if (typeof latency !== 'string' || !/^\d{1,5}$/.test(latency))
      return sendError(
        res,
        invalidRequest('refund_latency_ms must be a whole number of milliseconds below 100000.', { param: 'refund_latency_ms' }),
        newId('req'),
      );
    const created = accounts.add(newAccountKeys(), Number(latency));
    res.json({ secret_key: created.secretKey, publishable_key: created.publishableKey, webhook_secret: created.webhookSecret });
  });
  app.post(
    '/emulator/events/:id/deliver',
    (req: Request<{ id: string }>, res) =>
      void answer(req, res, async (caller) => ({ deliveries: await sender.deliverNow(caller.account, retrieveEvent(caller, req.params.id, {})) })),
  );

  const api = express.Router();
  api.post(
    '/payment_intents',
    stripeRoute((caller, params) => createPaymentIntent(caller, params)),
  );
  api.get(
    '/payment_intents/:id',
    stripeRoute((caller, params, id) => retrievePaymentIntent(caller, id, params)),
  );
  api.post(
    '/payment_intents/:id',
    stripeRoute((caller, params, id) => updatePaymentIntent(caller, id, params)),
  );
  api.post(
    '/payment_intents/:id/confirm',
    stripeRoute((caller, params, id) => confirmPaymentIntent(caller, id, params)),
  );
  api.post(
    '/payment_intents/:id/cancel',
    stripeRoute((caller, params, id) => cancelPaymentIntent(caller, id, params)),
  );
  api.post(
    '/payment_intents/:id/emulator_authenticate',
    stripeRoute((caller, params, id) => authenticatePaymentIntent(caller, id, params)),
  );
  api.post(
    '/payment_methods',
    stripeRoute((caller, params) => createPaymentMethod(caller, params)),
  );
  api.get(
    '/payment_methods/:id',
    stripeRoute((caller, params, id) => retrievePaymentMethod(caller, id, params)),
  );
  api.get(
    '/charges/:id',
    stripeRoute((caller, params, id) => retrieveCharge(caller, id, params)),
  );
  api.post(
    '/refunds',
    stripeRoute(
      (caller, params) => createRefund(caller, params),
      (account) => account.refundLatencyMs,
    ),
  );
  api.post(
    '/refunds/:id/emulator_settle',
    stripeRoute((caller, params, id) => settleRefund(caller, id, params)),
  );
  api.get(
    '/refunds/:id',
    stripeRoute((caller, params, id) => retrieveRefund(caller, id, params)),
  );
  api.get(
    '/events',
    stripeRoute((caller, params) => listEvents(caller, params)),
  );
  api.get(
    '/events/:id',
    stripeRoute((caller, params, id) => retrieveEvent(caller, id, params)),
  );
  api.post(
    '/webhook_endpoints',
    stripeRoute((caller, params) => createWebhookEndpoint(caller, params)),
  );
  api.delete(
    '/webhook_endpoints/:id',
    stripeRoute((caller, _params, id) => deleteWebhookEndpoint(caller, id)),
  );
  app.use('/v1', api);
  app.use((req, res) => sendError(res, unrecognizedUrl(req.method, req.path), newId('req')));

  type Handler = (caller: Caller, params: unknown, id: string) => unknown;

  /**
   * Authentication, parameters, idempotency, events and errors around one Stripe API call, answered
   * after `latencyOf` the account: while it is under way, another request with its idempotency key
   * gets Stripe's 409.
   */
  function stripeRoute(handler: Handler, latencyOf: (account: Account) => number = () => 0) {
    return async (req: Request<{ id?: string }>, res: Response) => {
      const requestId = newId('req');
      let account: Account;
      let publishable: boolean;
      try {
        ({ account, publishable } = authenticate(accounts, req));
      } catch (error) {
        return sendError(res, error, requestId);
      }
      const params = req.method === 'POST' ? parseQuery(typeof req.body === 'string' ? req.body : '') : req.query;
      const idempotencyKey = req.method === 'POST' ? req.get('idempotency-key') : undefined;
      const remembered = idempotencyKey ? account.idempotency.get(idempotencyKey) : undefined;
      const signature = canonical(params);
      if (idempotencyKey && remembered) {
        if (remembered.path !== req.originalUrl || remembered.params !== signature) return sendError(res, idempotencyMismatch(idempotencyKey), requestId);
        return void res
          .status(remembered.status)
          .set({ 'request-id': requestId, 'idempotent-replayed': 'true', 'idempotency-key': idempotencyKey })
          .json(remembered.body);
      }

      if (idempotencyKey && account.keysInFlight.has(idempotencyKey)) return sendError(res, idempotencyKeyInUse(idempotencyKey), requestId);

      const emitted: { type: string; object: unknown }[] = [];
      const caller = callerFor(account, publishable, baseUrlOf(req), (type, object) => emitted.push({ type, object: structuredClone(object) }));
      let status = 200;
      let body: unknown;
      const latency = latencyOf(account);
      if (idempotencyKey) account.keysInFlight.add(idempotencyKey);
      try {
        if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
        body = handler(caller, params, req.params.id ?? '');
      } catch (error) {
        ({ status, body } = errorResponse(error));
      } finally {
        if (idempotencyKey) account.keysInFlight.delete(idempotencyKey);
      }
      if (idempotencyKey && (status === 200 || status === 402))
        account.idempotency.set(idempotencyKey, { method: req.method, path: req.originalUrl, params: signature, status, body });
      res
        .status(status)
        .set({ 'request-id': requestId, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) })
        .json(body);
      for (const { type, object } of emitted)
        sender.deliver(account, newEvent(account, type, object, { id: requestId, idempotency_key: idempotencyKey ?? null }));
    };
  }

  async function answer(req: Request, res: Response, handler: (caller: Caller) => Promise<unknown>): Promise<void> {
    const requestId = newId('req');
    try {
      const { account, publishable } = authenticate(accounts, req);
      res.json(await handler(callerFor(account, publishable, baseUrlOf(req), () => {})));
    } catch (error) {
      sendError(res, error, requestId);
    }
  }

  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    keys,
    addWebhookEndpoint,
    async stop() {
      await sender.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function callerFor(account: Account, publishable: boolean, baseUrl: string, emit: Caller['emit']): Caller {
  return { account, publishable, baseUrl, emit };
}

function baseUrlOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`;
}

function authenticate(accounts: Accounts, req: Request): { account: Account; publishable: boolean } {
  const header = req.get('authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
  const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined);
  if (!key) throw noApiKey();
  const secret = accounts.withSecretKey(key);
  if (secret) return { account: secret, publishable: false };
  const publishable = accounts.withPublishableKey(key);
  if (publishable) return { account: publishable, publishable: true };
  throw invalidApiKey(key);
}

function errorResponse(error: unknown): { status: number; body: { error: unknown } } {
  if (error instanceof StripeError) return { status: error.status, body: { error: error.body } };
  const internal = invalidRequest(`An error occurred with our connection to Stripe: ${(error as Error).message}`);
  return { status: 500, body: { error: { ...internal.body, type: 'api_error' } } };
}

function sendError(res: Response, error: unknown, requestId: string): void {
  const { status, body } = errorResponse(error);
  res.status(status).set('request-id', requestId).json(body);
}

/** The same parameters give the same string whatever their order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
