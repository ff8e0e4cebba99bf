import { screen } from '@testing-library/react';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderApp } from '../../../test/renderApp';

// The layout's calls (if any) go to a test server that answers 404.
setupTestServer();
beforeEach(() => localStorage.clear());
// The pages are loaded lazily: their first import is a cold transform of every page's module, which
// on a busy test run outlasts findBy's wait. What these tests check is the page, so load it first.
beforeAll(() => import('./InfoPage'));

describe('public information pages', () => {
  it.each([
    ['/how', 'How It Works'],
    ['/about', 'About Us'],
    ['/faq', 'Frequently Asked Questions'],
    ['/contact', 'Contact Us'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
  ])('%s is a real page titled %s, with an illustration described for screen readers', async (path, title) => {
    renderApp(path);
    // Information pages are loaded when opened.
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('img').length).toBeGreaterThan(0);
  });

  it.each(['/how', '/about', '/faq'])('%s explains what "vetted" means', async (path) => {
    renderApp(path);
    const vetted = await screen.findByRole('region', { name: /what .vetted. means here/i });
    expect(vetted).toHaveTextContent('National Provider Identifier');
    expect(vetted).toHaveTextContent('licence');
  });

  it('/privacy says what a deleted account leaves behind, and why', async () => {
    renderApp('/privacy');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Deleting your account' });
    const section = heading.nextElementSibling!.parentElement!;
    expect(section).toHaveTextContent('the messages you sent us from the Contact page are deleted');
    expect(section).toHaveTextContent(
      'Your payments (amount, date, promo code and payment reference), because tax and accounting law require us to keep them.',
    );
    expect(section).toHaveTextContent('The reviews you wrote, shown as “Former member”');
  });
});
