import { fireEvent, screen } from '@testing-library/react';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderRoutes } from '../../../test/renderRoutes';
import { PROVIDER_ID_STORAGE_KEY } from '../hooks/useStoredProviderId';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValidStep1() {
  type('Name of Practice', 'Green Leaf Clinic');
  type('Provider/Practitioner Name', 'Dr. Rowan Hale');
  type('Email', 'rowan@example.com');
  type('Password', 'secret1');
  type('Confirm Password', 'secret1');
  type('NPI Number', '1234567890');
  type('Address', '1 Main St');
  type('City', 'Austin');
  fireEvent.change(screen.getByLabelText('State'), { target: { value: 'TX' } });
  type('ZIP', '78701');
}

describe('provider portal step 1', () => {
  it('shows every field of step 1', () => {
    renderRoutes('/provider-portal');
    for (const label of [
      'Name of Practice',
      'Provider/Practitioner Name',
      'Email',
      'Password',
      'Confirm Password',
      'NPI Number',
      'Address',
      'City',
      'State',
      'ZIP',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/Apartment\/Suite/)).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(51); // "Select" + 50 states
  });

  it('shows errors live while typing', () => {
    renderRoutes('/provider-portal');
    type('NPI Number', '12ab34');
    expect(screen.getByLabelText('NPI Number')).toHaveValue('1234');
    expect(screen.getByText('Invalid NPI Number. It must be 10 digits.')).toBeInTheDocument();
    type('Email', 'nope');
    expect(screen.getByText('Invalid email address.')).toBeInTheDocument();
    type('Password', '123');
    expect(screen.getByText('Password must be at least 6 characters long.')).toBeInTheDocument();
    type('Confirm Password', '124');
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
  });

  it('rechecks everything on submit and sends nothing when invalid', () => {
    renderRoutes('/provider-portal');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(10);
    expect(server.requests).toHaveLength(0);
  });

  it('saves, stores the provider id and goes to step 2', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/provider-info', status: 201, body: { providerId: 'p-42' } }]);
    const { location } = renderRoutes('/provider-portal');
    fillValidStep1();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Type of Medicine' })).toBeInTheDocument();
    expect(location.pathname).toBe('/qualifications');
    expect(localStorage.getItem(PROVIDER_ID_STORAGE_KEY)).toBe('p-42');
    expect(server.requests[0]?.body).not.toHaveProperty('confirmPassword');
  });

  it('puts an already-registered email under the email field', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/provider-info', status: 400, body: { message: 'Email already exists' } }]);
    renderRoutes('/provider-portal');
    fillValidStep1();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This email address is already registered. Please use a different email.')).toBeInTheDocument();
  });
});

describe('provider portal steps 2 and 3', () => {
  it('send the visitor back to step 1 without a stored provider id', () => {
    const { location } = renderRoutes('/qualifications');
    expect(location.pathname).toBe('/provider-portal');
    expect(screen.getByLabelText('Name of Practice')).toBeInTheDocument();
  });

  it('step 2 shows its sections and rejects incomplete licences', () => {
    localStorage.setItem(PROVIDER_ID_STORAGE_KEY, 'p-1');
    renderRoutes('/qualifications');
    for (const name of ['Type of Medicine', 'Hospital Affiliations (optional)', 'Education and Training', 'State Licenses']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.queryByLabelText('License 1 DEA number')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('License 1 state'), { target: { value: 'CA' } });
    fireEvent.change(screen.getByLabelText('License 1 DEA number'), { target: { value: 'AB1234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Each state license must include state, DEA number, and license number.');
  });

  it('step 3 shows the uploads and the description counter', () => {
    localStorage.setItem(PROVIDER_ID_STORAGE_KEY, 'p-1');
    renderRoutes('/profile-content');
    expect(screen.getByText('Upload Headshot')).toBeInTheDocument();
    expect(screen.getByText(/400x400/)).toBeInTheDocument();
    expect(screen.getByText('Upload Gallery Image')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Practice Description'), { target: { value: 'Holistic care' } });
    expect(screen.getByText('13/1000')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload both headshot and gallery images before continuing.');
  });

  it('the completion page says the form is done', () => {
    renderRoutes('/completion');
    expect(screen.getByRole('heading', { name: "You've completed the Provider Details form!" })).toBeInTheDocument();
  });
});
