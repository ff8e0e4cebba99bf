import { openPage, url } from '../support/browser';
import { useBrowser } from '../support/browser-per-file';

/**
 * Text first shows in a local font and swaps to the web font when it arrives (font-display: swap,
 * not preloaded). The local font is scaled to the web font's metrics (web-kit's fontStacks), so the
 * swap moves nothing on the first screen: on a phone the text there sits where it sits with the web
 * fonts (further down, a line may still wrap differently: the scaling matches average widths).
 * This machine has DejaVu only, the fallback Linux desktops use.
 */
const PAGES = ['/', '/provider-portal', '/admin/login'];
const PHONE = { width: 412, height: 823 };

const chromium = useBrowser();

interface TextBox {
  text: string;
  top: number;
  height: number;
}

/** Top and height of the headings, paragraphs and labels of the main area on the first screen. */
async function textLayout(path: string, webFonts: boolean): Promise<TextBox[]> {
  const { page, context } = await openPage(chromium.browser, PHONE);
  try {
    if (!webFonts) await context.route('**/*.woff2', (route) => route.abort());
    await page.goto(url(path), { waitUntil: 'networkidle' });
    await page.locator('main h1').first().waitFor();
    return await page.evaluate(async (screenHeight) => {
      await document.fonts.ready;
      return Array.from(document.querySelectorAll('main h1, main h2, main p, main label'))
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.top < screenHeight)
        .map(({ element, box }) => ({
          text: `${element.tagName.toLowerCase()} "${element.textContent?.slice(0, 24) ?? ''}"`,
          top: box.top,
          height: box.height,
        }));
    }, PHONE.height);
  } finally {
    await context.close();
  }
}

it.each(PAGES)('lays out %s the same in the fallback font as in the web fonts', async (path) => {
  const withWebFonts = await textLayout(path, true);
  const withFallback = await textLayout(path, false);
  expect(withWebFonts.length).toBeGreaterThan(2);
  expect(withFallback.map(({ text }) => text)).toEqual(withWebFonts.map(({ text }) => text));
  // Within a pixel: the same lines, not just about the same page.
  withFallback.forEach((box, index) => {
    const expected = withWebFonts[index]!;
    expect([box.text, Math.abs(box.top - expected.top) <= 1, Math.abs(box.height - expected.height) <= 1]).toEqual([expected.text, true, true]);
  });
});
