import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, theme, useSession } from '@altmed/web-kit';
import { useAuthDialogs } from '../../../lib/authDialogs';
import { ContactIllustration } from '../components/Illustrations';
import { InfoLayout, Prose } from '../components/InfoLayout';
import { SupportMessageForm } from '../components/SupportMessageForm';
import { SUPPORT_EMAIL } from './shared';

const ContactGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr);
  gap: 40px;
  align-items: start;
  ${theme.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: 28px;
  }
`;

const FormCard = styled(Card)`
  padding: 28px;
  h2 {
    font-size: 24px;
    margin-bottom: 8px;
  }
  ${theme.mobile} {
    padding: 20px 16px;
  }
`;

const Intro = styled.p`
  color: ${theme.colors.textMuted};
  margin-bottom: 18px;
`;

const JoinLine = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  margin-top: 20px;
  padding-top: 18px;
  border-top: 1px solid ${theme.colors.border};
  color: ${theme.colors.textMuted};
`;

/** Contact Us: how to reach the team, and the message form; the way to join is for visitors only. */
export function ContactPage() {
  const { openJoin } = useAuthDialogs();
  const { isLoggedIn } = useSession();
  return (
    <InfoLayout
      eyebrow="Contact"
      title="Contact Us"
      lead="Questions about the membership, a provider or your account? We answer every message within one business day."
      art={<ContactIllustration />}
    >
      <ContactGrid>
        <Prose>
          <h2>Member support</h2>
          <p>
            Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            <br />
            Phone (800) 555-0134, Monday to Friday, 9 am to 5 pm Eastern
          </p>
          <h2>Providers</h2>
          <p>
            Questions about your listing or the review of your file: <a href="mailto:providers@altmedconnect.com">providers@altmedconnect.com</a>. To list your
            practice, start at the <Link to="/provider-portal">provider portal</Link>.
          </p>
          <h2>Medical emergencies</h2>
          <p>We cannot give medical advice. In an emergency call 911 or go to the nearest emergency room.</p>
        </Prose>
        <FormCard as="section" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          <Intro>Tell us what it is about and we answer by email within one business day.</Intro>
          <SupportMessageForm />
          {isLoggedIn ? null : (
            <JoinLine>
              Not a member yet?
              <Button variant="outline" size="sm" onClick={() => openJoin()}>
                Join
              </Button>
            </JoinLine>
          )}
        </FormCard>
      </ContactGrid>
    </InfoLayout>
  );
}
