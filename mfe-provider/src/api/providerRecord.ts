import type {
  Provider,
  ProviderBasicInfo,
  ProviderContent,
  ProviderInfoResponse,
  ProviderQualifications,
  UploadSignatureResponse,
} from '@altmed/contracts/web';
import { ApiError, apiRequest, DefaultErrors } from '@altmed/web-kit';
import { imageTypeOf } from '../lib/images';

/**
 * The provider's own record, as the portal's steps 2–3 and the dashboard read and write it. Every
 * call carries the provider's token: the server lets a provider change only its own record.
 */

const recordPath = (id: string, rest = '') => `/provider-info/${encodeURIComponent(id)}${rest}`;

function providerOf(reply: ProviderInfoResponse | undefined): Provider | undefined {
  return reply?.provider ?? (reply?._id ? (reply as Provider) : undefined);
}

export async function fetchOwnProfile(id: string, token: string | null, signal?: AbortSignal): Promise<Provider> {
  const provider = providerOf(await apiRequest<ProviderInfoResponse | undefined>(recordPath(id), { token, defaultError: DefaultErrors.fetchProvider, signal }));
  if (!provider) throw new Error(DefaultErrors.fetchProvider);
  return provider;
}

export async function updateBasicInfo(id: string, token: string | null, info: ProviderBasicInfo): Promise<Provider> {
  const provider = providerOf(await apiRequest(recordPath(id), { method: 'PUT', body: info, token, defaultError: DefaultErrors.saveProviderInfo }));
  if (!provider) throw new Error(DefaultErrors.saveProviderInfo);
  return provider;
}

export async function saveQualifications(id: string, token: string | null, qualifications: ProviderQualifications): Promise<Provider> {
  const provider = providerOf(
    await apiRequest(recordPath(id, '/qualifications'), { method: 'PUT', body: qualifications, token, defaultError: DefaultErrors.saveQualifications }),
  );
  if (!provider) throw new Error(DefaultErrors.saveQualifications);
  return provider;
}

/** New images as the keys the signature call gave, and/or the practice description. */
export async function saveProfileContent(id: string, token: string | null, content: ProviderContent): Promise<Provider> {
  const provider = providerOf(
    await apiRequest(recordPath(id, '/images'), { method: 'PUT', body: content, token, defaultError: DefaultErrors.saveUploadedFiles }),
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
  const signature = await apiRequest<UploadSignatureResponse>('/signature', {
    method: 'POST',
    body: { fileName: file.name, fileType: imageTypeOf(file) },
    token,
    defaultError: DefaultErrors.uploadSignature,
  });
  await postToStorage(signature, file, onProgress);
  return signature.key;
}
