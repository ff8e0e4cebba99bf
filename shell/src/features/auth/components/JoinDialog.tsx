import { useState } from 'react';
import styled from 'styled-components';
import { MEMBERSHIP_PRICE_USD } from '@altmed/contracts/web';
import { Button, theme } from '@altmed/web-kit';
import { LeafMark } from '../../../components/Logo';
import { Modal } from '../../../components/Modal';

const Center = styled.div`
  display: flex;
  justify-content: center;
  margin-bottom: 14px;
`;

const Intro = styled.p`
  color: ${theme.colors.textMuted};
  margin-bottom: 18px;
`;

const Benefits = styled.ul`
  list-style: none;
  margin: 0 0 20px;
  padding: 0;
  display: grid;
  gap: 12px;
  li {
    display: grid;
    gap: 2px;
  }
  strong {
    color: ${theme.colors.primary};
  }
  span {
    color: ${theme.colors.textMuted};
    font-size: 15px;
  }
`;

const PriceBlock = styled.div`
  border-radius: ${theme.radii.md};
  background: ${theme.colors.primarySoft};
  padding: 14px 16px;
  margin-bottom: 22px;
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 12px;
  b {
    font-size: 22px;
    font-family: ${theme.fonts.heading};
  }
  span {
    font-size: 14px;
    color: ${theme.colors.textMuted};
  }
`;

const Footer = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
`;

/**
 * The member join flow. Step 1 (membership intro) is complete; the contact, payment-method and
 * card steps come with the identity and billing APIs, so Continue leads to a notice for now.
 */
export function JoinDialog({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<'membership' | 'contactInfo'>('membership');

  if (step === 'contactInfo') {
    return (
      <Modal title="Contact Information" onClose={onClose}>
        <Intro>Online sign-up is opening soon. Thank you for your interest in becoming a member.</Intro>
        <Footer>
          <Button variant="ghost" onClick={() => setStep('membership')}>
            Back
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Footer>
      </Modal>
    );
  }

  return (
    <Modal title="What You Get with Your Membership" onClose={onClose}>
      <Center>
        <LeafMark size={48} />
      </Center>
      <Intro>Your membership opens the door to a trusted community in alternative medicine and the knowledge to make the most of it.</Intro>
      <Benefits>
        <li>
          <strong>Connections</strong>
          <span>Connect with providers, scientists, practitioners and advisors in alternative medicine.</span>
        </li>
        <li>
          <strong>Learning</strong>
          <span>Learn from industry leaders.</span>
        </li>
        <li>
          <strong>Exploration</strong>
          <span>Explore innovative therapies, treatments and products.</span>
        </li>
      </Benefits>
      <PriceBlock>
        <div>
          <b>{MEMBERSHIP_PRICE_USD.toFixed(2)} USD</b> due today
        </div>
        <span>A full year of access to premium features and services</span>
      </PriceBlock>
      <Footer>
        <Button variant="ghost" onClick={onClose}>
          Back
        </Button>
        <Button variant="secondary" onClick={() => setStep('contactInfo')}>
          Continue
        </Button>
      </Footer>
    </Modal>
  );
}
