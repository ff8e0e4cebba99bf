import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { MEMBERSHIP_PRICE_USD } from '@altmed/contracts/web';
import { Button, Modal, Spinner, theme, useSession } from '@altmed/web-kit';
import { LeafMark } from '../../../components/Logo';
import type { JoinStep } from '../../../lib/authDialogs';
import { ContactInfoForm } from './ContactInfoForm';
import { StepActions } from './StepActions';

// Card entry (Stripe's Elements, react-query) loads when the card step opens, not with the home page.
const CardPaymentStep = lazy(() => import('./CardPaymentStep'));

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
  flex-wrap: wrap;
  gap: 4px 12px;
  b {
    font-size: 22px;
    font-family: ${theme.fonts.heading};
  }
  span {
    font-size: 14px;
    color: ${theme.colors.textMuted};
  }
`;

const MethodOption = styled.button`
  width: 100%;
  display: flex;
  align-items: center;
  gap: 14px;
  padding: 16px 18px;
  margin-bottom: 20px;
  border-radius: ${theme.radii.md};
  border: 1.5px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-size: 16px;
  font-weight: 600;
  text-align: left;
  cursor: pointer;
  &:hover {
    border-color: ${theme.colors.primary};
    background: ${theme.colors.primarySoft};
  }
  small {
    display: block;
    font-weight: 400;
    color: ${theme.colors.textMuted};
    font-size: 14px;
  }
`;

function CardIcon() {
  return (
    <svg width="36" height="26" viewBox="0 0 36 26" aria-hidden="true">
      <rect x="1" y="1" width="34" height="24" rx="4" fill={theme.colors.primarySoft} stroke={theme.colors.primary} strokeWidth="1.5" />
      <rect x="1" y="7" width="34" height="4" fill={theme.colors.primary} />
      <rect x="5" y="16" width="10" height="3" rx="1.5" fill={theme.colors.primary} />
    </svg>
  );
}

export interface JoinDialogProps {
  onClose: () => void;
  /** Where the flow starts: the contact page's form opens it at the payment method. */
  initialStep?: JoinStep;
}

/**
 * The member join flow (SPEC §2, §4): membership → contact information → payment method → card
 * payment. Every modal has Back, Continue and a close control; closing any of them ends the flow.
 */
export function JoinDialog({ onClose, initialStep = 'membership' }: JoinDialogProps) {
  const [step, setStep] = useState<JoinStep>(initialStep);
  // A member who is logged in (renewing, or joining from the directory) has given their details already.
  const { user } = useSession();
  const detailsStep: JoinStep = user?.role === 'user' ? 'membership' : 'contactInfo';
  const afterMembership: JoinStep = user?.role === 'user' ? 'paymentMethod' : 'contactInfo';

  if (step === 'contactInfo') {
    return (
      <Modal title="Contact Information" onClose={onClose}>
        <Intro>Tell us who you are. If you already have an account, use its email and password and we will log you in.</Intro>
        <ContactInfoForm
          onDone={() => setStep('paymentMethod')}
          secondaryAction={
            <Button variant="ghost" onClick={() => setStep('membership')}>
              Back
            </Button>
          }
        />
      </Modal>
    );
  }

  if (step === 'paymentMethod') {
    return (
      <Modal title="Choose Payment Method" onClose={onClose}>
        <Intro>Your membership is billed once a year. Choose how you would like to pay.</Intro>
        <MethodOption type="button" onClick={() => setStep('paymentForm_creditCard')}>
          <CardIcon />
          <span>
            Credit Card
            <small>Visa, Mastercard, American Express</small>
          </span>
        </MethodOption>
        <StepActions>
          <Button variant="ghost" onClick={() => setStep(detailsStep)}>
            Back
          </Button>
          {/* SPEC §2: Continue stays disabled; choosing the card option moves on. */}
          <Button variant="secondary" disabled>
            Continue
          </Button>
        </StepActions>
      </Modal>
    );
  }

  if (step === 'paymentForm_creditCard') {
    return (
      <Modal title="Credit Card Payment" onClose={onClose}>
        <Suspense fallback={<Spinner label="Loading secure card entry" />}>
          <CardPaymentStep onBack={() => setStep('paymentMethod')} onClose={onClose} onPaid={onClose} />
        </Suspense>
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
      <StepActions>
        <Button variant="ghost" onClick={onClose}>
          Back
        </Button>
        <Button variant="secondary" onClick={() => setStep(afterMembership)}>
          Continue
        </Button>
      </StepActions>
    </Modal>
  );
}
