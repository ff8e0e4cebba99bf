import styled from 'styled-components';
import { Button, theme } from '@altmed/web-kit';
import { Modal } from '../../../components/Modal';

const Text = styled.p`
  color: ${theme.colors.textMuted};
  margin-bottom: 22px;
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
`;

const LinkButton = styled.button`
  border: none;
  background: none;
  padding: 0;
  color: ${theme.colors.primary};
  font-weight: 600;
  cursor: pointer;
  &:hover {
    text-decoration: underline;
  }
`;

/** Placeholder for the member login modal; the real form arrives with the identity API. */
export function LoginDialog({ onClose, onJoinInstead }: { onClose: () => void; onJoinInstead: () => void }) {
  return (
    <Modal title="Log In" onClose={onClose}>
      <Text>Member login is opening soon.</Text>
      <Row>
        <LinkButton type="button" onClick={onJoinInstead}>
          New here? Join instead
        </LinkButton>
        <Button onClick={onClose}>Close</Button>
      </Row>
    </Modal>
  );
}
