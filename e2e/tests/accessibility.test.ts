import AxeBuilder from '@axe-core/playwright';
import { openPage, screenshot, url } from '../support/browser';
import { useBrowser } from '../support/browser-per-file';

/** Every public route (SPEC §2), as a visitor sees it. */
const PUBLIC_ROUTES = [
  '/',
  '/providers',
  '/how',
  '/about',
  '/faq',
  '/contact',
  '/privacy',
  '/terms',
  '/reset-password?token=example',
  '/provider-portal',
  '/completion',
  '/admin/login',
];
const WIDTHS = [375, 1280];

const chromium = useBrowser();

describe.each(WIDTHS)('at %i px', (width) => {
  it.each(PUBLIC_ROUTES)('%s has no serious or critical axe violation, its own title, and no sideways scroll', async (route) => {
    const { page, context, pageErrors } = await openPage(chromium.browser, { width, height: 900 });
    await page.goto(url(route), { waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor();
    await page.evaluate(() => document.fonts.ready);

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5) }));
    expect(serious).toEqual([]);

    expect(await page.title()).not.toBe('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, `public${route === '/' ? '-home' : route.split('?')[0]!.replace(/\//g, '-')}-${width}`, true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

it('has a different title on every public route', async () => {
  const { page, context } = await openPage(chromium.browser);
  const titles = new Set<string>();
  for (const route of PUBLIC_ROUTES) {
    await page.goto(url(route));
    await page.locator('h1').first().waitFor();
    titles.add(await page.title());
  }
  expect(titles.size).toBe(PUBLIC_ROUTES.length);
  await context.close();
});

it('scrolls sideways nowhere from 320 px up, and keeps tap targets at least 24 px', async () => {
  const { page, context } = await openPage(chromium.browser, { width: 320, height: 720 });
  for (const route of PUBLIC_ROUTES) {
    await page.goto(url(route), { waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor();
    expect({ route, fits: await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth) }).toEqual({
      route,
      fits: true,
    });
    const small = await page.evaluate(() =>
      // A control inside its label has the label as its target.
      Array.from(document.querySelectorAll('a[href], button, input, select, summary'))
        .filter((el) => el.getAttribute('tabindex') !== '-1' && (el as HTMLElement).offsetParent !== null && !el.closest('label'))
        .map((el) => ({ el: (el.textContent || el.getAttribute('aria-label') || el.tagName).trim().slice(0, 40), box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.height < 24 && box.width < 24)
        .map(({ el }) => el),
    );
    expect({ route, small }).toEqual({ route, small: [] });
  }
  await context.close();
});
