import styled from 'styled-components';
import { theme } from '@altmed/web-kit';
import { Eyebrow, Section, SectionHeader, SectionInner, SectionLead, SectionTitle } from './sectionStyles';

const steps = [
  { title: 'Join', text: 'Become a member in a few minutes with one annual payment.' },
  { title: 'Find your provider', text: 'Compare vetted providers by specialty, credentials and patient reviews.' },
  { title: 'Learn and explore', text: 'Keep learning from industry leaders and discover new therapies and products.' },
];

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 32px;
  counter-reset: step;
  ${theme.mobile} {
    grid-template-columns: 1fr;
    gap: 22px;
  }
`;

const Item = styled.li`
  position: relative;
  padding-top: 64px;
  h3 {
    font-size: 21px;
    margin-bottom: 8px;
  }
  p {
    color: ${theme.colors.textMuted};
  }
  &::before {
    counter-increment: step;
    content: counter(step);
    position: absolute;
    top: 0;
    left: 0;
    width: 48px;
    height: 48px;
    border-radius: 50%;
    background: ${theme.colors.accentSoft};
    color: ${theme.colors.accent};
    font-family: ${theme.fonts.heading};
    font-size: 22px;
    font-weight: 700;
    display: grid;
    place-items: center;
  }
  ${theme.mobile} {
    padding: 0 0 0 64px;
    min-height: 48px;
  }
`;

/** The three-item how-it-works section (SPEC §1). */
export function HowItWorks() {
  return (
    <Section $tone="muted" aria-labelledby="how-title">
      <SectionInner>
        <SectionHeader>
          <Eyebrow>How it works</Eyebrow>
          <SectionTitle id="how-title">Three steps to better-informed care</SectionTitle>
          <SectionLead>Membership is designed to be simple from the first day.</SectionLead>
        </SectionHeader>
        <List>
          {steps.map((step) => (
            <Item key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </Item>
          ))}
        </List>
      </SectionInner>
    </Section>
  );
}
