import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';
import { getToastStore, type ToastStore, type ToastTone } from './toastStore';

const Region = styled.section`
  position: fixed;
  top: 16px;
  right: 16px;
  z-index: 2000;
  display: grid;
  gap: 10px;
  width: min(380px, calc(100vw - 32px));
  pointer-events: none;
`;

const tones: Record<ToastTone, { border: string; background: string }> = {
  success: { border: theme.colors.success, background: theme.colors.successSoft },
  error: { border: theme.colors.danger, background: theme.colors.dangerSoft },
  info: { border: theme.colors.primary, background: theme.colors.primarySoft },
};

const Item = styled.div<{ $tone: ToastTone }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 12px 12px 12px 16px;
  border-radius: ${theme.radii.md};
  border-left: 4px solid ${(p) => tones[p.$tone].border};
  background: ${(p) => tones[p.$tone].background};
  color: ${theme.colors.text};
  box-shadow: ${theme.shadows.md};
  font-size: 15px;
  p {
    flex: 1;
    padding-top: 2px;
  }
`;

const Dismiss = styled.button`
  flex: none;
  width: 28px;
  height: 28px;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: ${theme.colors.text};
  font-size: 18px;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: rgba(0, 0, 0, 0.06);
  }
`;

/** The toasts of the page, top-right (SPEC §9); rendered once by the shell (or a remote on its own). */
export function Toaster({ store = getToastStore() }: { store?: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getToasts, store.getToasts);
  return (
    <Region aria-label="Notifications">
      {toasts.map((toast) => (
        <Item key={toast.id} $tone={toast.tone} role={toast.tone === 'error' ? 'alert' : 'status'}>
          <p>{toast.message}</p>
          <Dismiss type="button" aria-label="Dismiss notification" onClick={() => store.dismiss(toast.id)}>
            ×
          </Dismiss>
        </Item>
      ))}
    </Region>
  );
}
