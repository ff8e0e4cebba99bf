import styled from 'styled-components';
import { Button, requestJoin, requestLogin, theme } from '@altmed/web-kit';
import { DirectoryTexts } from '../lib/directoryTexts';

const Wrap = styled.section`
  position: relative;
  min-height: 360px;
`;

/** Shapes of result cards, not results: a visitor's browser never receives a provider of the search. */
const Blurred = styled.ul`
  display: grid;
  gap: ${theme.space(4)};
  list-style: none;
  padding: 0;
  margin: 0;
  filter: blur(5px);
  opacity: 0.7;
  user-select: none;
  li {
    display: grid;
    grid-template-columns: 72px 1fr;
    gap: ${theme.space(4)};
    padding: ${theme.space(5)};
    border-radius: ${theme.radii.lg};
    background: ${theme.colors.surface};
    border: 1px solid ${theme.colors.border};
  }
  span {
    display: block;
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surfaceMuted};
    height: 14px;
    margin-bottom: 10px;
  }
  span:first-child {
    width: 72px;
    height: 72px;
    border-radius: 50%;
    background: ${theme.colors.primarySoft};
  }
`;

const Invitation = styled.div`
  position: absolute;
  inset: ${theme.space(6)} ${theme.space(4)} auto;
  max-width: 520px;
  margin: 0 auto;
  padding: ${theme.space(6)};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows.lg};
  text-align: center;
  h2 {
    font-size: 22px;
    margin-bottom: 8px;
  }
  p {
    color: ${theme.colors.textMuted};
    margin-bottom: ${theme.space(4)};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
  justify-content: center;
  align-items: center;
`;

/** What a visitor or a member without an active membership sees: how many providers match, and Join. */
export function MembersOnlyPreview({ total, loggedIn }: { total: number; loggedIn: boolean }) {
  return (
    <Wrap aria-labelledby="directory-preview-title">
      <Blurred aria-hidden="true">
        {[0, 1, 2].map((card) => (
          <li key={card}>
            <span />
            <div>
              <span style={{ width: '55%' }} />
              <span style={{ width: '40%' }} />
              <span style={{ width: '70%' }} />
            </div>
          </li>
        ))}
      </Blurred>
      <Invitation>
        <h2 id="directory-preview-title">{DirectoryTexts.previewTitle(total)}</h2>
        <p>{DirectoryTexts.previewMessage}</p>
        <Actions>
          <Button onClick={() => requestJoin()}>{DirectoryTexts.join}</Button>
          {loggedIn ? null : (
            <Button variant="ghost" onClick={() => requestLogin({ returnTo: `${window.location.pathname}${window.location.search}` })}>
              {DirectoryTexts.logIn}
            </Button>
          )}
        </Actions>
      </Invitation>
    </Wrap>
  );
}
