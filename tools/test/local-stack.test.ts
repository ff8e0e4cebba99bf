import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import mongoose from 'mongoose';
import nodemailer from 'nodemailer';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalStack, type LocalStack, type LocalStackPorts } from '../src/index';
import { isPortOpen } from '../src/net';

// Ports of their own, so this test starts and stops its own servers even while `npm start` or `npm test` runs.
const ports: Partial<LocalStackPorts> = { mongo: 37017, smtp: 11025, maildevWeb: 11080, s3: 14569 };
const ownPorts = [37017, 11025, 11080, 14569];
const amqpPort = 5672;
const firstBuildOfFerretdb = 15 * 60_000;

function s3Client(env: Record<string, string>, secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? ''): S3Client {
  return new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID ?? '', secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
}

describe('startLocalStack', () => {
  let stack: LocalStack;
  let dataDir: string;
  let amqpWasAnswering: boolean;
  const logged: string[] = [];

  beforeAll(async () => {
    for (const port of ownPorts) expect(await isPortOpen(port)).toBe(false);
    amqpWasAnswering = await isPortOpen(amqpPort);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-stack-test-'));
    stack = await startLocalStack({ env: {}, ports, dataDir, handleSignals: false, log: (message) => logged.push(message) });
  }, firstBuildOfFerretdb);

  afterAll(async () => {
    await stack?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('returns the environment the apps need', () => {
    expect(stack.env).toEqual({
      MONGO_URL: 'mongodb://127.0.0.1:37017',
      AMQP_URL: `amqp://guest:guest@127.0.0.1:${amqpPort}`,
      SMTP_URL: 'smtp://127.0.0.1:11025',
      MAILDEV_API_URL: 'http://127.0.0.1:11080',
      S3_ENDPOINT: 'http://127.0.0.1:14569',
      S3_BUCKET: 'provider-uploads',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });

  it('serves MongoDB through FerretDB: ping, insert and find', async () => {
    const connection = await mongoose.createConnection(stack.env.MONGO_URL ?? '', { dbName: 'local_stack_test' }).asPromise();
    try {
      expect(await connection.db?.admin().ping()).toMatchObject({ ok: 1 });
      const Probe = connection.model('Probe', new mongoose.Schema({ name: String }));
      await Probe.create({ name: 'ferret' });
      expect(await Probe.findOne({ name: 'ferret' }).lean()).toMatchObject({ name: 'ferret' });
    } finally {
      await connection.close();
    }
  });

  it('answers on the AMQP port', async () => {
    expect(await isPortOpen(amqpPort)).toBe(true);
  });

  it('catches mail in maildev and lists it in its REST API', async () => {
    const subject = `local stack test ${Date.now()}`;
    const transport = nodemailer.createTransport(stack.env.SMTP_URL);
    await transport.sendMail({ from: 'test@altmed.local', to: 'member@example.com', subject, text: 'hello' });
    transport.close();
    const emails = (await (await fetch(`${stack.env.MAILDEV_API_URL}/api/email`)).json()) as Array<{ subject: string }>;
    expect(emails.map((email) => email.subject)).toContain(subject);
  });

  it('stores objects in the provider-uploads bucket and checks signatures', async () => {
    const bucket = stack.env.S3_BUCKET;
    const client = s3Client(stack.env);
    const forger = s3Client(stack.env, 'wrong-secret');
    try {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'probe.txt', Body: 'hello s3', ContentType: 'text/plain' }));
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'probe.txt' }));
      expect(await object.Body?.transformToString()).toBe('hello s3');
      await expect(forger.send(new PutObjectCommand({ Bucket: bucket, Key: 'forged.txt', Body: 'x' }))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    } finally {
      client.destroy();
      forger.destroy();
    }
  });

  it('allows browser PUTs to the bucket from any origin (CORS preflight)', async () => {
    const preflight = await fetch(`${stack.env.S3_ENDPOINT}/${stack.env.S3_BUCKET}/photo.jpg`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3002', 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('reuses parts that already answer, and a stack that started nothing stops nothing', async () => {
    const secondDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-stack-test-'));
    const secondLog: string[] = [];
    const second = await startLocalStack({ env: {}, ports, dataDir: secondDataDir, handleSignals: false, log: (message) => secondLog.push(message) });
    await second.stop();
    fs.rmSync(secondDataDir, { recursive: true, force: true });
    expect(secondLog.filter((message) => message.startsWith('started'))).toEqual([]);
    expect(second.env).toEqual(stack.env);
    for (const port of ownPorts) expect(await isPortOpen(port)).toBe(true);
  });

  it('uses the servers named by the environment instead of starting its own', async () => {
    const given = { MONGO_URL: 'mongodb://db.example:27017', AMQP_URL: 'amqp://mq.example', SMTP_URL: 'smtp://mail.example:25', S3_ENDPOINT: 'https://s3.example' };
    const secondLog: string[] = [];
    const second = await startLocalStack({ env: given, ports, handleSignals: false, log: (message) => secondLog.push(message) });
    await second.stop();
    expect(second.env).toMatchObject(given);
    expect(secondLog).toEqual([]);
  });

  it('stop() stops what it started and leaves running what it found', async () => {
    expect(logged.filter((message) => message.startsWith('started')).length).toBeGreaterThanOrEqual(3);
    await stack.stop();
    for (const port of ownPorts) expect(await isPortOpen(port)).toBe(false);
    expect(await isPortOpen(amqpPort)).toBe(amqpWasAnswering || logged.every((message) => !message.startsWith('started RabbitMQ')));
  });
});
