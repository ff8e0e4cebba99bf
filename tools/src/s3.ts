import S3rver from '@20minutes/s3rver';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isPortOpen } from './net';
import type { PartContext, RunningPart } from './parts';
import { nothingToStop, pickSet } from './parts';

export const uploadsBucket = 'provider-uploads';

// Browsers POST uploads straight to presigned forms (PUT for older clients) and GET them back from any origin the site runs on.
const browserUploadCors = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * s3rver runs in this process; its fixed credentials are S3RVER / S3RVER. The developer's stack
 * reuses whatever answers on the S3 port; a test run's starts one of its own on a free port with
 * its files in a temporary directory, removed by stop().
 */
export async function startS3({ env, ports, dataDir, log, forTests }: PartContext): Promise<RunningPart> {
  const name = 'S3';
  if (env.S3_ENDPOINT) {
    const given = pickSet(env, ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
    return { name, env: { S3_BUCKET: uploadsBucket, S3_REGION: 'us-east-1', ...given }, stop: nothingToStop };
  }
  const credentials = { S3_BUCKET: uploadsBucket, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
  if (!forTests && (await isPortOpen(ports.s3))) return { name, env: { S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`, ...credentials }, stop: nothingToStop };

  const directory = forTests ? fs.mkdtempSync(path.join(os.tmpdir(), 'altmed-test-s3-')) : path.join(dataDir, 's3');
  const server = new S3rver({
    address: '127.0.0.1',
    port: forTests ? 0 : ports.s3,
    silent: true,
    directory,
    configureBuckets: [{ name: uploadsBucket, configs: [browserUploadCors] }],
  });
  const { port } = await server.run();
  const partEnv = { S3_ENDPOINT: `http://127.0.0.1:${port}`, ...credentials };
  log(`started s3rver${forTests ? ' for this test run' : ''} on ${partEnv.S3_ENDPOINT} (bucket ${uploadsBucket}, data in ${directory})`);
  return {
    name,
    env: partEnv,
    stop: async () => {
      await server.close();
      if (forTests) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
