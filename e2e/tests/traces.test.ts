import { randomBytes } from 'node:crypto';
import { eventually } from '@altmed/local-stack/src/testing';
import { screenshot, url } from '../support/browser';
import { page, useBrowser, usePagePerTest } from '../support/browser-per-file';

/** The test run's Jaeger (tools/src/monitoring/jaeger.ts), where every unit of the site sends its spans. */
const JAEGER_URL = process.env.JAEGER_URL ?? 'http://127.0.0.1:16686';

interface JaegerSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  processID: string;
  references: { spanID: string }[];
}
interface JaegerTrace {
  traceID: string;
  spans: JaegerSpan[];
  processes: Record<string, { serviceName: string }>;
}

async function jaeger<T>(path: string): Promise<T[]> {
  const response = await fetch(`${JAEGER_URL}${path}`);
  if (response.status === 404) return [];
  if (!response.ok) throw new Error(`Jaeger ${path} answered ${response.status}`);
  return ((await response.json()) as { data: T[] | null }).data ?? [];
}

/** The gateway's trace of the request the gateway gave `requestId` (its span's `http.request.id`). */
async function traceOfRequest(requestId: string): Promise<JaegerTrace> {
  let found: JaegerTrace | undefined;
  await eventually(
    async () => {
      const tags = encodeURIComponent(JSON.stringify({ 'http.request.id': requestId }));
      [found] = await jaeger<JaegerTrace>(`/api/traces?service=gateway&tags=${tags}&lookback=1h&limit=5`);
      return found !== undefined;
    },
    20_000,
    `Jaeger has no gateway trace of request ${requestId}`,
  );
  return found!;
}

const servicesOf = (trace: JaegerTrace) => new Set(trace.spans.map((span) => trace.processes[span.processID]?.serviceName));
const operationsOf = (trace: JaegerTrace, service: string) =>
  trace.spans.filter((span) => trace.processes[span.processID]?.serviceName === service).map((span) => span.operationName);

usePagePerTest(useBrowser());

it('follows one sign-up through the browser as one trace: the gateway, svc-identity, the relay and RabbitMQ, svc-notify and its SMTP send', async () => {
  await page.goto(url('/'));
  await page.getByRole('button', { name: 'Join Now' }).click();
  await page.getByRole('dialog', { name: 'What You Get with Your Membership' }).getByRole('button', { name: 'Continue' }).click();
  const contact = page.getByRole('dialog', { name: 'Contact Information' });
  await contact.getByLabel('First Name').fill('Grace');
  await contact.getByLabel('Last Name').fill('Hopper');
  await contact.getByLabel('Email').fill(`grace.${Date.now()}@example.com`);
  await contact.getByLabel('Password', { exact: false }).fill('cobol-1959');
  await contact.getByLabel('Phone Number', { exact: false }).fill('555-123-4567');
  await contact.getByRole('checkbox', { name: 'Nutrition' }).check();
  await contact.getByRole('checkbox', { name: /Terms & Services/ }).check();
  const signedUp = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/users/signup');
  await contact.getByRole('button', { name: 'Continue' }).click();
  const signup = await signedUp;
  expect(signup.status()).toBe(201);
  const requestId = (await signup.headerValue('x-request-id')) ?? '';
  expect(requestId).not.toBe('');
  await page.getByRole('dialog', { name: 'Choose Payment Method' }).waitFor();
  await screenshot(page, 'traces-signed-up');

  const { traceID } = await traceOfRequest(requestId);
  // Each unit sends its spans on its own timer: wait for the whole trace, every parent in it.
  let trace: JaegerTrace | undefined;
  await eventually(
    async () => {
      [trace] = await jaeger<JaegerTrace>(`/api/traces/${traceID}`);
      return trace !== undefined && isSignupTraceWhole(trace);
    },
    30_000,
    `trace ${traceID} did not become whole: ${trace ? JSON.stringify(trace.spans.map((span) => span.operationName)) : 'none'}`,
  );
  expect([...servicesOf(trace!)].sort()).toEqual(expect.arrayContaining(['gateway', 'svc-identity', 'svc-notify']));
  expect(rootsOf(trace!).map((span) => span.operationName)).toEqual(['POST /api/users/signup']);
});

/** The gateway's request, svc-identity's, its relay's publish, notify's delivery and its SMTP send, all joined up. */
function isSignupTraceWhole(trace: JaegerTrace): boolean {
  const identity = operationsOf(trace, 'svc-identity');
  const notify = operationsOf(trace, 'svc-notify');
  return (
    operationsOf(trace, 'gateway').includes('POST /api/users/signup') &&
    identity.includes('POST /users/signup') &&
    // The relay's publish to the exchange and notify's delivery from its queue, as the amqplib instrumentation names them.
    identity.some((name) => name.startsWith('publish ')) &&
    notify.some((name) => /^notify\.user-signed-up\S* process$/.test(name)) &&
    notify.includes('smtp send') &&
    rootsOf(trace).length === 1
  );
}

/** Spans whose parent is not in the trace: one, the gateway's, in a trace that is whole. */
function rootsOf(trace: JaegerTrace): JaegerSpan[] {
  const spanIds = new Set(trace.spans.map((span) => span.spanID));
  return trace.spans.filter((span) => !span.references.some((reference) => spanIds.has(reference.spanID)));
}

it('starts a trace of its own for each request from outside, whatever traceparent the client sends', async () => {
  const clientTraceId = randomBytes(16).toString('hex');
  const response = await fetch(url('/api/users/me'), { headers: { traceparent: `00-${clientTraceId}-${randomBytes(8).toString('hex')}-01` } });
  const requestId = response.headers.get('x-request-id') ?? '';
  const { traceID } = await traceOfRequest(requestId);
  expect(traceID).not.toBe(clientTraceId);
  // Once svc-identity's spans (its 401) are in the gateway's trace, none went to the client's.
  await eventually(
    async () => (await jaeger<JaegerTrace>(`/api/traces/${traceID}`)).some((trace) => servicesOf(trace).has('svc-identity')),
    20_000,
    'svc-identity never joined the trace',
  );
  expect(await jaeger<JaegerTrace>(`/api/traces/${clientTraceId}`)).toEqual([]);
});
