import styled from 'styled-components';
import { theme } from '@altmed/web-kit';

export const Section = styled.section<{ $tone?: 'plain' | 'muted' }>`
  background: ${(p) => (p.$tone === 'muted' ? theme.colors.surfaceMuted : 'transparent')};
  padding: 80px 24px;
  ${theme.mobile} {
    padding: 56px 16px;
  }
`;

export const SectionInner = styled.div`
  max-width: ${theme.maxContentWidth};
  margin: 0 auto;
`;

export const Eyebrow = styled.p`
  font-size: 13px;
  font-weight: 700;
  letter-spacing: 0.12em;
  text-transform: uppercase;
  color: ${theme.colors.accent};
  margin-bottom: 10px;
`;

export const SectionTitle = styled.h2`
  font-size: clamp(28px, 3.4vw, 38px);
  margin-bottom: 14px;
`;

export const SectionLead = styled.p`
  color: ${theme.colors.textMuted};
  font-size: 17px;
  max-width: 640px;
`;

export const SectionHeader = styled.div<{ $center?: boolean }>`
  margin-bottom: 44px;
  text-align: ${(p) => (p.$center ? 'center' : 'left')};
  ${SectionLead} {
    margin: ${(p) => (p.$center ? '0 auto' : '0')};
  }
  ${theme.mobile} {
    margin-bottom: 28px;
  }
`;
