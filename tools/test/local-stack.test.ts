import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { connect, type ConfirmChannel } from 'amqplib';
import mongoose from 'mongoose';
import nodemailer from 'nodemailer';
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalStack, type LocalStack, type LocalStackPorts } from '../src/index';
import { eventually, isPortOpen } from '../src/net';
import { createTestVhost, listVhosts } from '../src/rabbitmq';
import { devStripeKeys } from '../src/stripe';

// Ports of their own, so this test starts and stops its own servers even while `npm start` or `npm test` runs.
const ports: Partial<LocalStackPorts> = { mongo: 37017, smtp: 11025, maildevWeb: 11080, s3: 14569, stripe: 22111 };
const ownPorts = [37017, 11025, 11080, 14569, 22111];
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
      STRIPE_API_URL: 'http://127.0.0.1:22111',
      STRIPE_SECRET_KEY: devStripeKeys.secretKey,
      STRIPE_PUBLISHABLE_KEY: devStripeKeys.publishableKey,
      STRIPE_WEBHOOK_SECRET: devStripeKeys.webhookSecret,
      STRIPE_JS_URL: 'http://127.0.0.1:22111/v3/',
    });
  });

  it('serves the Stripe emulator, which takes the developer keys', async () => {
    const response = await fetch(`${stack.env.STRIPE_API_URL}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.env.STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=11988&currency=usd',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ object: 'payment_intent', status: 'requires_payment_method' });
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

  it('applies each write to a document whole, as MongoDB does, however many arrive at once', async () => {
    const connection = await mongoose.createConnection(stack.env.MONGO_URL ?? '', { dbName: 'local_stack_test' }).asPromise();
    const documents = connection.db!.collection<{ _id: string; by?: number; tags?: number[] }>('atomic_writes');
    const writers = Array.from({ length: 8 }, (_, index) => index);
    try {
      for (let trial = 0; trial < 20; trial += 1) {
        const _id = randomUUID();
        await documents.insertOne({ _id });
        // A claim: of conditional updates at once, exactly one matches.
        const claims = await Promise.all(writers.map((by) => documents.updateOne({ _id, by: { $exists: false } }, { $set: { by } })));
        expect(claims.filter((result) => result.modifiedCount === 1)).toHaveLength(1);
        // Updates of one document at once each keep the others' changes.
        await Promise.all(writers.map((tag) => documents.updateOne({ _id }, { $push: { tags: tag } })));
        expect((await documents.findOne({ _id }))?.tags).toHaveLength(writers.length);
      }
    } finally {
      await connection.close();
    }
  });

  it('finishes an update command of many statements, and serves reads meanwhile', async () => {
    const connection = await mongoose.createConnection(stack.env.MONGO_URL ?? '', { dbName: 'local_stack_test' }).asPromise();
    const documents = connection.db!.collection<{ _id: string; n: number; done?: boolean }>('many_updates');
    try {
      // Over the 100 connections of FerretDB's SQLite pool: each statement's query used to hold one until the command ended.
      const ids = Array.from({ length: 250 }, (_, n) => ({ _id: `doc-${n}`, n }));
      await documents.insertMany(ids);
      const cursor = documents.find({}).batchSize(10);
      await cursor.next();
      const [result] = await Promise.all([
        documents.bulkWrite(ids.map(({ _id }) => ({ updateOne: { filter: { _id, done: { $exists: false } }, update: { $set: { done: true } } } }))),
        documents.findOne({ _id: 'doc-7' }),
      ]);
      expect(result.modifiedCount).toBe(250);
      await cursor.close();
      expect(await documents.countDocuments({ done: true })).toBe(250);
    } finally {
      await connection.close();
    }
  });

  // 500 statements: more than the 100 connections of SQLite's pool that such a command used to hold. Real writes: a busy machine needs more than 5 s.
  it('keeps answering after a client goes away in the middle of a bulk write and a cursor', async () => {
    const writer = await mongoose.createConnection(stack.env.MONGO_URL ?? '', { dbName: 'local_stack_test' }).asPromise();
    const documents = writer.db!.collection<{ _id: string; n: number; done?: boolean }>('abandoned_writes');
    await documents.insertMany(Array.from({ length: 500 }, (_, n) => ({ _id: `doc-${n}`, n })));
    const cursor = documents.find({}).batchSize(10);
    await cursor.next();
    const writing = documents
      .bulkWrite(Array.from({ length: 500 }, (_, n) => ({ updateOne: { filter: { _id: `doc-${n}` }, update: { $set: { done: true } } } })))
      .catch(() => 'cut');
    // A seed stopped with Ctrl-C: its connections close under the running command and the open cursor.
    await writer.close(true);
    await writing;

    const reader = await mongoose.createConnection(stack.env.MONGO_URL ?? '', { dbName: 'local_stack_test' }).asPromise();
    try {
      const probe = reader.db!.collection<{ _id: string }>('abandoned_writes');
      expect(await probe.findOne({ _id: 'doc-7' })).toMatchObject({ n: 7 });
      await probe.updateOne({ _id: 'doc-7' }, { $set: { after: true } });
      expect(await probe.countDocuments({})).toBe(500);
      await probe.drop();
    } finally {
      await reader.close();
    }
  }, 30_000);

  it("answers top-level equalities from the collection's indexes, with MongoDB's matches", async () => {
    const connection = await mongoose.createConnection(stack.env.MONGO_URL ?? '', { dbName: 'local_stack_test' }).asPromise();
    const db = connection.db!;
    const documents = db.collection<{ _id: string; email?: string; tags?: unknown; active?: boolean; n?: number }>('lookups');
    try {
      await documents.createIndexes([{ key: { email: 1 } }, { key: { tags: 1 } }, { key: { active: 1 } }]);
      await documents.insertMany([
        { _id: 'a', email: 'maya@example.com', tags: 'reiki', active: true, n: 1 },
        { _id: 'b', email: 'lee@example.com', tags: ['reiki', 'yoga'], active: false, n: 2 },
        { _id: 'c', tags: ['pilates'], active: true, n: 1 },
        { _id: 'd', email: 'MAYA@example.com', tags: { reiki: true } },
      ]);
      const idsOf = async (filter: object) => (await documents.find(filter).sort({ _id: 1 }).toArray()).map(({ _id }) => _id);
      expect(await idsOf({ email: 'maya@example.com' })).toEqual(['a']);
      expect(await idsOf({ email: { $eq: 'lee@example.com' } })).toEqual(['b']);
      expect(await idsOf({ email: { $in: ['lee@example.com', 'MAYA@example.com', 'nobody'] } })).toEqual(['b', 'd']);
      // An array holding the value matches too; another array, or a document, does not.
      expect(await idsOf({ tags: 'reiki' })).toEqual(['a', 'b']);
      expect(await idsOf({ tags: { $in: ['yoga'] } })).toEqual(['b']);
      expect(await idsOf({ active: true })).toEqual(['a', 'c']);
      expect(await idsOf({ active: false, n: 2 })).toEqual(['b']);
      expect(await idsOf({ _id: { $in: ['c', 'a', 'x'] } })).toEqual(['a', 'c']);
      expect(await idsOf({ email: 'maya@example.com', tags: 'yoga' })).toEqual([]);
      expect(await idsOf({ n: 1 })).toEqual(['a', 'c']);
      expect(await idsOf({ $or: [{ email: 'lee@example.com' }, { _id: 'c' }] })).toEqual(['b', 'c']);

      const planOf = async (filter: object) => JSON.stringify(await db.command({ explain: { find: 'lookups', filter }, verbosity: 'queryPlanner' }));
      expect(await planOf({ _id: 'a' })).toMatch(/SEARCH .* USING INDEX/);
      expect(await planOf({ email: 'maya@example.com', n: 1 })).toMatch(/USING INDEX .*email/);
      expect(await planOf({ n: 1 })).not.toMatch(/USING INDEX/);
    } finally {
      await documents.drop();
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
      await expect(forger.send(new PutObjectCommand({ Bucket: bucket, Key: 'forged.txt', Body: 'x' }))).rejects.toMatchObject({
        name: 'SignatureDoesNotMatch',
      });
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
    const given = {
      MONGO_URL: 'mongodb://db.example:27017',
      AMQP_URL: 'amqp://mq.example',
      SMTP_URL: 'smtp://mail.example:25',
      S3_ENDPOINT: 'https://s3.example',
    };
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

/** The pid of the process listening on a loopback port (`ss` names it). */
function listeningProcess(port: number): number | undefined {
  const listing = spawnSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' }).stdout;
  const pid = /pid=(\d+)/.exec(listing)?.[1];
  return pid ? Number(pid) : undefined;
}

function openFilesLimitOf(pid: number): number {
  return Number(/Max open files\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1]);
}

// The exchange every service publishes to and binds its queues on (EVENTS_EXCHANGE in @altmed/contracts).
const eventsExchange = 'altmed.events';
const rabbitmqctlTimeout = 60_000;

async function openEventsChannel(amqpUrl: string, routingKey: string) {
  const connection = await connect(amqpUrl);
  const channel: ConfirmChannel = await connection.createConfirmChannel();
  await channel.assertExchange(eventsExchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(queue, eventsExchange, routingKey);
  return {
    async publish(body: string) {
      channel.publish(eventsExchange, routingKey, Buffer.from(body));
      await channel.waitForConfirms();
    },
    /** Everything in the queue now, oldest first. */
    async takeAll(): Promise<string[]> {
      const taken: string[] = [];
      for (;;) {
        const message = await channel.get(queue, { noAck: true });
        if (!message) return taken;
        taken.push(message.content.toString());
      }
    },
    close: () => connection.close(),
  };
}

async function subjectsIn(maildevApiUrl: string): Promise<string[]> {
  const emails = (await (await fetch(`${maildevApiUrl}/api/email`)).json()) as Array<{ subject: string }>;
  return emails.map((email) => email.subject);
}

async function sendMail(smtpUrl: string, subject: string): Promise<void> {
  const transport = nodemailer.createTransport(smtpUrl);
  try {
    await transport.sendMail({ from: 'test@altmed.local', to: 'member@example.com', subject, text: 'hello' });
  } finally {
    transport.close();
  }
}

describe("a test run's stack (forTests) beside a developer's", () => {
  // MongoDB is shared (every test has databases of its own): a server that is never reached keeps this to the other parts.
  const env = { MONGO_URL: 'mongodb://127.0.0.1:1' };
  const developerPorts: Partial<LocalStackPorts> = { smtp: 11125, maildevWeb: 11180, s3: 14669 };
  let developer: LocalStack;
  let run: LocalStack;
  let dataDir: string;

  beforeAll(async () => {
    for (const port of [11125, 11180, 14669]) expect(await isPortOpen(port)).toBe(false);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-stack-test-'));
    const quiet = () => {};
    developer = await startLocalStack({ env, ports: developerPorts, dataDir, handleSignals: false, log: quiet });
    run = await startLocalStack({ env, ports: developerPorts, dataDir, handleSignals: false, log: quiet, forTests: true });
  }, 2 * rabbitmqctlTimeout);

  afterAll(async () => {
    await run?.stop();
    await developer?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, rabbitmqctlTimeout);

  it('has a RabbitMQ node of its own, with all the open files its queues need, and an SMTP sink and S3 server of its own', () => {
    expect(developer.env.AMQP_URL).toBe(`amqp://guest:guest@127.0.0.1:${amqpPort}`);
    expect(run.env.AMQP_URL).toMatch(/^amqp:\/\/guest:guest@127\.0\.0\.1:\d+$/);
    const node = listeningProcess(Number(new URL(run.env.AMQP_URL!).port));
    expect(node).toBeDefined();
    const hardLimit = spawnSync('/bin/sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
    expect(openFilesLimitOf(node!)).toBe(hardLimit === 'unlimited' ? 65_536 : Math.min(Number(hardLimit), 65_536));
    for (const name of ['AMQP_URL', 'SMTP_URL', 'MAILDEV_API_URL', 'S3_ENDPOINT']) expect(run.env[name]).not.toBe(developer.env[name]);
    expect(run.env).toMatchObject({ MONGO_URL: env.MONGO_URL, ALTMED_TEST_STACK: '1' });
  });

  it("never hands an event published on the developer's node to a consumer on its own, nor the other way round", async () => {
    const routingKey = `isolation-test.${randomUUID()}`;
    const onDevelopers = await openEventsChannel(developer.env.AMQP_URL!, routingKey);
    const onRuns = await openEventsChannel(run.env.AMQP_URL!, routingKey);
    try {
      // Confirmed publishes are in every queue they route to, so each queue's content is final here.
      await onDevelopers.publish('site event 1');
      await onRuns.publish('test event');
      await onDevelopers.publish('site event 2');
      expect(await onRuns.takeAll()).toEqual(['test event']);
      expect(await onDevelopers.takeAll()).toEqual(['site event 1', 'site event 2']);
    } finally {
      await onDevelopers.close();
      await onRuns.close();
    }
  }, 30_000);

  it("has an inbox of its own: its mail is not in the developer's, nor the developer's in its", async () => {
    const testMail = `test run mail ${randomUUID()}`;
    const siteMail = `site mail ${randomUUID()}`;
    await sendMail(run.env.SMTP_URL!, testMail);
    await sendMail(developer.env.SMTP_URL!, siteMail);
    await eventually(async () => (await subjectsIn(run.env.MAILDEV_API_URL!)).includes(testMail), 10_000);
    await eventually(async () => (await subjectsIn(developer.env.MAILDEV_API_URL!)).includes(siteMail), 10_000);
    expect(await subjectsIn(run.env.MAILDEV_API_URL!)).not.toContain(siteMail);
    expect(await subjectsIn(developer.env.MAILDEV_API_URL!)).not.toContain(testMail);
  }, 30_000);

  it("keeps its uploads out of the developer's S3 server", async () => {
    const key = `isolation-${randomUUID()}.txt`;
    const runClient = s3Client(run.env);
    const developerClient = s3Client(developer.env);
    try {
      await runClient.send(new PutObjectCommand({ Bucket: run.env.S3_BUCKET, Key: key, Body: 'test upload' }));
      expect(await (await runClient.send(new GetObjectCommand({ Bucket: run.env.S3_BUCKET, Key: key }))).Body?.transformToString()).toBe('test upload');
      await expect(developerClient.send(new GetObjectCommand({ Bucket: developer.env.S3_BUCKET, Key: key }))).rejects.toMatchObject({ name: 'NoSuchKey' });
    } finally {
      runClient.destroy();
      developerClient.destroy();
    }
  });

  it(
    "stop() stops its RabbitMQ node, SMTP sink and S3 server, and leaves the developer's running",
    async () => {
      const node = listeningProcess(Number(new URL(run.env.AMQP_URL!).port))!;
      await run.stop();
      for (const url of [run.env.AMQP_URL!, run.env.SMTP_URL!, run.env.MAILDEV_API_URL!, run.env.S3_ENDPOINT!])
        expect(await isPortOpen(Number(new URL(url).port))).toBe(false);
      expect(fs.existsSync(`/proc/${node}`)).toBe(false);
      for (const port of [amqpPort, 11125, 11180, 14669]) expect(await isPortOpen(port)).toBe(true);
    },
    rabbitmqctlTimeout,
  );
});

