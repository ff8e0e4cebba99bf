import { fireEvent, render, screen } from '@testing-library/react';
import { renderApp } from '../test/renderApp';
import { REMOTE_UNAVAILABLE_TITLE, RemoteArea } from './RemoteArea';
import { parseRemotesConfig } from './remotesConfig';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
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
