import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { createSessionStore, type SessionStore } from '@altmed/web-kit';
import { accountFixture } from '@altmed/web-kit/src/testing/fixtures';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderRoutes } from '../../../test/renderRoutes';
import { PROVIDER_ID_STORAGE_KEY } from '../../../lib/signupProgress';

const server = setupTestServer();
// Most waits here follow a call to the test's HTTP server: on a busy 2-core machine (load 13) the save
// and the next page took 1.1-1.7 s, past the library's 1 s default.
configure({ asyncUtilTimeout: 5_000 });
beforeEach(() => localStorage.clear());

// 10 digits with the right check digit (Luhn over 80840 and the first nine digits).
const VALID_NPI = '1234567893';
const provider = accountFixture({ id: 'u-42', name: 'Dr. Rowan Hale', email: 'rowan@example.com', role: 'provider', providerId: 'p-42' });

/** A browser where step 1 has been done: the stored provider id and that provider's session. */
function afterStep1(): SessionStore {
  localStorage.setItem(PROVIDER_ID_STORAGE_KEY, 'p-42');
  const store = createSessionStore(localStorage);
  store.login('provider-token', provider);
  return store;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValidStep1() {
  type('Name of Practice', 'Green Leaf Clinic');
  type('Provider/Practitioner Name', 'Dr. Rowan Hale');
  type('Email', 'rowan@example.com');
  type('Password', 'secret1');
  type('Confirm Password', 'secret1');
  type('NPI Number', VALID_NPI);
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

  it('refuses an NPI number whose check digit is wrong, live', () => {
    renderRoutes('/provider-portal');
    type('NPI Number', '1234567890');
    expect(screen.getByText('Invalid NPI Number. Please check the number: its last digit does not match.')).toBeInTheDocument();
    type('NPI Number', VALID_NPI);
    expect(screen.queryByText(/Invalid NPI Number/)).not.toBeInTheDocument();
  });

  it("saves, keeps the provider's session and id, and goes to step 2", async () => {
    server.setRoutes([
      {
        method: 'POST',
        path: '/api/provider-info',
        status: 201,
        body: { providerId: 'p-42', token: 'provider-token', user: provider, provider: { _id: 'p-42' } },
      },
    ]);
    const { location, store } = renderRoutes('/provider-portal');
    fillValidStep1();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Type of Medicine' })).toBeInTheDocument();
    expect(location.pathname).toBe('/qualifications');
    expect(localStorage.getItem(PROVIDER_ID_STORAGE_KEY)).toBe('p-42');
    expect(store.getState()).toMatchObject({ token: 'provider-token', user: { providerId: 'p-42', role: 'provider' } });
    expect(server.requests[0]?.authorization).toBeUndefined();
  });

  it('puts an already-registered email under the email field and offers to log in', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/provider-info', status: 400, body: { message: 'Email already exists', errors: { email: 'x' } } }]);
    renderRoutes('/provider-portal');
    fillValidStep1();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This email address is already registered. Please use a different email.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    type('Email', 'other@example.com');
    expect(screen.queryByText('This email address is already registered. Please use a different email.')).not.toBeInTheDocument();
  });

  it('puts a taken NPI number under its field, beside a taken email', async () => {
    server.setRoutes([
      {
        method: 'POST',
        path: '/api/provider-info',
        status: 400,
        body: { message: 'Email already exists', errors: { email: 'x', npiNumber: 'NPI Number already exists' } },
      },
    ]);
    renderRoutes('/provider-portal');
    fillValidStep1();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This NPI Number is already registered. Please verify your NPI Number.')).toBeInTheDocument();
    expect(screen.getByText('This email address is already registered. Please use a different email.')).toBeInTheDocument();
  });
});