describe('createTestVhost', () => {
  const logged: string[] = [];
  const log = (message: string) => logged.push(message);

  it(
    'gives an AMQP_URL for this machine a vhost of its own in place of the one it names',
    async () => {
      const vhost = await createTestVhost(`amqp://guest:guest@localhost:${amqpPort}/someone-elses`, log);
      try {
        expect(vhost.url).toMatch(new RegExp(`^amqp://guest:guest@localhost:${amqpPort}/altmed-test-${process.pid}-[0-9a-f]{8}$`));
        const connection = await connect(vhost.url);
        await connection.close();
      } finally {
        await vhost.remove();
      }
    },
    2 * rabbitmqctlTimeout,
  );

  it('uses an AMQP_URL for another host as given, and says the run is not isolated', async () => {
    const given = 'amqp://app:secret@mq.example:5672/shared';
    const vhost = await createTestVhost(given, log);
    expect(vhost.url).toBe(given);
    expect(logged.at(-1)).toBe(
      "RabbitMQ: this run shares amqp://app:***@mq.example:5672/shared (rabbitmqctl manages this machine's node only, and AMQP_URL names another host); a site using the same vhost will see the run's events",
    );
  });

  it(
    'deletes vhosts left behind by test runs that ended without stopping',
    async () => {
      const endedPid = spawnSync(process.execPath, ['-e', '']).pid;
      const leftBehind = `altmed-test-${endedPid}-0ended00`;
      expect(spawnSync('rabbitmqctl', ['add_vhost', leftBehind]).status).toBe(0);
      const vhost = await createTestVhost(`amqp://guest:guest@127.0.0.1:${amqpPort}`, log);
      try {
        expect(await listVhosts()).not.toContain(leftBehind);
      } finally {
        await vhost.remove();
      }
    },
    3 * rabbitmqctlTimeout,
  );
});
