import { Component, lazy, Suspense, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { ErrorFallback, Spinner, theme } from '@altmed/web-kit';
import { loadRemoteComponent, type RemoteComponentModule } from './loadRemoteModule';
import { isChunkLoadFailure, reloadOnceForNewBuild } from './reloadForNewBuild';
import type { RemoteName } from './remotesConfig';

// A plain link (full page load): it also works when the area failed outside the router.
const HomeLink = styled.a`
  font-size: 14px;
  color: ${theme.colors.textMuted};
`;

/**
 * A remote area takes at least the viewport's height from the start, so the footer is below the
 * fold before and after the remote arrives and nothing on screen jumps when it does.
 */
const Area = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

/** Grey blocks where the area's title and first card will be, with the loading status under them. */
const Skeleton = styled.div`
  width: 100%;
  max-width: 1200px;
  margin: 0 auto;
  padding: 40px 20px 0;
  display: grid;
  gap: 16px;
`;

const SkeletonBlock = styled.div<{ $height: number; $width?: string }>`
  height: ${(p) => p.$height}px;
  width: ${(p) => p.$width ?? '100%'};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.primarySoft};
`;

export const REMOTE_UNAVAILABLE_TITLE = 'This part of the site is unavailable right now.';
export const REMOTE_UNAVAILABLE_MESSAGE = 'The rest of the site keeps working. Please try again in a moment.';

interface BoundaryProps {
  /** `remote/module`: the page reloads at most once a minute per area for a missing chunk. */
  area: string;
  fallback: (retry: () => void) => ReactNode;
  /** Shown while the page reloads for a newer build. */
  reloading: ReactNode;
  onRetry: () => void;
  reloadPage?: () => void;
  children: ReactNode;
}

/**
 * Catches anything a remote area throws (loading or rendering) and shows the area fallback. A chunk
 * that fails to load means the page predates a deploy: the page reloads once instead.
 */
export class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean; reloading: boolean }> {
  override state = { failed: false, reloading: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (isChunkLoadFailure(error) && reloadOnceForNewBuild(this.props.area, this.props.reloadPage)) {
      this.setState({ reloading: true });
      return;
    }
    console.error('[remote area] failed', error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    if (this.state.reloading) return this.props.reloading;
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

export type RemoteLoader = () => Promise<RemoteComponentModule>;

export interface RemoteAreaProps {
  remote: RemoteName;
  /** Exposed module name without the leading `./`, e.g. `AdminApp`. */
  module: string;
  /** For tests: replaces the federation loader. */
  loader?: RemoteLoader;
  loadingLabel?: string;
  /** For tests: replaces the page reload done for a missing chunk. */
  reloadPage?: () => void;
}

/**
 * Mounts one exposed module of a remote. While loading it shows a spinner; if the remote is down
 * or throws, only this area shows "This part of the site is unavailable right now." with a
 * Try again button that loads it afresh.
 */
export function RemoteArea({ remote, module, loader, loadingLabel = 'Loading...', reloadPage }: RemoteAreaProps) {
  // A new lazy component per area and per attempt: React caches a rejected lazy for good. It lives
  // in this (committed) component's state: a component that suspends before its first commit loses its state.
  const areaKey = `${remote}/${module}`;
  const load = loader ?? (() => loadRemoteComponent(remote, module));
  const [area, setArea] = useState(() => ({ key: areaKey, Component: lazy<ComponentType>(load) }));
  if (area.key !== areaKey) setArea({ key: areaKey, Component: lazy<ComponentType>(load) });
  const retry = () => setArea({ key: areaKey, Component: lazy<ComponentType>(load) });
  const LazyComponent = area.Component;
  const loading = (
    <>
      <Skeleton aria-hidden="true">
        <SkeletonBlock $height={40} $width="60%" />
        <SkeletonBlock $height={240} />
      </Skeleton>
      <Spinner label={loadingLabel} />
    </>
  );
  return (
    <Area>
      <RemoteErrorBoundary
        key={areaKey}
        area={areaKey}
        onRetry={retry}
        reloading={loading}
        reloadPage={reloadPage}
        fallback={(onRetry) => (
          <ErrorFallback title={REMOTE_UNAVAILABLE_TITLE} message={REMOTE_UNAVAILABLE_MESSAGE} onRetry={onRetry} retryLabel="Try again">
            <HomeLink href="/">Go to the home page</HomeLink>
          </ErrorFallback>
        )}
      >
        <Suspense fallback={loading}>
          <LazyComponent />
        </Suspense>
      </RemoteErrorBoundary>
    </Area>
  );
}
