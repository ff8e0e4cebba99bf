import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { theme } from '@altmed/web-kit';

const Overlay = styled.div<{ $drawer: boolean }>`
  position: fixed;
  inset: 0;
  z-index: 1000;
  background: rgba(18, 31, 30, 0.55);
  display: flex;
  align-items: ${(p) => (p.$drawer ? 'flex-end' : 'center')};
  justify-content: center;
  padding: ${(p) => (p.$drawer ? '0' : '16px')};
`;

const Dialog = styled.div<{ $drawer: boolean }>`
  position: relative;
  width: 100%;
  max-width: ${(p) => (p.$drawer ? '640px' : '520px')};
  max-height: ${(p) => (p.$drawer ? '85vh' : 'calc(100vh - 32px)')};
  overflow-y: auto;
  background: ${theme.colors.surface};
  border-radius: ${(p) => (p.$drawer ? `${theme.radii.xl} ${theme.radii.xl} 0 0` : theme.radii.xl)};
  box-shadow: ${theme.shadows.lg};
  padding: 36px 32px 28px;
  ${theme.mobile} {
    padding: 32px 20px 22px;
  }
`;

const Close = styled.button`
  position: absolute;
  top: 14px;
  right: 14px;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  border: none;
  background: ${theme.colors.surfaceMuted};
  color: ${theme.colors.text};
  font-size: 20px;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.border};
  }
`;

const Title = styled.h2`
  font-size: 24px;
  margin-bottom: 12px;
  padding-right: 32px;
`;

export interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  /** Slides up from the bottom edge instead of sitting in the middle. */
  variant?: 'dialog' | 'drawer';
  children: ReactNode;
}

/** An accessible dialog in a portal: Escape, the X and a click on the backdrop close it. */
export function Modal({ title, onClose, children, variant = 'dialog' }: ModalProps) {
  const drawer = variant === 'drawer';
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [onClose]);

  return createPortal(
    <Overlay $drawer={drawer} onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <Dialog $drawer={drawer} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} ref={dialogRef}>
        <Close type="button" aria-label="Close" onClick={onClose}>
          ×
        </Close>
        <Title id={titleId}>{title}</Title>
        {children}
      </Dialog>
    </Overlay>,
    document.body,
  );
}
