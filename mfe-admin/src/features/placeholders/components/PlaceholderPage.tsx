import styled from 'styled-components';
import { Card, PageContainer, PageTitle, theme } from '@altmed/web-kit';

const Soon = styled.span`
  display: inline-block;
  padding: 4px 12px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accent};
  font-size: 13px;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  margin-bottom: 12px;
`;

/** Admin pages that are not built yet (SPEC §2): a title and a Coming Soon notice. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <PageContainer>
      <PageTitle>{title}</PageTitle>
      <Card>
        <Soon>Coming Soon</Soon>
        <p>This page is under development.</p>
      </Card>
    </PageContainer>
  );
}
