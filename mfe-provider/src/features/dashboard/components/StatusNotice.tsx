import { Link } from 'react-router-dom';
import type { Provider } from '@altmed/contracts/web';
import { Alert } from '../../../components/ui';
import { storeProviderId } from '../../../lib/signupProgress';

export const StatusTexts = {
  incomplete: 'Your sign-up is not finished: your qualifications, photos and description are still missing.',
  finish: 'Finish signing up',
  pending: 'Your profile is waiting for review. Members will see it once our team approves it.',
  blocked: 'Your profile is not public: our team has blocked it.',
  blockedReason: 'Reason:',
  contact: 'Questions? Contact us.',
} as const;

/** Why members cannot see the profile yet, if they cannot: blocked, sign-up not finished, or waiting for review. */
export function StatusNotice({ provider }: { provider: Provider }) {
  if (provider.status === 'blocked') {
    return (
      <Alert>
        {StatusTexts.blocked} {provider.blockedReason ? `${StatusTexts.blockedReason} ${provider.blockedReason}` : null}{' '}
        <Link to="/contact">{StatusTexts.contact}</Link>
      </Alert>
    );
  }
  if (provider.profileComplete === false) {
    return (
      <Alert tone="info">
        {StatusTexts.incomplete}{' '}
        <Link to="/qualifications" onClick={() => storeProviderId(provider._id)}>
          {StatusTexts.finish}
        </Link>
      </Alert>
    );
  }
  if (provider.status === 'pending') return <Alert tone="info">{StatusTexts.pending}</Alert>;
  return null;
}
