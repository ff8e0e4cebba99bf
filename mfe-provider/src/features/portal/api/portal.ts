import type { Provider, ProviderInfoResponse } from '@altmed/contracts/web';
import { apiRequest, DefaultErrors } from '@altmed/web-kit';
import type { PracticeInfo, StateLicense } from '../lib/validation';

type ProviderRecord = Provider;
type ProviderReply = ProviderInfoResponse | undefined;

/** Step 1: creates the provider; resolves with its id. Sent without a token (SPEC §6). */
export async function createProvider(info: PracticeInfo): Promise<string> {
  const { confirmPassword: _confirm, ...body } = info;
  const reply = await apiRequest<ProviderReply>('/provider-info', {
    method: 'POST',
    body: { ...body, email: body.email.trim() },
    defaultError: DefaultErrors.saveProviderInfo,
  });
  const id = reply?.providerId ?? reply?.provider?._id ?? reply?._id;
  if (!id) throw new Error(DefaultErrors.saveProviderInfo);
  return id;
}

export interface Qualifications {
  specialties: string[];
  boardCertifications: string[];
  hospitalAffiliations: string[];
  educationAndTraining: string[];
  stateLicenses: StateLicense[];
}

/** Step 2: PUT /provider-info/{id}/qualifications. */
export function saveQualifications(id: string, qualifications: Qualifications): Promise<unknown> {
  return apiRequest(`/provider-info/${encodeURIComponent(id)}/qualifications`, {
    method: 'PUT',
    body: qualifications,
    defaultError: DefaultErrors.saveQualifications,
  });
}

/** Step 3: asks for a presigned upload address, then PUTs the file there with its content type. */
export async function uploadFile(file: File): Promise<string> {
  const { presignedUrl, key } = await apiRequest<{ presignedUrl: string; key: string }>('/signature', {
    method: 'POST',
    body: { fileName: file.name, fileType: file.type },
    defaultError: DefaultErrors.uploadSignature,
  });
  let response: Response;
  try {
    response = await fetch(presignedUrl, { method: 'PUT', headers: { 'Content-Type': file.type }, body: file });
  } catch {
    throw new Error(DefaultErrors.uploadFile);
  }
  if (!response.ok) throw new Error(DefaultErrors.uploadFile);
  return key;
}

/** Step 3: PUT /provider-info/{id}/images with both keys and the practice description. */
export async function saveProfileContent(
  id: string,
  content: { headshotUrl: string; galleryUrl: string; practiceDescription: string },
): Promise<ProviderRecord> {
  const reply = await apiRequest<ProviderReply>(`/provider-info/${encodeURIComponent(id)}/images`, {
    method: 'PUT',
    body: content,
    defaultError: DefaultErrors.saveUploadedFiles,
  });
  const provider = reply?.provider ?? (reply?._id ? (reply as ProviderRecord) : undefined);
  if (!provider) throw new Error('Failed to save profile content - no provider data returned');
  if (!provider.headshotUrl || !provider.galleryUrl) throw new Error('Images were not properly saved to provider record');
  return provider;
}

/** After step 3: notify the team and welcome the provider. Failures are ignored (SPEC §7). */
export async function sendSignupNotifications(provider: ProviderRecord): Promise<void> {
  await Promise.allSettled([
    apiRequest('/email/provider-signup-notification', {
      method: 'POST',
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
    apiRequest('/email/send-provider-welcome-email', {
      method: 'POST',
      body: { providerId: provider._id },
      defaultError: DefaultErrors.sendProviderWelcomeEmail,
    }),
  ]);
}
