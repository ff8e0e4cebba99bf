import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore, type SessionStore } from '@altmed/web-kit';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderRoutes } from '../../../test/renderRoutes';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

const record = {
  _id: 'p-7',
  providerName: 'Dr. Lee',
  practiceName: 'Lee Wellness',
  email: 'lee@example.com',
  npiNumber: '1234567893',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  practiceDescription: 'Whole-person care.',
  specialties: ['Nutrition'],
  boardCertifications: ['Naturopathy'],
  stateLicenses: [{ state: 'TX', deaNumber: 'AB1234563', licenseNumber: 'L-1' }],
  status: 'approved',
  profileComplete: true,
  reviewStats: { totalReviews: 12, averageSatisfactionRating: 4.55, averageEfficacyRating: 4 },
};

function providerSession(): SessionStore {
  const store = createSessionStore(localStorage);
  store.login('provider-token', { id: 'u', name: 'Dr. Lee', email: 'lee@example.com', role: 'provider', providerId: 'p-7' });
  return store;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('provider dashboard', () => {
  it('sends a visitor and a member away', () => {
    expect(renderRoutes('/provider/profile').location.pathname).not.toBe('/provider/profile');
    const store = createSessionStore(localStorage);
    store.login('t', { id: 'u', name: 'Ada', email: 'ada@example.com', role: 'user' });
    expect(renderRoutes('/provider/profile', store).location.pathname).not.toBe('/provider/profile');
    expect(server.requests).toHaveLength(0);
  });

  it('says when the profile cannot be loaded', async () => {
    server.setRoutes([{ method: 'GET', path: '/api/provider-info/p-7', status: 500, body: { message: 'boom' } }]);
    renderRoutes('/provider/profile', providerSession());
    for (const label of ['Total Reviews', 'Avg Satisfaction', 'Avg Efficacy']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your profile information.');
  });

  it("loads the logged-in provider's profile and review stats, with the token", async () => {
    server.setRoutes([{ method: 'GET', path: '/api/provider-info/p-7', status: 200, body: { provider: record } }]);
    renderRoutes('/provider/profile', providerSession());
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Dr. Lee' })).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getByText('4.5')).toBeInTheDocument();
    expect(screen.getByText('4.0')).toBeInTheDocument();
    for (const name of ['Basic Information', 'Practice Description', 'Qualifications', 'Profile Images']) {
      expect(within(section(name)).getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(within(section('Basic Information')).getByText('Lee Wellness')).toBeInTheDocument();
    expect(within(section('Qualifications')).getByText('TX · licence L-1 · DEA AB1234563')).toBeInTheDocument();
    expect(server.requests[0]?.authorization).toBe('Bearer provider-token');
  });

  it('edits a section: Cancel discards, Save Changes saves, returns to view and shows the banner', async () => {
    server.setRoutes([
      { method: 'GET', path: '/api/provider-info/p-7', status: 200, body: { provider: record } },
      { method: 'PUT', path: '/api/provider-info/p-7/images', status: 200, body: { provider: { ...record, practiceDescription: 'Rooted in nature.' } } },
    ]);
    renderRoutes('/provider/profile', providerSession());
    await screen.findByText('Whole-person care.');
    const description = section('Practice Description');

    fireEvent.click(within(description).getByRole('button', { name: 'Edit Practice Description' }));
    fireEvent.change(within(description).getByLabelText('Practice Description'), { target: { value: 'Something else' } });
    expect(within(description).getByText('14/1000')).toBeInTheDocument();
    fireEvent.click(within(description).getByRole('button', { name: 'Cancel' }));
    expect(within(description).getByText('Whole-person care.')).toBeInTheDocument();

    fireEvent.click(within(description).getByRole('button', { name: 'Edit Practice Description' }));
    expect(within(description).getByLabelText('Practice Description')).toHaveValue('Whole-person care.');
    fireEvent.change(within(description).getByLabelText('Practice Description'), { target: { value: 'Rooted in nature.' } });
    fireEvent.click(within(description).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes saved successfully!')).toBeInTheDocument();
    expect(within(description).getByText('Rooted in nature.')).toBeInTheDocument();
    const save = server.requests.find((request) => request.method === 'PUT');
    expect(save).toMatchObject({ authorization: 'Bearer provider-token', body: { practiceDescription: 'Rooted in nature.' } });
  });

  it('keeps the form and shows the failure banner and the field reasons when a save is refused', async () => {
    server.setRoutes([
      { method: 'GET', path: '/api/provider-info/p-7', status: 200, body: { provider: record } },
      {
        method: 'PUT',
        path: '/api/provider-info/p-7',
        status: 400,
        body: {
          message: 'Invalid NPI Number. Please check the number: its last digit does not match.',
          errors: { npiNumber: 'Invalid NPI Number. Please check the number: its last digit does not match.' },
        },
      },
    ]);
    renderRoutes('/provider/profile', providerSession());
    await screen.findByText('Lee Wellness');
    const basic = section('Basic Information');
    fireEvent.click(within(basic).getByRole('button', { name: 'Edit Basic Information' }));
    fireEvent.change(within(basic).getByLabelText('NPI Number'), { target: { value: '1234567890' } });
    fireEvent.click(within(basic).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to save changes')).toBeInTheDocument();
    expect(within(basic).getByText('Invalid NPI Number. Please check the number: its last digit does not match.')).toBeInTheDocument();
    expect(within(basic).getByLabelText('NPI Number')).toHaveValue('1234567890');
    expect(server.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ npiNumber: '1234567890', state: 'TX', email: 'lee@example.com' });
  });

  it('refuses a qualifications draft with an incomplete licence without sending it', async () => {
    server.setRoutes([{ method: 'GET', path: '/api/provider-info/p-7', status: 200, body: { provider: record } }]);
    renderRoutes('/provider/profile', providerSession());
    await screen.findByText('Lee Wellness');
    const qualifications = section('Qualifications');
    fireEvent.click(within(qualifications).getByRole('button', { name: 'Edit Qualifications' }));
    expect(within(qualifications).getByLabelText('License 1 DEA number')).toHaveValue('AB1234563');
    fireEvent.change(within(qualifications).getByLabelText('License 1 license number'), { target: { value: '' } });
    fireEvent.click(within(qualifications).getByRole('button', { name: 'Save Changes' }));
    expect(await within(qualifications).findByText('Each state license must include state, DEA number, and license number.')).toBeInTheDocument();
    expect(screen.getByText('Failed to save changes')).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('tells a blocked provider that the profile is not public and why', async () => {
    server.setRoutes([
      {
        method: 'GET',
        path: '/api/provider-info/p-7',
        status: 200,
        body: { provider: { ...record, status: 'blocked', isActive: false, blockedReason: 'Licence expired' } },
      },
    ]);
    renderRoutes('/provider/profile', providerSession());
    expect(await screen.findByText(/Your profile is not public: our team has blocked it\. Reason: Licence expired/)).toBeInTheDocument();
  });

  it('sends a provider whose sign-up is unfinished back to the steps', async () => {
    server.setRoutes([
      { method: 'GET', path: '/api/provider-info/p-7', status: 200, body: { provider: { ...record, profileComplete: false, status: 'pending' } } },
    ]);
    const { location } = renderRoutes('/provider/profile', providerSession());
    fireEvent.click(await screen.findByRole('link', { name: 'Finish signing up' }));
    await waitFor(() => expect(location.pathname).toBe('/qualifications'));
    expect(screen.getByRole('heading', { name: 'Type of Medicine' })).toBeInTheDocument();
  });

  it('changes the password after checking the new one', async () => {
    server.setRoutes([
      { method: 'GET', path: '/api/provider-info/p-7', status: 200, body: { provider: record } },
      { method: 'PUT', path: '/api/users/me/password', status: 200, body: { message: 'Password changed' } },
    ]);
    renderRoutes('/provider/profile', providerSession());
    await screen.findByText('Lee Wellness');
    const password = section('Password');
    fireEvent.change(within(password).getByLabelText('Current Password'), { target: { value: 'old-secret' } });
    fireEvent.change(within(password).getByLabelText('New Password'), { target: { value: 'new-secret' } });
    fireEvent.change(within(password).getByLabelText('Confirm New Password'), { target: { value: 'new-secreX' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect(within(password).getByRole('alert')).toHaveTextContent('Passwords do not match.');
    fireEvent.change(within(password).getByLabelText('Confirm New Password'), { target: { value: 'new-secret' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect(await within(password).findByText('Your password has been changed.')).toBeInTheDocument();
    expect(server.requests.find((request) => request.url === '/api/users/me/password')).toMatchObject({
      authorization: 'Bearer provider-token',
      body: { currentPassword: 'old-secret', newPassword: 'new-secret' },
    });
  });
});
