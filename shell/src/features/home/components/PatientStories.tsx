import styled from 'styled-components';
import { Card, theme } from '@altmed/web-kit';
import { Eyebrow, Section, SectionHeader, SectionInner, SectionLead, SectionTitle } from './sectionStyles';

const stories = [
  {
    name: 'Maria L.',
    area: 'Autoimmune',
    quote:
      'After years of appointments that went nowhere, I found a functional-medicine physician who finally looked at the whole picture. I feel like myself again.',
    color: '#a3521f',
  },
  {
    name: 'James T.',
    area: 'Orthopedic',
    quote: 'I wanted options besides surgery for my knee. Comparing credentials and patient reviews side by side made choosing a regenerative specialist easy.',
    color: '#1f5f5b',
  },
  {
    name: 'Priya S.',
    area: 'Nutrition',
    quote:
      'The learning sessions gave me the vocabulary to ask better questions, and my nutrition practitioner helped turn that into a plan I can actually keep.',
    color: '#6b4f99',
  },
];

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 24px;
  ${theme.mobile} {
    grid-template-columns: 1fr;
    gap: 16px;
  }
`;

const StoryCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 20px;
  padding: 28px;
`;

const Quote = styled.blockquote`
  margin: 0;
  font-family: ${theme.fonts.heading};
  font-size: 18px;
  line-height: 1.5;
  color: ${theme.colors.text};
  &::before {
    content: '“';
    display: block;
    font-size: 48px;
    line-height: 0.6;
    color: ${theme.colors.accent};
    margin-bottom: 8px;
  }
`;

const Person = styled.div`
  margin-top: auto;
  display: flex;
  align-items: center;
  gap: 12px;
`;

const Avatar = styled.span<{ $color: string }>`
  width: 44px;
  height: 44px;
  border-radius: 50%;
  background: ${(p) => p.$color};
  color: #fff;
  font-weight: 700;
  display: grid;
  place-items: center;
`;

const Meta = styled.div`
  font-weight: 600;
  span {
    display: block;
    font-weight: 400;
    font-size: 14px;
    color: ${theme.colors.textMuted};
  }
`;

/** Three patient-story cards (SPEC §1). */
export function PatientStories() {
  return (
    <Section aria-labelledby="stories-title">
      <SectionInner>
        <SectionHeader>
          <Eyebrow>Patient stories</Eyebrow>
          <SectionTitle id="stories-title">Real people, real progress</SectionTitle>
          <SectionLead>Members share how finding the right provider changed their care.</SectionLead>
        </SectionHeader>
        <Grid>
          {stories.map((story) => (
            <StoryCard as="article" key={story.name} aria-label={`Story from ${story.name}`}>
              <Quote>{story.quote}</Quote>
              <Person>
                <Avatar $color={story.color} aria-hidden="true">
                  {story.name.charAt(0)}
                </Avatar>
                <Meta>
                  {story.name}
                  <span>{story.area}</span>
                </Meta>
              </Person>
            </StoryCard>
          ))}
        </Grid>
      </SectionInner>
    </Section>
  );
}
