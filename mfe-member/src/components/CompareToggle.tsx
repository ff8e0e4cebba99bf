import styled from 'styled-components';
import { theme } from '@altmed/web-kit';
import { CompareTrayTexts } from '../lib/compareTexts';
import { useCompareTray } from '../lib/compareTray';

const Toggle = styled.button<{ $on: boolean }>`
  /* Above a result card's full-card link. */
  position: relative;
  z-index: 1;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 6px 14px;
  border: 1.5px solid ${theme.colors.primary};
  border-radius: ${theme.radii.pill};
  background: ${(p) => (p.$on ? theme.colors.primary : 'transparent')};
  color: ${(p) => (p.$on ? '#fff' : theme.colors.primary)};
  font: inherit;
  font-size: 14px;
  font-weight: 600;
  cursor: pointer;
  white-space: nowrap;
  &:hover:not(:disabled) {
    background: ${(p) => (p.$on ? theme.colors.primaryDark : theme.colors.primarySoft)};
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  svg {
    width: 14px;
    height: 14px;
  }
`;

/**
 * Adds a provider to the member's compare tray, or takes it out (a toggle button: its state is
 * read out as pressed). With the tray full, providers not in it cannot be added.
 */
export function CompareToggle({ providerId, providerName, className }: { providerId: string; providerName: string; className?: string }) {
  const tray = useCompareTray();
  const on = tray.isPicked(providerId);
  const blocked = !on && tray.isFull;
  return (
    <Toggle
      type="button"
      className={className}
      $on={on}
      aria-pressed={on}
      aria-label={CompareTrayTexts.addLabel(providerName)}
      disabled={blocked}
      title={blocked ? CompareTrayTexts.full : undefined}
      onClick={() => (on ? tray.remove(providerId) : tray.add({ id: providerId, name: providerName }))}
    >
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        {on ? (
          <path d="M6.4 11.2 3.2 8l1.1-1.1 2.1 2.1 5.3-5.3 1.1 1.1z" fill="currentColor" />
        ) : (
          <path d="M7.25 3h1.5v4.25H13v1.5H8.75V13h-1.5V8.75H3v-1.5h4.25z" fill="currentColor" />
        )}
      </svg>
      {on ? CompareTrayTexts.added : CompareTrayTexts.add}
    </Toggle>
  );
}
