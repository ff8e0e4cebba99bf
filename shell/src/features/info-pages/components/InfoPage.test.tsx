import { fireEvent, screen, within } from '@testing-library/react';
import { accountFixture } from '@altmed/web-kit/src/testing/fixtures';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderApp } from '../../../test/renderApp';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

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

  it('the contact page holds the member contact form, which continues to the payment method', async () => {
    server.setRoutes([
      { method: 'POST', path: '/api/users/login', status: 401, body: { message: 'Invalid email or password' } },
      {
        method: 'POST',
        path: '/api/users/signup',
        status: 201,
        body: { token: 'tok', user: accountFixture({ id: 'u9', name: 'Mae Jemison', email: 'mae@example.com' }) },
      },
    ]);
    renderApp('/contact');
    const form = await screen.findByRole('form', { name: 'Contact Information' });
    fireEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('You must agree to the Terms & Services');
    const type = (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label, { exact: false }), { target: { value } });
    type('First Name', 'Mae');
    type('Last Name', 'Jemison');
    type('Email', 'mae@example.com');
    type('Password', 'endeavour');
    type('Phone Number', '555-987-6543');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Vision' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: /consent/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('dialog', { name: 'Choose Payment Method' })).toBeInTheDocument();
  });
});
