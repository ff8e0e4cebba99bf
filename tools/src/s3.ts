import S3rver from '@20minutes/s3rver';
import path from 'node:path';
import { isPortOpen } from './net';
import type { PartContext, RunningPart } from './parts';
import { nothingToStop, pickSet } from './parts';

export const uploadsBucket = 'provider-uploads';

// Browsers PUT uploads straight to presigned URLs and GET them back from any origin the site runs on.
const browserUploadCors = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** s3rver runs in this process; its fixed credentials are S3RVER / S3RVER. */
export async function startS3({ env, ports, dataDir, log }: PartContext): Promise<RunningPart> {
  const name = 'S3';
  if (env.S3_ENDPOINT) {
    const given = pickSet(env, ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
    return { name, env: { S3_BUCKET: uploadsBucket, S3_REGION: 'us-east-1', ...given }, stop: nothingToStop };
  }
  const partEnv = {
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    S3_BUCKET: uploadsBucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  if (await isPortOpen(ports.s3)) return { name, env: partEnv, stop: nothingToStop };

  const server = new S3rver({
    address: '127.0.0.1',
    port: ports.s3,
    silent: true,
    directory: path.join(dataDir, 's3'),
    configureBuckets: [{ name: uploadsBucket, configs: [browserUploadCors] }],
  });
  await server.run();
  log(`started s3rver on ${partEnv.S3_ENDPOINT} (bucket ${uploadsBucket}, data in ${path.join(dataDir, 's3')})`);
  return { name, env: partEnv, stop: () => server.close() };
}
