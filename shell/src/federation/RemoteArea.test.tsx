import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../test/renderApp';
import { RemoteUnavailableError } from './loadRemoteModule';
import { REMOTE_UNAVAILABLE_TITLE, RemoteArea } from './RemoteArea';
import { parseRemotesConfig } from './remotesConfig';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  window.sessionStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

describe('RemoteArea', () => {
  it('shows a spinner, then the remote component', async () => {
    const Remote = () => <p>remote content</p>;
    render(<RemoteArea remote="mfe_member" module="X" loader={() => Promise.resolve({ default: Remote })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('remote content')).toBeInTheDocument();
  });

  it('shows the area fallback when loading fails, and Try again loads afresh', async () => {
    const Remote = () => <p>back again</p>;
    const loader = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue({ default: Remote });
    render(<RemoteArea remote="mfe_admin" module="AdminApp" loader={loader} />);
    expect(await screen.findByText(REMOTE_UNAVAILABLE_TITLE)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('back again')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('reloads the page once when a chunk of an older build is gone, then shows the fallback if it still fails', async () => {
    const chunkLoadError = () =>
      Object.assign(new Error('Loading chunk 647 failed.\n(missing: http://x/remotes/admin/647.916ac4d9.js)'), { name: 'ChunkLoadError' });
    const MissingChunk = () => {
      throw chunkLoadError();
    };
    const reloadPage = jest.fn();
    const first = render(<RemoteArea remote="mfe_admin" module="AdminApp" loader={() => Promise.resolve({ default: MissingChunk })} reloadPage={reloadPage} />);
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    // While the page reloads the area keeps its loading look: no error, no blank page.
    expect(screen.queryByText(REMOTE_UNAVAILABLE_TITLE)).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    first.unmount();

    // The reloaded page fails the same way: no second reload, the area's fallback instead.
    render(
      <RemoteArea
        remote="mfe_admin"
        module="AdminApp"
        loader={() => Promise.reject(new RemoteUnavailableError('mfe_admin/AdminApp', { cause: chunkLoadError() }))}
        reloadPage={reloadPage}
      />,
    );
    expect(await screen.findByText(REMOTE_UNAVAILABLE_TITLE)).toBeInTheDocument();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('does not reload the page for other failures', async () => {
    const reloadPage = jest.fn();
    render(<RemoteArea remote="mfe_member" module="X" loader={() => Promise.reject(new Error('manifest answered 503'))} reloadPage={reloadPage} />);
    expect(await screen.findByText(REMOTE_UNAVAILABLE_TITLE)).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('contains a remote that throws while rendering', async () => {
    const Broken = () => {
      throw new Error('render failed');
    };
    render(
      <div>
        <p>outside</p>
        <RemoteArea remote="mfe_provider" module="X" loader={() => Promise.resolve({ default: Broken })} />
      </div>,
    );
    expect(await screen.findByText(REMOTE_UNAVAILABLE_TITLE)).toBeInTheDocument();
    expect(screen.getByText('outside')).toBeInTheDocument();
  });
});

describe('remote routes without reachable remotes', () => {
  it('keeps the header and footer around a provider area that is down', async () => {
    renderApp('/provider-portal');
    expect(await screen.findByText(REMOTE_UNAVAILABLE_TITLE)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByText(/© 2025/)).toBeInTheDocument();
  });

  it('hides the public header and footer in the admin area', async () => {
    renderApp('/admin/login');
    expect(await screen.findByText(REMOTE_UNAVAILABLE_TITLE)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByText(/© 2025/)).not.toBeInTheDocument();
  });
});

describe('parseRemotesConfig', () => {
  it('resolves entries against the page and skips malformed items', () => {
    expect(
      parseRemotesConfig(
        {
          remotes: [
            { name: 'mfe_admin', entry: '/remotes/admin/mf-manifest.json' },
            { name: 'x' },
            null,
            { name: 'mfe_member', entry: 'https://cdn.example/m/mf-manifest.json' },
          ],
        },
        'http://127.0.0.1:8080/some/page',
      ),
    ).toEqual([
      { name: 'mfe_admin', entry: 'http://127.0.0.1:8080/remotes/admin/mf-manifest.json' },
      { name: 'mfe_member', entry: 'https://cdn.example/m/mf-manifest.json' },
    ]);
  });

  it('rejects a document without a remotes list', () => {
    expect(() => parseRemotesConfig({}, 'http://x/')).toThrow('"remotes" must be a list');
  });
});
