import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { openApiDocument } from '@altmed/contracts';
import '../src/jest-api-document-check';

/**
 * The check every service test's answers go through (jest-api-document-check, loaded here as the
 * service workspaces' jest config loads it): a server that serves billing's generated document and
 * answers as told.
 */
let server: Server;
let url: string;
let promoCodes: unknown;

beforeAll(async () => {
  const app = express();
  app.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument('billing'));
  });
  app.get('/promo-codes/list', (_req, res) => {
    res.json(promoCodes);
  });
  app.post('/promo-codes/create', (_req, res) => {
    res.status(202).json({ message: 'later' });
  });
  app.get('/promo-codes/broken', (_req, res) => {
    res.status(500).json({ error: 'no message field' });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

it('passes an answer its document allows', async () => {
  promoCodes = { promoCodes: [{ _id: 'p1', code: 'SAVE10', discountPercentage: 10, expiresAt: null, isActive: true }] };
  await request(url).get('/promo-codes/list').expect(200);
});

it('fails a test whose answer has a field the document does not name, or lacks one it requires', async () => {
  promoCodes = { promoCodes: [{ _id: 'p1', code: 'SAVE10', discountPercentage: 10, isActive: true, password: 'leaked' }] };
  await expect(request(url).get('/promo-codes/list').expect(200)).rejects.toThrow(
    /GET \/promo-codes\/list answered 200 with a body its OpenAPI document does not allow/,
  );
  promoCodes = { promoCodes: [{ _id: 'p1', code: 'SAVE10' }] };
  await expect(request(url).get('/promo-codes/list')).rejects.toThrow(/must have required property 'discountPercentage'/);
});

it('fails an answer whose status the operation does not list', async () => {
  await expect(request(url).post('/promo-codes/create').send({})).rejects.toThrow(
    /POST \/promo-codes\/create answered 202, which its OpenAPI document does not list/,
  );
});

it('leaves alone requests the document does not describe, and the test’s own failures come first', async () => {
  await request(url).get('/promo-codes/broken').expect(500);
  promoCodes = { wrong: true };
  await expect(request(url).get('/promo-codes/list').expect(201)).rejects.toThrow(/expected 201 "Created", got 200 "OK"/);
});
