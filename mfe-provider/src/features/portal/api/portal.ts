import type { Provider, ProviderSignupResponse } from '@altmed/contracts/web';
import { apiCall, DefaultErrors } from '@altmed/web-kit';
import type { PracticeInfo } from '../lib/validation';

/** Step 1: creates the provider record and its login; the reply carries the provider's session. */
export async function createProvider(info: PracticeInfo): Promise<ProviderSignupResponse> {
  const reply = await apiCall('POST /provider-info', { body: { ...info, email: info.email.trim() }, defaultError: DefaultErrors.saveProviderInfo });
  if (!reply?.providerId || !reply.token || !reply.user) throw new Error(DefaultErrors.saveProviderInfo);
  return reply;
}

/**
 * After step 3 (SPEC §7): the two email calls. The server already sends both emails once for the
 * `provider.registered` event; these calls are idempotent, and their failures are ignored.
 */
export async function sendSignupNotifications(provider: Provider, token: string | null): Promise<void> {
  await Promise.allSettled([
    apiCall('POST /email/provider-signup-notification', {
      token,
      body: {
        id: provider._id,
        name: provider.providerName,
        email: provider.email,
        practiceName: provider.practiceName,
        phone: provider.phone,
        specialties: provider.specialties,
        address: provider.fullAddress ?? provider.address,
        certifications: provider.boardCertifications,
        npiNumber: provider.npiNumber,
        hospitalAffiliations: provider.hospitalAffiliations,
        educationAndTraining: provider.educationAndTraining,
        practiceDescription: provider.practiceDescription,
      },
      defaultError: DefaultErrors.sendProviderNotification,
    }),
    apiCall('POST /email/send-provider-welcome-email', {
      token,
      body: { providerId: provider._id },
      defaultError: DefaultErrors.sendProviderWelcomeEmail,
    }),
  ]);
}
