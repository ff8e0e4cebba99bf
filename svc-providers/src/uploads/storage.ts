import type * as S3 from '@aws-sdk/client-s3';
import type { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
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
  const credentials = { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY };
  const clientConfig = (endpoint: string): S3.S3ClientConfig => ({
    endpoint,
    region: config.S3_REGION,
    credentials,
    forcePathStyle: true,
    // No checksum parameters the browser would have to repeat.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.S3_BUCKET;
  const publicEndpoint = new URL(config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT);

  // The AWS SDK's S3 client (about 16 MB resident with its presigned posts) is loaded at the first upload
  // or image change, and the request signer alone at the first image URL: not by every instance at start.
  let clients: Promise<{ sdk: typeof S3; client: S3.S3Client; publicClient: S3.S3Client }> | undefined;
  const clientsNow = () =>
    (clients ??= import('@aws-sdk/client-s3').then((sdk) => {
      const client = new sdk.S3Client(clientConfig(config.S3_ENDPOINT));
      const publicClient = config.S3_PUBLIC_ENDPOINT ? new sdk.S3Client(clientConfig(config.S3_PUBLIC_ENDPOINT)) : client;
      return { sdk, client, publicClient };
    }));
  let signer: Promise<{ presigner: S3RequestPresigner; keyPath: (key: string) => string }> | undefined;
  const signerNow = () =>
    (signer ??= Promise.all([import('@aws-sdk/s3-request-presigner'), import('@smithy/core/checksum'), import('@smithy/core/protocols')]).then(
      ([{ S3RequestPresigner }, { Sha256 }, { extendedEncodeURIComponent }]) => ({
        presigner: new S3RequestPresigner({ credentials, region: config.S3_REGION, sha256: Sha256 }),
        // A key in a URL's path, each segment encoded as the SDK's GetObject encodes it.
        keyPath: (key: string) => key.split('/').map(extendedEncodeURIComponent).join('/'),
      }),
    ));
  // A page of 20 cards signed 20 URLs per request: a URL is reused for half its lifetime, so one handed
  // out still works for at least the other half.
  const signedImageUrls = new LRUCache<string, string>({ max: 20_000, ttl: (config.IMAGE_URL_TTL_SECONDS * 1000) / 2 });
  return {
    async presignUpload(key, contentType, maxBytes, expiresInSeconds) {
      const [{ publicClient }, { createPresignedPost }] = await Promise.all([clientsNow(), import('@aws-sdk/s3-presigned-post')]);
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
      // What the SDK's getSignedUrl signs for a GetObject of a path-style bucket, without the client's middleware.
      const { presigner, keyPath } = await signerNow();
      const signed = await presigner.presign(
        {
          method: 'GET',
          protocol: publicEndpoint.protocol,
          hostname: publicEndpoint.hostname,
          ...(publicEndpoint.port ? { port: Number(publicEndpoint.port) } : {}),
          path: `${publicEndpoint.pathname.replace(/\/$/, '')}/${Bucket}/${keyPath(key)}`,
          // As the SDK's GetObject names itself: the same URL as its getSignedUrl, byte for byte.
          query: { 'x-id': 'GetObject' },
          headers: {},
        },
        { expiresIn: config.IMAGE_URL_TTL_SECONDS },
      );
      const url = new URL(`${publicEndpoint.origin}${signed.path}`);
      for (const [name, value] of Object.entries(signed.query ?? {})) if (typeof value === 'string') url.searchParams.set(name, value);
      url.searchParams.sort();
      const text = url.href;
      signedImageUrls.set(key, text);
      return text;
    },
    async sizeOf(key) {
      const { sdk, client } = await clientsNow();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async read(key) {
      const { sdk, client } = await clientsNow();
      const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async write(key, body, contentType) {
      const { sdk, client } = await clientsNow();
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'private, max-age=86400, immutable' }),
      );
    },
    async remove(keys) {
      // One request per key: the local s3rver refuses signed bucket-level calls such as DeleteObjects.
      const { sdk, client } = await clientsNow();
      await Promise.all(keys.map((Key) => client.send(new sdk.DeleteObjectCommand({ Bucket, Key }))));
    },
    close() {
      void clients?.then(({ client, publicClient }) => {
        client.destroy();
        if (publicClient !== client) publicClient.destroy();
      });
    },
  };
}
