import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, theme } from '@altmed/web-kit';

const Backdrop = styled.div`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 24px 16px;
  background:
    radial-gradient(700px 400px at 80% 0%, rgba(217, 130, 75, 0.12), transparent 60%),
    linear-gradient(160deg, ${theme.colors.primarySoft}, ${theme.colors.background} 70%);
`;

const Panel = styled(Card)`
  width: 100%;
  max-width: 440px;
  padding: 36px 32px;
  box-shadow: ${theme.shadows.lg};
  ${theme.mobile} {
    padding: 28px 20px;
  }
`;

const Title = styled.h1`
  font-size: 30px;
  text-align: center;
`;

/** The line under an auth panel's title. */
export const AuthSubtitle = styled.p`
  text-align: center;
  color: ${theme.colors.textMuted};
  margin: 8px 0 26px;
`;

/** An auth panel's form: its fields and button one under the other. */
export const AuthForm = styled.form`
  display: grid;
  gap: 16px;
`;

export interface AuthPanelProps {
  title: ReactNode;
  /** True for a page outside AdminLayout, whose `<main>` it then is. */
  landmark?: boolean;
  children: ReactNode;
}

/** The admin area's sign-in pages (the login, accepting an invitation): one card, centred on the brand's gradient. */
export function AuthPanel({ title, landmark = false, children }: AuthPanelProps) {
  return (
    <Backdrop as={landmark ? 'main' : 'div'}>
      <Panel>
        <Title>{title}</Title>
        {children}
      </Panel>
    </Backdrop>
  );
}
