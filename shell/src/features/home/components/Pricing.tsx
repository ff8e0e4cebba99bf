import styled from 'styled-components';
import { MEMBERSHIP_MONTHLY_FROM_USD, MEMBERSHIP_PRICE_USD } from '@altmed/contracts/web';
import { Button, theme } from '@altmed/web-kit';
import { useAuthDialogs } from '../../../lib/authDialogs';
import { Eyebrow, Section, SectionHeader, SectionInner, SectionLead, SectionTitle } from './sectionStyles';

const PriceCard = styled.div`
  max-width: 520px;
  margin: 0 auto;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.xl};
  box-shadow: ${theme.shadows.lg};
  overflow: hidden;
`;

const Top = styled.div`
  background: linear-gradient(150deg, ${theme.colors.primary}, #2d7a72);
  color: #fff;
  padding: 32px 32px 28px;
  text-align: center;
`;

const Plan = styled.p`
  font-size: 14px;
  font-weight: 700;
  letter-spacing: 0.1em;
  text-transform: uppercase;
  opacity: 0.85;
`;

const Price = styled.p`
  margin-top: 10px;
  font-family: ${theme.fonts.heading};
  font-size: 54px;
  font-weight: 700;
  line-height: 1;
  small {
    font-family: ${theme.fonts.body};
    font-size: 17px;
    font-weight: 500;
    opacity: 0.9;
  }
`;

const Monthly = styled.p`
  margin-top: 12px;
  font-size: 16px;
  opacity: 0.92;
`;

const Body = styled.div`
  padding: 28px 32px 32px;
  ${theme.mobile} {
    padding: 24px 20px 26px;
  }
`;

const Benefits = styled.ul`
  list-style: none;
  margin: 0 0 26px;
  padding: 0;
  display: grid;
  gap: 14px;
  li {
    display: flex;
    gap: 12px;
    align-items: flex-start;
  }
  strong {
    display: block;
  }
  span.text {
    color: ${theme.colors.textMuted};
    font-size: 15px;
  }
`;

const Check = styled.span`
  flex: none;
  width: 24px;
  height: 24px;
  margin-top: 2px;
  border-radius: 50%;
  background: ${theme.colors.successSoft};
  color: ${theme.colors.success};
  display: grid;
  place-items: center;
  font-size: 13px;
  font-weight: 700;
`;

const Fine = styled.p`
  margin-top: 14px;
  text-align: center;
  font-size: 13px;
  color: ${theme.colors.textMuted};
`;

const benefits = [
  { title: 'Connections', text: 'Reach vetted providers, scientists, practitioners and advisors in alternative medicine.' },
  { title: 'Learning', text: 'Learn from industry leaders through talks, guides and Q&A.' },
  { title: 'Exploration', text: 'Explore innovative therapies, treatments and products.' },
];

/** The membership pricing card: 119.88 USD a year, from 9.99 USD per month (SPEC §1, §9). */
export function Pricing() {
  const { openJoin } = useAuthDialogs();
  return (
    <Section aria-labelledby="pricing-title">
      <SectionInner>
        <SectionHeader $center>
          <Eyebrow>Membership</Eyebrow>
          <SectionTitle id="pricing-title">One simple annual plan</SectionTitle>
          <SectionLead>Everything the membership offers, billed once a year.</SectionLead>
        </SectionHeader>
        <PriceCard>
          <Top>
            <Plan>Annual Membership</Plan>
            <Price>
              ${MEMBERSHIP_PRICE_USD.toFixed(2)} <small>USD / year</small>
            </Price>
            <Monthly>Starting at ${MEMBERSHIP_MONTHLY_FROM_USD.toFixed(2)} USD per month, billed yearly</Monthly>
          </Top>
          <Body>
            <Benefits>
              {benefits.map((b) => (
                <li key={b.title}>
                  <Check aria-hidden="true">✓</Check>
                  <div>
                    <strong>{b.title}</strong>
                    <span className="text">{b.text}</span>
                  </div>
                </li>
              ))}
            </Benefits>
            <Button size="lg" fullWidth onClick={() => openJoin()}>
              Become a Member
            </Button>
            <Fine>One payment of {MEMBERSHIP_PRICE_USD.toFixed(2)} USD covers a full year of access.</Fine>
          </Body>
        </PriceCard>
      </SectionInner>
    </Section>
  );
}
