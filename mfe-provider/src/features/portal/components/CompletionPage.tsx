import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Card, PageContainer, theme, useSession } from '@altmed/web-kit';

const Done = styled(Card)`
  text-align: center;
  padding: 56px 32px;
  display: grid;
  justify-items: center;
  gap: 14px;
  h1 {
    font-size: clamp(24px, 3vw, 32px);
  }
  p {
    color: ${theme.colors.textMuted};
    max-width: 480px;
  }
`;

const Check = styled.div`
  width: 64px;
  height: 64px;
  border-radius: 50%;
  background: ${theme.colors.successSoft};
  color: ${theme.colors.success};
  display: grid;
  place-items: center;
  font-size: 30px;
  font-weight: 700;
`;

/** Provider sign-up done (SPEC §2). */
export default function CompletionPage() {
  const { user } = useSession();
  return (
    <PageContainer $narrow>
      <Done>
        <Check aria-hidden="true">✓</Check>
        <h1>You've completed the Provider Details form!</h1>
        <p>Thank you. Our team will review your details, and your profile will be visible to members once it is approved.</p>
        {user?.role === 'provider' ? <Link to="/provider/profile">Go to your dashboard</Link> : <Link to="/">Back to the home page</Link>}
      </Done>
    </PageContainer>
  );
}
