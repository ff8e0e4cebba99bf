import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { MEMBERSHIP_PRICE_CENTS, npiCheckDigit } from '@altmed/contracts';
import { eventually } from '@altmed/local-stack/src/testing';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const SITE_URL = (process.env.SITE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
export const ARTIFACTS_DIR = path.resolve(__dirname, '..', 'artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium with nothing that reaches outside the machine (headless is added by each caller). */
export const OFFLINE_CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, headless, with nothing that reaches outside the machine. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', ...OFFLINE_CHROMIUM_FLAGS] });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors seen so far. */
  pageErrors: string[];
}

export async function openPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Session> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

export function url(pathname: string): string {
  return `${SITE_URL}${pathname}`;
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage });
}

export const REMOTE_FALLBACK = 'This part of the site is unavailable right now.';

/** The value of a sample in the gateway's metrics (on their own port, METRICS_PORT), labels in any order; 0 when there is none yet. */
export async function gatewayMetric(name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${process.env.METRICS_PORT ?? '9464'}/metrics`)).text();
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{`) && wanted.every((pair) => candidate.includes(pair)));
  return line === undefined ? 0 : Number(line.split(' ').at(-1));
}

export interface StoredUser {
  id: string;
  name: string;
  email: string;
  role: string;
  isAdmin?: boolean;
  providerId?: string;
}

/** Stores a session the way a login does (SPEC §4: token and user in localStorage), before the page's own scripts run. */
export async function storeSession(context: BrowserContext, token: string, user: StoredUser): Promise<void> {
  await context.addInitScript(
    ([t, u]) => {
      if (!window.localStorage.getItem('token')) {
        window.localStorage.setItem('token', t);
        window.localStorage.setItem('user', u);
      }
    },
    [token, JSON.stringify(user)] as const,
  );
}

/** Logs in through the API (as the login modal does) and answers the token and user. */
export async function apiLogin(email: string, password: string): Promise<{ token: string; user: StoredUser }> {
  const response = await fetch(url('/api/users/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login of ${email} answered ${response.status}`);
  return (await response.json()) as { token: string; user: StoredUser };
}

/** A call to the site's API as the holder of `token`; throws unless it answers 2xx. */
export async function apiCall(path: string, token: string, method: string, body?: unknown): Promise<void> {
  const response = await fetch(url(`/api${path}`), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
}

/** A call to the site's API with `token`: its status and JSON body. */
export async function apiAnswer<T>(path: string, token: string, method = 'GET'): Promise<{ status: number; body: T }> {
  const response = await fetch(url(`/api${path}`), { method, headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as T };
}

/** The administrator the e2e site creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@altmed.local',
  password: process.env.ADMIN_PASSWORD ?? 'ChangeMe-Admin-2025',
};

/** Signs a new member up through the API and answers the token and user (with the password used). */
export async function apiSignupMember(name = 'Ada Lovelace'): Promise<{ token: string; user: StoredUser; password: string }> {
  const password = 'e2e-password';
  const email = `member.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await fetch(url('/api/users/signup'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password, contactInfo: { phone: '555-123-4567', address: '', specialties: ['Nutrition'] } }),
  });
  if (response.status !== 201) throw new Error(`signup answered ${response.status}`);
  return { ...((await response.json()) as { token: string; user: StoredUser }), password };
}

/**
 * A member who has paid for a year, through the API as the card step does: an intent for the
 * membership price, confirmed with Stripe's test card (pm_card_visa), then the membership is active.
 */
export async function apiPayingMember(name = 'Paula Paying'): Promise<{ token: string; user: StoredUser; password: string }> {
  const member = await apiSignupMember(name);
  const call = async (path: string, body: unknown) => {
    const response = await fetch(url(`/api${path}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const { clientSecret } = await call('/payments/create-payment-intent', { amount: MEMBERSHIP_PRICE_CENTS, userId: member.user.id });
  const paymentIntentId = String(clientSecret).split('_secret_')[0];
  await call('/payments/confirm-payment', { paymentIntentId, paymentMethodId: 'pm_card_visa' });
  // The membership follows the payment's event through the broker.
  await eventually(
    async () => {
      const me = await fetch(url('/api/users/me'), { headers: { authorization: `Bearer ${member.token}` } });
      return ((await me.json()) as { user: { membership?: { status: string } } }).user.membership?.status === 'active';
    },
    30_000,
    'Expected the membership to become active after the payment',
  );
  return member;
}

/** A fresh NPI number with a valid check digit. */
export function newNpiNumber(): string {
  const firstNine = String(100_000_000 + Math.floor(Math.random() * 900_000_000));
  return `${firstNine}${npiCheckDigit(firstNine)}`;
}

/** Step 1 of the provider portal for a new provider, through the API; answers its login and what it signed up with. */
export async function apiSignupProvider(providerName = 'Dr. Rowan Hale', place: { city?: string; state?: string; zip?: string } = {}) {
  const step1 = {
    practiceName: `${providerName.replace(/^Dr\.\s*/, '')} Clinic`,
    providerName,
    email: `provider.${randomUUID().slice(0, 8)}@example.com`,
    password: 'e2e-provider-secret',
    confirmPassword: 'e2e-provider-secret',
    npiNumber: newNpiNumber(),
    address: '1 Main Street',
    suite: '',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    ...place,
  };
  const response = await fetch(url('/api/provider-info'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(step1) });
  if (response.status !== 201) throw new Error(`provider sign-up answered ${response.status}: ${await response.text()}`);
  const { token, user, providerId } = (await response.json()) as { token: string; user: StoredUser; providerId: string };
  return { token, user, providerId, step1 };
}

/** The e2e administrator's token, from a login through the API. */
export async function apiAdminToken(): Promise<string> {
  return (await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password)).token;
}

/**
 * A provider as members find it, through the API: signed up (step 1, at `place`), its
 * `qualifications` saved when given (step 2), then approved by the holder of `adminToken` unless
 * `approve` is false. Answers its id, name and login token.
 */
export async function apiListedProvider(
  adminToken: string,
  providerName: string,
  {
    place = {},
    qualifications,
    approve = true,
  }: { place?: { city?: string; state?: string; zip?: string }; qualifications?: Record<string, unknown>; approve?: boolean } = {},
): Promise<{ id: string; name: string; token: string }> {
  const { providerId: id, token } = await apiSignupProvider(providerName, place);
  if (qualifications) await apiCall(`/provider-info/${id}/qualifications`, token, 'PUT', qualifications);
  if (approve) await apiCall(`/admins/providers/${id}/status`, adminToken, 'PUT', { status: 'approve' });
  return { id, name: providerName, token };
}
