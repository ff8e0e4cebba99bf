import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

const Dialog = styled.dialog<{ $drawer: boolean }>`
  width: calc(100% - 32px);
  max-width: ${(p) => (p.$drawer ? '640px' : '540px')};
  max-height: calc(100dvh - 32px);
  margin: ${(p) => (p.$drawer ? 'auto auto 0' : 'auto')};
  padding: 0;
  border: none;
  overflow-y: auto;
  overscroll-behavior: contain;
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  border-radius: ${(p) => (p.$drawer ? `${theme.radii.xl} ${theme.radii.xl} 0 0` : theme.radii.xl)};
  box-shadow: ${theme.shadows.lg};
  &::backdrop {
    background: rgba(18, 31, 30, 0.55);
  }
  ${theme.mobile} {
    width: calc(100% - 16px);
    max-height: calc(100dvh - 16px);
    ${(p) => (p.$drawer ? 'width: 100%; max-width: 100%;' : '')}
  }
`;

const Body = styled.div`
  position: relative;
  padding: 36px 32px 28px;
  ${theme.mobile} {
    padding: 28px 18px 22px;
  }
`;

const Close = styled.button`
  position: absolute;
  top: 14px;
  right: 14px;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: none;
  background: ${theme.colors.surfaceMuted};
  color: ${theme.colors.text};
  font-size: 22px;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.border};
  }
`;

const Title = styled.h2`
  outline: none;
  font-size: 24px;
  margin-bottom: 12px;
  padding-right: 44px;
`;

export interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  /** Slides up from the bottom edge instead of sitting in the middle. */
  variant?: 'dialog' | 'drawer';
  children: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>` element opened with showModal(): the browser keeps focus
 * inside it and makes the page behind inert. Escape, the X and a click on the backdrop call
 * `onClose`; focus goes back to where it was when the dialog opened.
 */
export function Modal({ title, onClose, children, variant = 'dialog' }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnClose.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal(); real browsers always do.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    // Escape: the dialog closes by being unmounted, not by the browser.
    const onCancel = (event: Event) => {
      event.preventDefault();
      latestOnClose.current();
    };
    // A click that lands on the <dialog> itself (not its content) is on the backdrop.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) latestOnClose.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('click', onClick);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('click', onClick);
      document.body.style.overflow = overflow;
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  // A new step in the same dialog (its title changes) replaces the focused control: start from the title.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.contains(document.activeElement)) titleRef.current?.focus();
  }, [title]);

  return (
    <Dialog ref={dialogRef} $drawer={variant === 'drawer'} aria-labelledby={titleId} aria-modal="true">
      <Body>
        <Close type="button" aria-label="Close" onClick={onClose}>
          ×
        </Close>
        <Title id={titleId} ref={titleRef} tabIndex={-1}>
          {title}
        </Title>
        {children}
      </Body>
    </Dialog>
  );
}
