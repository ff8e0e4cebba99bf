/**
 * Jest hooks that give a test file its Chromium and each of its tests a fresh page, so the files
 * do not repeat them. Call these at the top level of a test file, before its own hooks.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, type Session } from './browser';

/** A page's width and height in CSS pixels. */
export interface Viewport {
  width: number;
  height: number;
}

/** The Chromium that useBrowser launches for one test file. */
export interface FileBrowser {
  /** The running browser: read it in hooks and tests, not while the file is loading. */
  readonly browser: Browser;
}

/**
 * Launches Chromium before the file's tests (beforeAll) and closes it after them (afterAll).
 * Jest runs beforeAll hooks in the order they are registered: call this before the file's own
 * beforeAll when that one needs the browser.
 */
export function useBrowser(): FileBrowser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('The browser is launched in beforeAll: use it in hooks and tests only.');
      return browser;
    },
  };
}

/** The page of the test that is running, from usePagePerTest. */
export interface PagePerTest {
  /** The current test's session: its context, its page and the page errors seen so far. */
  readonly session: Session;
  /** The current test's page (session.page). */
  readonly page: Page;
  /**
   * Closes the current test's context (without checking its page errors) and opens a fresh one at
   * `viewport` (by default the viewport usePagePerTest was given), which `page` then is; afterEach
   * then checks and closes the new one. Answers the new session.
   */
  reopen: (viewport?: Viewport) => Promise<Session>;
}

/**
 * The running test's page, from usePagePerTest (and from its reopen): a live binding, so a test file
 * imports it once and each use reads the current test's page.
 */
export let page: Page;

/**
 * Opens a fresh page in a new context before each test (beforeEach, at `viewport`, by default
 * openPage's 1280×900), and after each test expects that page to have had no uncaught errors and
 * closes its context (afterEach). The page is `page` above (and `session.page`).
 */
export function usePagePerTest(fileBrowser: FileBrowser, viewport?: Viewport): PagePerTest {
  let current: Session | undefined;
  const open = async (at?: Viewport) => {
    current = await openPage(fileBrowser.browser, at);
    page = current.page;
    return current;
  };
  beforeEach(async () => {
    await open(viewport);
  });
  afterEach(async () => {
    const session = current;
    current = undefined;
    // No session: opening it failed in beforeEach, which Jest already reports.
    if (!session) return;
    expect(session.pageErrors).toEqual([]);
    await session.context.close();
  });
  const currentSession = (): Session => {
    if (!current) throw new Error('A page is open only while a test runs (between beforeEach and afterEach).');
    return current;
  };
  return {
    get session() {
      return currentSession();
    },
    get page() {
      return currentSession().page;
    },
    async reopen(newViewport = viewport) {
      await currentSession().context.close();
      return open(newViewport);
    },
  };
}
