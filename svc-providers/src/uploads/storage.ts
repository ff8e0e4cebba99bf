import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { LRUCache } from 'lru-cache';
import type { ProvidersConfig } from '../config';

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/** The uploads bucket: what the service does with it, and URLs signed for the browser. */
export interface UploadStorage {
  /** A browser form POST of exactly this key and content type, of 1 byte to `maxBytes`, for `expiresInSeconds`. */
  presignUpload: (key: string, contentType: string, maxBytes: number, expiresInSeconds: number) => Promise<PresignedUpload>;
  /** A URL the browser can GET the object from for a while. */
  imageUrl: (key: string) => Promise<string>;
  /** The object's size, or undefined when there is none. */
  sizeOf: (key: string) => Promise<number | undefined>;
  read: (key: string) => Promise<Buffer>;
  write: (key: string, body: Buffer, contentType: string) => Promise<void>;
  remove: (keys: string[]) => Promise<void>;
}

const isMissing = (err: unknown) => {
  const name = (err as { name?: string }).name;
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NotFound' || name === 'NoSuchKey' || status === 404;
};

export function s3Storage(
  config: Pick<
    ProvidersConfig,
    'S3_ENDPOINT' | 'S3_PUBLIC_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'IMAGE_URL_TTL_SECONDS'
  >,
): UploadStorage & { close: () => void } {
  const clientConfig = (endpoint: string): S3ClientConfig => ({
    endpoint,
    region: config.S3_REGION,
    credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
    forcePathStyle: true,
    // No checksum parameters the browser would have to repeat.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const client = new S3Client(clientConfig(config.S3_ENDPOINT));
  const publicClient = config.S3_PUBLIC_ENDPOINT ? new S3Client(clientConfig(config.S3_PUBLIC_ENDPOINT)) : client;
  const Bucket = config.S3_BUCKET;

  // A page of 20 cards signed 20 URLs per request (about half a millisecond each): a URL is reused for
  // half its lifetime, so one handed out still works for at least the other half.
  const signedImageUrls = new LRUCache<string, string>({ max: 20_000, ttl: (config.IMAGE_URL_TTL_SECONDS * 1000) / 2 });
  return {
    async presignUpload(key, contentType, maxBytes, expiresInSeconds) {
      const { url, fields } = await createPresignedPost(publicClient, {
        Bucket,
        Key: key,
        Fields: { 'Content-Type': contentType },
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Expires: expiresInSeconds,
      });
      return { url, fields };
    },
    async imageUrl(key) {
      const cached = signedImageUrls.get(key);
      if (cached) return cached;
      const url = await getSignedUrl(publicClient, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: config.IMAGE_URL_TTL_SECONDS });
      signedImageUrls.set(key, url);
      return url;
    },
    async sizeOf(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async write(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'private, max-age=86400, immutable' }));
    },
    async remove(keys) {
      // One request per key: the local s3rver refuses signed bucket-level calls such as DeleteObjects.
      await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
    },
    close() {
      client.destroy();
      if (publicClient !== client) publicClient.destroy();
    },
  };
}
