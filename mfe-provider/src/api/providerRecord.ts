import {
  ProviderMessages,
  type Provider,
  type ProviderBasicInfo,
  type ProviderContent,
  type ProviderQualifications,
  type UploadSignatureResponse,
} from '@altmed/contracts/web';
import { ApiError, apiCall, DefaultErrors } from '@altmed/web-kit';
import { imageTypeOf } from '../lib/images';

/**
 * The provider's own record, as the portal's steps 2–3 and the dashboard read and write it. Every
 * call carries the provider's token: the server lets a provider change only its own record.
 */

/** The record of an answer `{ provider }`; undefined when the answer was empty. */
function providerOf(reply: { provider: Provider } | undefined): Provider | undefined {
  return reply?.provider;
}

export async function fetchOwnProfile(id: string, token: string | null, signal?: AbortSignal): Promise<Provider> {
  const provider = providerOf(await apiCall('GET /provider-info/:id', { params: { id }, token, defaultError: DefaultErrors.fetchProvider, signal }));
  if (!provider) throw new Error(DefaultErrors.fetchProvider);
  return provider;
}

export async function updateBasicInfo(id: string, token: string | null, info: ProviderBasicInfo): Promise<Provider> {
  const provider = providerOf(await apiCall('PUT /provider-info/:id', { params: { id }, body: info, token, defaultError: DefaultErrors.saveProviderInfo }));
  if (!provider) throw new Error(DefaultErrors.saveProviderInfo);
  return provider;
}

export async function saveQualifications(id: string, token: string | null, qualifications: ProviderQualifications): Promise<Provider> {
  const provider = providerOf(
    await apiCall('PUT /provider-info/:id/qualifications', { params: { id }, body: qualifications, token, defaultError: DefaultErrors.saveQualifications }),
  );
  if (!provider) throw new Error(DefaultErrors.saveQualifications);
  return provider;
}

/** New images as the keys the signature call gave, and/or the practice description. */
export async function saveProfileContent(id: string, token: string | null, content: ProviderContent): Promise<Provider> {
  const provider = providerOf(
    await apiCall('PUT /provider-info/:id/images', { params: { id }, body: content, token, defaultError: DefaultErrors.saveUploadedFiles }),
  );
  if (!provider) throw new Error('Failed to save profile content - no provider data returned');
  return provider;
}

/** Share of the file sent so far, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

/** POSTs the file to storage with the presigned form fields; XMLHttpRequest, as fetch cannot report upload progress. */
function postToStorage(signature: UploadSignatureResponse, file: File, onProgress: UploadProgress): Promise<void> {
  const form = new FormData();
  Object.entries(signature.fields).forEach(([name, value]) => form.append(name, value));
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', signature.presignedUrl);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new ApiError(DefaultErrors.uploadFile, request.status));
    });
    request.addEventListener('error', () => reject(new ApiError(DefaultErrors.uploadFile, 0)));
    request.addEventListener('abort', () => reject(new ApiError(DefaultErrors.uploadFile, 0)));
    request.send(form);
  });
}

/** Asks for a presigned upload (the server makes the key), then sends the file straight to storage; resolves with the key. */
export async function uploadImage(file: File, token: string | null, onProgress: UploadProgress = () => undefined): Promise<string> {
  const fileType = imageTypeOf(file);
  // ImagePicker lets only JPG and PNG files through (imageFileError); the server would refuse any other type with this message.
  if (!fileType) throw new ApiError(ProviderMessages.onlyImages, 0);
  const signature = await apiCall('POST /signature', { body: { fileName: file.name, fileType }, token, defaultError: DefaultErrors.uploadSignature });
  await postToStorage(signature, file, onProgress);
  return signature.key;
}
