import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { defaultPorts, TEST_STACK_MARKER, type LocalStack } from './index';
import { pickSet } from './parts';
import { createTestVhost } from './rabbitmq';
import { defaultDataDir, logsDirOf } from './paths';
import { uploadsBucket } from './s3';
import { startStripeEmulator } from './stripe';

// Imported by test-infrastructure.ts only when containers are chosen, so a run without Docker never loads testcontainers.

const images = {
  mongo: 'mongo:8.0',
  rabbitmq: 'rabbitmq:4.4-alpine',
  maildev: 'maildev/maildev:2.2.1',
  minio: 'minio/minio:RELEASE.2025-04-22T22-12-26Z',
};
const minioUser = 'altmed-test';
const minioPassword = 'altmed-test-secret';

interface ContainerPart {
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/**
 * MongoDB 8.0, RabbitMQ 4.4, maildev and MinIO in containers of this run, each on a port Docker picks.
 * A server named by the environment (MONGO_URL, AMQP_URL, SMTP_URL, S3_ENDPOINT) is used as given
 * instead, a RabbitMQ on this machine with a vhost of its own.
 */
export async function startContainerStack({ env, log }: { env: NodeJS.ProcessEnv; log: (message: string) => void }): Promise<LocalStack> {
  const starters: Array<() => Promise<ContainerPart>> = [
    () => (env.MONGO_URL ? given({ MONGO_URL: env.MONGO_URL }) : startMongoContainer()),
    () => (env.AMQP_URL ? createTestVhost(env.AMQP_URL, log).then(({ url, remove }) => ({ env: { AMQP_URL: url }, stop: remove })) : startRabbitmqContainer()),
    () => (env.SMTP_URL ? given(pickSet(env, ['SMTP_URL', 'MAILDEV_API_URL'])) : startMaildevContainer()),
    () =>
      env.S3_ENDPOINT
        ? given({
            S3_BUCKET: uploadsBucket,
            S3_REGION: 'us-east-1',
            ...pickSet(env, ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']),
          })
        : startMinioContainer(),
    // The Stripe emulator runs in this process, not in a container.
    () => startStripeEmulator({ env, log, forTests: true, ports: defaultPorts, dataDir: defaultDataDir, logsDir: logsDirOf(defaultDataDir) }),
  ];
  const results = await Promise.allSettled(starters.map((start) => start()));
  const parts = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    await Promise.allSettled(parts.map((part) => part.stop()));
  };
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as Error).message] : []));
  if (failures.length > 0) {
    await stop();
    throw new Error(`the test containers could not start: ${failures.join('; ')}`);
  }
  const stackEnv = Object.assign({ [TEST_STACK_MARKER]: '1' }, ...parts.map((part) => part.env)) as Record<string, string>;
  log(`containers ready: ${['MONGO_URL', 'AMQP_URL', 'SMTP_URL', 'S3_ENDPOINT'].map((name) => `${name}=${stackEnv[name]}`).join(' ')}`);
  return { env: stackEnv, stop };
}

function given(partEnv: Record<string, string>): Promise<ContainerPart> {
  return Promise.resolve({ env: partEnv, stop: () => Promise.resolve() });
}

function address(container: StartedTestContainer, port: number): string {
  return `${container.getHost()}:${container.getMappedPort(port)}`;
}

function stopping(container: StartedTestContainer): () => Promise<void> {
  return () => container.stop().then(() => undefined);
}

async function startMongoContainer(): Promise<ContainerPart> {
  const container = await new GenericContainer(images.mongo)
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .start();
  return { env: { MONGO_URL: `mongodb://${address(container, 27017)}` }, stop: stopping(container) };
}

async function startRabbitmqContainer(): Promise<ContainerPart> {
  // The image lets guest connect from outside the container.
  const container = await new GenericContainer(images.rabbitmq)
    .withExposedPorts(5672)
    .withWaitStrategy(Wait.forLogMessage(/Server startup complete/))
    .start();
  return { env: { AMQP_URL: `amqp://guest:guest@${address(container, 5672)}` }, stop: stopping(container) };
}

async function startMaildevContainer(): Promise<ContainerPart> {
  const container = await new GenericContainer(images.maildev).withExposedPorts(1025, 1080).withWaitStrategy(Wait.forHttp('/api/email', 1080)).start();
  return {
    env: { SMTP_URL: `smtp://${address(container, 1025)}`, MAILDEV_API_URL: `http://${address(container, 1080)}` },
    stop: stopping(container),
  };
}

async function startMinioContainer(): Promise<ContainerPart> {
  const container = await new GenericContainer(images.minio)
    .withCommand(['server', '/data'])
    // Browsers PUT uploads to presigned URLs from the site's origin.
    .withEnvironment({ MINIO_ROOT_USER: minioUser, MINIO_ROOT_PASSWORD: minioPassword, MINIO_API_CORS_ALLOW_ORIGIN: '*' })
    .withExposedPorts(9000)
    .withWaitStrategy(Wait.forHttp('/minio/health/ready', 9000))
    .start();
  const partEnv = {
    S3_ENDPOINT: `http://${address(container, 9000)}`,
    S3_BUCKET: uploadsBucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: minioUser,
    S3_SECRET_ACCESS_KEY: minioPassword,
  };
  const client = new S3Client({
    endpoint: partEnv.S3_ENDPOINT,
    region: partEnv.S3_REGION,
    credentials: { accessKeyId: minioUser, secretAccessKey: minioPassword },
    forcePathStyle: true,
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: uploadsBucket }));
  } finally {
    client.destroy();
  }
  return { env: partEnv, stop: stopping(container) };
}
