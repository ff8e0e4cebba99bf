import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '@altmed/web-kit';
import { VettingIllustration } from '../components/Illustrations';
import { InfoLayout, Prose } from '../components/InfoLayout';
import { VettedExplainer } from '../components/VettedExplainer';
import { JoinCta, monthly, price } from './shared';

const Steps = styled.ol`
  list-style: none;
  padding: 0 !important;
  display: grid;
  gap: 14px;
  counter-reset: step;
  li {
    counter-increment: step;
    position: relative;
    padding: 18px 20px 18px 68px;
    border-radius: ${theme.radii.lg};
    background: ${theme.colors.surface};
    border: 1px solid ${theme.colors.border};
  }
  li + li {
    margin-top: 0 !important;
  }
  li::before {
    content: counter(step);
    position: absolute;
    left: 18px;
    top: 16px;
    width: 36px;
    height: 36px;
    border-radius: 50%;
    background: ${theme.colors.primary};
    color: #fff;
    font-weight: 700;
    display: grid;
    place-items: center;
  }
  strong {
    display: block;
  }
`;

export function HowPage() {
  return (
    <InfoLayout
      eyebrow="How it works"
      title="How It Works"
      lead="One annual membership gives you a directory of vetted alternative-medicine providers, and the knowledge to choose well."
      art={<VettingIllustration />}
    >
      <Prose>
        <h2>For members</h2>
        <Steps>
          <li>
            <strong>Join once a year.</strong> The membership is {price}, billed once for twelve months (from {monthly} per month). You can start at any time;
            your year starts the day you pay.
          </li>
          <li>
            <strong>Tell us what matters to you.</strong> Choose your areas of interest, from autoimmune care and functional medicine to women&rsquo;s health,
            so we can point you to the right people and learning.
          </li>
          <li>
            <strong>Find and compare providers.</strong> Each profile shows specialties, board certifications, education, state licences with DEA numbers, the
            practice&rsquo;s location and what patients say, with satisfaction and efficacy ratings.
          </li>
          <li>
            <strong>Reach out directly.</strong> Contact the provider that fits you by email or phone. Your care and any fees for it are between you and the
            provider; we never take a cut.
          </li>
        </Steps>
        <VettedExplainer />
        <h2>For providers</h2>
        <p>
          Practitioners register through the <Link to="/provider-portal">provider portal</Link> in three steps: practice information, qualifications, and a
          profile with a headshot, a photo of the practice and a description. Our review team checks the file as described above; once approved, the profile is
          visible to members and the provider manages it from their dashboard. Listing a practice is free for providers.
        </p>
        <h2>Learning and exploring</h2>
        <p>
          Members also get talks and guides from industry leaders, and a place to explore innovative therapies, treatments and products with the evidence behind
          them explained in plain language.
        </p>
        <JoinCta />
      </Prose>
    </InfoLayout>
  );
}
