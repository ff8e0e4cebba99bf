import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Modal, theme } from '@altmed/web-kit';

const DialogText = styled.p`
  color: ${theme.colors.textMuted};
`;

const DialogActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 24px;
`;

/** Asks before an action that cannot simply be undone: what it does, Cancel, and the action in the danger style. */
export function ConfirmDialog({
  title,
  confirmLabel,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Modal title={title} onClose={onCancel}>
      <DialogText>{children}</DialogText>
      <DialogActions>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Modal>
  );
}
