import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@altmed/web-kit';

const Band = styled.header`
  background: linear-gradient(160deg, ${theme.colors.primarySoft} 0%, ${theme.colors.background} 80%);
  border-bottom: 1px solid ${theme.colors.border};
`;

const BandInner = styled.div`
  max-width: ${theme.maxContentWidth};
  margin: 0 auto;
  padding: 56px 24px 48px;
  display: grid;
  grid-template-columns: minmax(0, 1.4fr) minmax(0, 1fr);
  align-items: center;
  gap: 40px;
  ${theme.mobile} {
    grid-template-columns: minmax(0, 1fr);
    padding: 36px 16px 32px;
    gap: 24px;
  }
`;

const Eyebrow = styled.p`
  font-size: 14px;
  font-weight: 600;
  letter-spacing: 0.1em;
  text-transform: uppercase;
  color: ${theme.colors.accent};
  margin-bottom: 10px;
`;

const Title = styled.h1`
  font-size: clamp(32px, 4.4vw, 46px);
  letter-spacing: -0.01em;
`;

const Lead = styled.p`
  margin-top: 16px;
  font-size: 19px;
  color: ${theme.colors.textMuted};
  max-width: 620px;
  ${theme.mobile} {
    font-size: 17px;
  }
`;

const Art = styled.div`
  ${theme.mobile} {
    max-width: 320px;
  }
`;

const Body = styled.div`
  max-width: ${theme.maxContentWidth};
  margin: 0 auto;
  padding: 48px 24px 80px;
  ${theme.mobile} {
    padding: 32px 16px 56px;
  }
`;

/** Readable prose: one column at a comfortable measure, headings from the theme. */
export const Prose = styled.div`
  max-width: 720px;
  font-size: 18px;
  line-height: 1.65;
  color: ${theme.colors.text};
  overflow-wrap: break-word;
  h2 {
    font-size: clamp(24px, 2.6vw, 30px);
    margin: 44px 0 14px;
  }
  h2:first-child {
    margin-top: 0;
  }
  h3 {
    font-size: 20px;
    margin: 28px 0 8px;
  }
  p,
  ul,
  ol {
    margin: 0 0 16px;
  }
  ul,
  ol {
    padding-left: 24px;
  }
  li + li {
    margin-top: 6px;
  }
  a {
    color: ${theme.colors.primary};
    font-weight: 600;
  }
  ${theme.mobile} {
    font-size: 17px;
  }
`;

export interface InfoLayoutProps {
  eyebrow: string;
  title: string;
  lead: string;
  art?: ReactNode;
  children: ReactNode;
}

/** The frame of the public information pages: a title band (with an illustration) and the page's content. */
export function InfoLayout({ eyebrow, title, lead, art, children }: InfoLayoutProps) {
  return (
    <article>
      <Band>
        <BandInner>
          <div>
            <Eyebrow>{eyebrow}</Eyebrow>
            <Title>{title}</Title>
            <Lead>{lead}</Lead>
          </div>
          {art ? <Art>{art}</Art> : null}
        </BandInner>
      </Band>
      <Body>{children}</Body>
    </article>
  );
}
