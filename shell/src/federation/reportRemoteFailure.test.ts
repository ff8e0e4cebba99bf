import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { forgetReportedRemoteFailures, reportRemoteFailure } from './reportRemoteFailure';

const server = setupTestServer();
const BUILD = '0.1.0+20261126120000000';

beforeEach(() => forgetReportedRemoteFailures());

// The document is read once per page load (remotesConfig keeps it), as in a browser: one for the whole file.
const remotesDocument = {
  method: 'GET',
  path: '/remotes.json',
  status: 200,
  body: { remotes: ['member', 'provider', 'admin'].map((name) => ({ name: `mfe_${name}`, entry: `/remotes/${name}/mf-manifest.json` })) },
};
/** The page's fetch: the entries resolve against jsdom's http://localhost, which is the test server here. */
const pageFetch: typeof fetch = (input, init) => {
  const address = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return fetch(address.replace('http://localhost', server.origin), init);
};

const reportsSent = () => server.requests.filter((request) => request.url === '/client-reports').map((request) => request.body);

it('reports a remote that failed once per page load, with the build its manifest names now', async () => {
  server.setRoutes([
    remotesDocument,
    { method: 'GET', path: '/remotes/admin/mf-manifest.json', status: 200, body: { metaData: { buildInfo: { buildVersion: BUILD } } } },
    { method: 'POST', path: '/client-reports', status: 204 },
  ]);
  await reportRemoteFailure('mfe_admin', pageFetch);
  await reportRemoteFailure('mfe_admin', pageFetch);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(reportsSent()).toEqual([{ reports: [{ kind: 'remote-load-failure', remote: 'mfe_admin', buildVersion: BUILD }] }]);
});

it('reports without a build when the manifest cannot be read, or names something that is not a build', async () => {
  server.setRoutes([
    remotesDocument,
    { method: 'GET', path: '/remotes/member/mf-manifest.json', status: 503, body: { message: 'down' } },
    { method: 'GET', path: '/remotes/provider/mf-manifest.json', status: 200, body: { metaData: { buildInfo: { buildVersion: '<script>' } } } },
    { method: 'POST', path: '/client-reports', status: 204 },
  ]);
  await reportRemoteFailure('mfe_member', pageFetch);
  await reportRemoteFailure('mfe_provider', pageFetch);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(reportsSent()).toEqual([
    { reports: [{ kind: 'remote-load-failure', remote: 'mfe_member' }] },
    { reports: [{ kind: 'remote-load-failure', remote: 'mfe_provider' }] },
  ]);
});
