import { randomUUID } from 'node:crypto';
import { UPLOAD_MAX_BYTES, type UploadSignatureRequest, type UploadSignatureResponse } from '@altmed/contracts';
import type { UploadStorage } from './storage';

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;

/**
 * A presigned POST for one image of this provider: the key is made here (never from the file's
 * name), and the policy fixes it, the content type and a size of at most 5 MB. Servers that do
 * not enforce POST policies (the local s3rver) are covered by the checks made when the image is
 * saved.
 */
export async function signUpload(
  storage: UploadStorage,
  providerId: string,
  request: UploadSignatureRequest,
  expiresInSeconds: number,
): Promise<UploadSignatureResponse> {
  const key = `uploads/${providerId}/${randomUUID()}.${EXTENSIONS[request.fileType]}`;
  const { url, fields } = await storage.presignUpload(key, request.fileType, UPLOAD_MAX_BYTES, expiresInSeconds);
  return { presignedUrl: url, key, method: 'POST', fields, maxBytes: UPLOAD_MAX_BYTES, expiresInSeconds };
}
