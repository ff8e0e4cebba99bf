import { Link } from 'react-router-dom';
import { ConnectIllustration } from '../components/Illustrations';
import { InfoLayout, Prose } from '../components/InfoLayout';
import { VettedExplainer } from '../components/VettedExplainer';
import { JoinCta } from './shared';

export function AboutPage() {
  return (
    <InfoLayout
      eyebrow="About us"
      title="About Us"
      lead="We started AltMed Connect because finding a qualified practitioner in integrative medicine should not depend on luck."
      art={<ConnectIllustration />}
    >
      <Prose>
        <h2>Why we exist</h2>
        <p>
          More people than ever look beyond conventional care for chronic conditions, recovery and healthy ageing. Yet the field is uneven: titles vary from
          state to state, and reviews on general sites rarely tell you whether someone is licensed to do what they offer. We bring the checking and the
          comparing into one place.
        </p>
        <h2>What we believe</h2>
        <ul>
          <li>
            <strong>Credentials first.</strong> Every provider is licensed and reviewed by people, not by an algorithm.
          </li>
          <li>
            <strong>Honest information.</strong> We explain therapies and their evidence plainly, including when the evidence is thin.
          </li>
          <li>
            <strong>Your data is yours.</strong> Members pay for the membership, so we never sell data or show you paid placements disguised as results.
          </li>
          <li>
            <strong>Alongside your doctor.</strong> Alternative and integrative care works best when your whole care team knows about it.
          </li>
        </ul>
        <VettedExplainer />
        <h2>Who we are</h2>
        <p>
          A small team of clinicians, patient advocates and engineers. Our clinical advisors help set the review standards; our support team answers every
          message within one business day. <Link to="/contact">Get in touch</Link> with any question.
        </p>
        <JoinCta />
      </Prose>
    </InfoLayout>
  );
}
