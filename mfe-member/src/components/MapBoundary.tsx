import { Component, type ReactNode } from 'react';

/** Shows `fallback` instead of its children when they throw, e.g. when a map's chunk cannot be downloaded. */
export class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
