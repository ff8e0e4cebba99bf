import fs from 'node:fs';
import path from 'node:path';
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
