import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Storage } from './storage';

const credentials = { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'example-secret' };

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-28T12:00:00.000Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
afterEach(() => jest.useRealTimers());

it.each(['http://127.0.0.1:4568', 'https://s3.example.com', 'http://localhost:9000/prefix/'])(
  'signs an image URL at %s as the SDK’s getSignedUrl does for a GetObject, without loading the S3 client',
  async (endpoint) => {
    const storage = s3Storage({
      S3_ENDPOINT: endpoint,
      S3_PUBLIC_ENDPOINT: undefined,
      S3_BUCKET: 'provider-uploads',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      IMAGE_URL_TTL_SECONDS: 3600,
    });
    // As the service's own client is configured (no checksum parameters the browser would have to repeat).
    const client = new S3Client({
      endpoint,
      region: 'us-east-1',
      credentials,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    for (const key of ['uploads/p1/headshot.jpg', "uploads/p (1)/it's*!.png"]) {
      const expected = await getSignedUrl(client, new GetObjectCommand({ Bucket: 'provider-uploads', Key: key }), { expiresIn: 3600 });
      expect(await storage.imageUrl(key)).toBe(expected);
    }
    client.destroy();
    storage.close();
  },
);
