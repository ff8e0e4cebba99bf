import { act, screen, waitFor } from '@testing-library/react';
import { apiRequest, createSessionStore } from '@altmed/web-kit';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderApp } from '../test/renderApp';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

it('a 401 to the session token signs the user out and opens the login modal', async () => {
  server.setRoutes([{ method: 'GET', path: '/api/users/me', status: 401, body: { message: 'Invalid or expired token' } }]);
  const store = createSessionStore(localStorage);
  store.login('tok-1', { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' });
  renderApp('/about', store);
  expect(screen.getByText('Ada')).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Log In' })).not.toBeInTheDocument();

  await act(() => expect(apiRequest('/users/me', { token: 'tok-1', defaultError: 'Failed' })).rejects.toMatchObject({ status: 401 }));
  expect(await screen.findByRole('dialog', { name: 'Log In' })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Ada')).not.toBeInTheDocument());
  expect(store.getState().token).toBeNull();
});
