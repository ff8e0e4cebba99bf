import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, theme } from '@altmed/web-kit';
import { useAuthDialogs } from '../../../lib/authDialogs';

const Wrap = styled.section`
  position: relative;
  overflow: hidden;
  background:
    radial-gradient(900px 480px at 85% 10%, rgba(217, 130, 75, 0.16), transparent 60%),
    linear-gradient(160deg, ${theme.colors.primarySoft} 0%, ${theme.colors.background} 70%);
  padding: 88px 24px 96px;
  ${theme.mobile} {
    padding: 48px 16px 56px;
  }
`;

const Inner = styled.div`
  max-width: ${theme.maxContentWidth};
  margin: 0 auto;
  display: grid;
  grid-template-columns: 1.15fr 1fr;
  align-items: center;
  gap: 56px;
  ${theme.mobile} {
    grid-template-columns: 1fr;
    gap: 40px;
  }
`;

const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  padding: 6px 14px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  color: ${theme.colors.primary};
  font-size: 13px;
  font-weight: 600;
  margin-bottom: 22px;
`;

const Title = styled.h1`
  font-size: clamp(36px, 5.2vw, 58px);
  letter-spacing: -0.015em;
  color: ${theme.colors.text};
  em {
    font-style: italic;
    color: ${theme.colors.primary};
  }
`;

const Lead = styled.p`
  margin-top: 22px;
  font-size: 19px;
  color: ${theme.colors.textMuted};
  max-width: 560px;
  ${theme.mobile} {
    font-size: 17px;
  }
`;

const Ctas = styled.div`
  margin-top: 34px;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 14px;
`;

const TextLink = styled(Link)`
  font-weight: 600;
  color: ${theme.colors.primary};
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;

const Note = styled.p`
  margin-top: 18px;
  font-size: 14px;
  color: ${theme.colors.textMuted};
`;

const Art = styled.div`
  position: relative;
  aspect-ratio: 1 / 0.92;
  border-radius: 32px;
  background: linear-gradient(150deg, ${theme.colors.primary} 0%, #2d7a72 55%, #5a9c8f 100%);
  box-shadow: ${theme.shadows.lg};
  overflow: hidden;
  ${theme.mobile} {
    aspect-ratio: 1 / 0.8;
    border-radius: 24px;
  }
`;

const Chip = styled.div<{ $top: string; $left: string }>`
  position: absolute;
  top: ${(p) => p.$top};
  left: ${(p) => p.$left};
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 12px 16px;
  border-radius: ${theme.radii.lg};
  background: rgba(255, 255, 255, 0.95);
  box-shadow: ${theme.shadows.md};
  font-size: 14px;
  font-weight: 600;
  color: ${theme.colors.text};
  span {
    display: block;
    font-weight: 400;
    font-size: 12px;
    color: ${theme.colors.textMuted};
  }
  ${theme.mobile} {
    padding: 9px 12px;
    font-size: 13px;
  }
`;

const Dot = styled.i<{ $color: string }>`
  width: 30px;
  height: 30px;
  flex: none;
  border-radius: 50%;
  background: ${(p) => p.$color};
  display: grid;
  place-items: center;
  color: #fff;
  font-style: normal;
  font-size: 15px;
`;

function Botanical() {
  return (
    <svg viewBox="0 0 400 370" width="100%" height="100%" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <circle cx="300" cy="80" r="120" fill="rgba(255,255,255,0.07)" />
      <circle cx="70" cy="320" r="150" fill="rgba(255,255,255,0.06)" />
      <g fill="none" stroke="rgba(247,245,240,0.55)" strokeWidth="2.5" strokeLinecap="round">
        <path d="M200 360 C200 280 205 200 230 120" />
        <path d="M203 290 C170 270 140 240 130 200" />
        <path d="M206 240 C240 225 270 195 280 160" />
        <path d="M214 180 C190 160 178 135 178 110" />
      </g>
      <g fill="rgba(247,245,240,0.85)">
        <path d="M130 200 C100 190 92 160 100 140 C125 150 140 175 130 200z" />
        <path d="M280 160 C305 150 318 125 312 100 C288 108 272 132 280 160z" />
        <path d="M178 110 C160 95 160 70 172 55 C190 70 192 95 178 110z" />
        <path d="M230 120 C232 95 250 78 270 76 C268 100 252 116 230 120z" />
      </g>
    </svg>
  );
}

/** The home hero with the Join button (SPEC §1). */
export function Hero() {
  const { openJoin } = useAuthDialogs();
  return (
    <Wrap aria-labelledby="hero-title">
      <Inner>
        <div>
          <Badge>
            <span aria-hidden="true">✓</span> Every provider is vetted
          </Badge>
          <Title id="hero-title">
            Alternative medicine, <em>with people you can trust</em>
          </Title>
          <Lead>
            One membership connects you with vetted providers, scientists, practitioners and advisors — plus learning from industry leaders and innovative
            therapies, treatments and products to explore.
          </Lead>
          <Ctas>
            <Button size="lg" variant="secondary" onClick={() => openJoin()}>
              Join Now
            </Button>
            <TextLink to="/how">See how it works →</TextLink>
          </Ctas>
          <Note>Annual membership 119.88 USD — from 9.99 USD per month.</Note>
        </div>
        <Art>
          <Botanical />
          <Chip $top="12%" $left="8%">
            <Dot $color={theme.colors.accent}>✓</Dot>
            <div>
              Vetted providers<span>Credentials checked</span>
            </div>
          </Chip>
          <Chip $top="44%" $left="46%">
            <Dot $color={theme.colors.primary}>★</Dot>
            <div>
              Learn from leaders<span>Talks and guides</span>
            </div>
          </Chip>
          <Chip $top="74%" $left="12%">
            <Dot $color="#6b4f99">✦</Dot>
            <div>
              Explore therapies<span>Treatments and products</span>
            </div>
          </Chip>
        </Art>
      </Inner>
    </Wrap>
  );
}