describe('provider portal steps 2 and 3', () => {
  it('send the visitor back to step 1 without a stored provider id', () => {
    const { location } = renderRoutes('/qualifications');
    expect(location.pathname).toBe('/provider-portal');
    expect(screen.getByLabelText('Name of Practice')).toBeInTheDocument();
  });

  it("send the visitor back to step 1 when the session is not the stored provider's", () => {
    localStorage.setItem(PROVIDER_ID_STORAGE_KEY, 'p-other');
    const store = createSessionStore(localStorage);
    store.login('provider-token', provider);
    expect(renderRoutes('/profile-content', store).location.pathname).toBe('/provider-portal');
  });

  it('step 2 shows its sections and rejects incomplete licences', () => {
    renderRoutes('/qualifications', afterStep1());
    for (const name of ['Type of Medicine', 'Hospital Affiliations (optional)', 'Education and Training', 'State Licenses']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.queryByLabelText('License 1 DEA number')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('License 1 state'), { target: { value: 'CA' } });
    fireEvent.change(screen.getByLabelText('License 1 DEA number'), { target: { value: 'AB1234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Each state license must include state, DEA number, and license number.');
  });

  it('step 2 refuses a DEA number whose check digit is wrong, and saves a valid form as the provider', async () => {
    server.setRoutes([{ method: 'PUT', path: '/api/provider-info/p-42/qualifications', status: 200, body: { provider: { _id: 'p-42' } } }]);
    const { location } = renderRoutes('/qualifications', afterStep1());
    fireEvent.change(screen.getByLabelText('License 1 state'), { target: { value: 'CA' } });
    fireEvent.change(screen.getByLabelText('License 1 DEA number'), { target: { value: 'AB1234568' } });
    fireEvent.change(screen.getByLabelText('License 1 license number'), { target: { value: 'L-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid DEA Number. Please check the number: its last digit does not match.');
    expect(server.requests).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('License 1 DEA number'), { target: { value: 'ab1234563' } });
    fireEvent.change(screen.getByLabelText('Board certification 1'), { target: { value: 'Naturopathy' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Nutrition' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location.pathname).toBe('/profile-content'));
    expect(server.requests[0]).toMatchObject({
      authorization: 'Bearer provider-token',
      body: {
        boardCertifications: ['Naturopathy'],
        hospitalAffiliations: [],
        specialties: ['Nutrition'],
        stateLicenses: [{ state: 'CA', deaNumber: 'AB1234563', licenseNumber: 'L-1' }],
      },
    });
  });

  it('step 2 shows the reason the server refused the form', async () => {
    server.setRoutes([
      { method: 'PUT', path: '/api/provider-info/p-42/qualifications', status: 400, body: { message: 'Please choose specialties from the list.' } },
    ]);
    renderRoutes('/qualifications', afterStep1());
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose specialties from the list.');
  });

  it('step 3 shows the uploads and the description counter', () => {
    renderRoutes('/profile-content', afterStep1());
    expect(screen.getByText('Upload Headshot')).toBeInTheDocument();
    expect(screen.getByText(/400x400/)).toBeInTheDocument();
    expect(screen.getByText('Upload Gallery Image')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Practice Description'), { target: { value: 'Holistic care' } });
    expect(screen.getByText('13/1000')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload both headshot and gallery images before continuing.');
  });

  it('step 3 refuses a file that is not a JPG or PNG, and one over 5 MB', () => {
    renderRoutes('/profile-content', afterStep1());
    const [headshotInput, galleryInput] = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
    fireEvent.change(headshotInput!, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByText('Only JPG/PNG image files are allowed for this field.')).toBeInTheDocument();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(galleryInput!, { target: { files: [big] } });
    expect(screen.getByText('Images must be at most 5 MB.')).toBeInTheDocument();
  });

  it('step 3 uploads both images straight to storage, saves the content and completes', async () => {
    const signature = (key: string) => ({
      presignedUrl: `${server.origin}/storage`,
      key,
      method: 'POST',
      fields: { key, 'Content-Type': 'image/png' },
      maxBytes: 5 * 1024 * 1024,
      expiresInSeconds: 300,
    });
    server.setRoutes([
      { method: 'POST', path: '/api/signature', status: 200, body: signature('uploads/p-42/0b6f1c2e-5d4a-4c3b-9a8f-7e6d5c4b3a21.png') },
      { method: 'POST', path: '/storage', status: 204 },
      {
        method: 'PUT',
        path: '/api/provider-info/p-42/images',
        status: 200,
        body: { provider: { _id: 'p-42', headshotUrl: 'https://img/a', galleryUrl: 'https://img/b' } },
      },
      { method: 'POST', path: /^\/api\/email\//, status: 200, body: { message: 'Notification sent' } },
    ]);
    const { location } = renderRoutes('/profile-content', afterStep1());
    const [headshotInput, galleryInput] = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
    fireEvent.change(headshotInput!, { target: { files: [new File([new Uint8Array(2048)], 'me.png', { type: 'image/png' })] } });
    fireEvent.change(galleryInput!, { target: { files: [new File([new Uint8Array(4096)], 'office.jpg', { type: 'image/jpeg' })] } });
    fireEvent.change(screen.getByLabelText('Practice Description'), { target: { value: '  Holistic care  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog', { name: 'Uploading your files, please wait...' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Headshot' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Gallery image' })).toBeInTheDocument();
    await waitFor(() => expect(location.pathname).toBe('/completion'), { timeout: 5_000 });

    const calls = server.requests.map((request) => `${request.method} ${request.url}`);
    expect(calls.filter((call) => call === 'POST /api/signature')).toHaveLength(2);
    expect(calls.filter((call) => call === 'POST /storage')).toHaveLength(2);
    const save = server.requests.find((request) => request.url === '/api/provider-info/p-42/images');
    expect(save).toMatchObject({ authorization: 'Bearer provider-token', body: { practiceDescription: 'Holistic care' } });
    expect(server.requests.find((request) => request.url === '/api/signature')?.body).toEqual({ fileName: 'me.png', fileType: 'image/png' });
    expect(localStorage.getItem(PROVIDER_ID_STORAGE_KEY)).toBeNull();
  });

  it('step 3 says why the upload failed and stays', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/signature', status: 400, body: { message: 'Only JPG/PNG image files are allowed for this field.' } }]);
    const { location } = renderRoutes('/profile-content', afterStep1());
    const [headshotInput, galleryInput] = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
    fireEvent.change(headshotInput!, { target: { files: [new File(['x'], 'me.png', { type: 'image/png' })] } });
    fireEvent.change(galleryInput!, { target: { files: [new File(['x'], 'office.png', { type: 'image/png' })] } });
    fireEvent.change(screen.getByLabelText('Practice Description'), { target: { value: 'Holistic care' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Upload failed: Only JPG/PNG image files are allowed for this field. Please try again.')).toBeInTheDocument();
    expect(location.pathname).toBe('/profile-content');
  });

  it('the completion page says the form is done', () => {
    renderRoutes('/completion');
    expect(screen.getByRole('heading', { name: "You've completed the Provider Details form!" })).toBeInTheDocument();
  });
});
