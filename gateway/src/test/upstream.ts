import { once } from 'node:events';
import net from 'node:net';
import http, { type Server } from 'node:http';
import express from 'express';
import helmet from 'helmet';
import { API_SERVICES, OPENAPI_PATH, openApiDocument, type ApiService } from '@altmed/contracts';

const isApiService = (name: string): name is ApiService => (API_SERVICES as readonly string[]).includes(name);

export interface EchoedRequest {
  service: string;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The gateway's side of the connection: the same port twice means a reused connection. */
  remotePort: number | undefined;
}

export interface TestUpstream {
  name: string;
  url: string;
  /** What its /readyz answers. */
  ready: boolean;
  stop: () => Promise<void>;
}

/**
 * A small real HTTP service: /readyz answers as told, a service's name serves that service's OpenAPI document, a path ending in /big answers a large JSON document and
 * every other request is echoed back (path, headers and the raw body). Every answer carries helmet's default headers, as a service's do.
 */
export async function startUpstream(name: string): Promise<TestUpstream> {
  const app = express();
  app.use(helmet());
  const upstream = { name, url: '', ready: true, stop: async () => {} };
  app.get('/readyz', (_req, res) => {
    res.status(upstream.ready ? 200 : 503).json({ status: upstream.ready ? 'ready' : 'not ready' });
  });
  if (isApiService(name)) {
    const document = openApiDocument(name);
    app.get(OPENAPI_PATH, (_req, res) => {
      res.json(document);
    });
  }
  app.get(/\/big$/, (_req, res) => {
    res.json({ items: Array.from({ length: 2_000 }, (_, i) => ({ id: i, name: `provider ${i}`, specialties: ['Nutrition', 'Vision'] })) });
  });
  app.use(express.text({ type: '*/*' }), (req, res) => {
    const echoed: EchoedRequest = {
      service: name,
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: typeof req.body === 'string' ? req.body : '',
      remotePort: req.socket.remotePort,
    };
    res.json(echoed);
  });
  const server = await listenOnFreePort(app);
  upstream.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  upstream.stop = () => closeServer(server);
  return upstream;
}

/** Accepts connections and never answers: an upstream that hangs. */
export async function startSilentUpstream(): Promise<{ url: string; stop: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * An upstream that drops connections the way a service that stops does: it answers the first
 * request on a connection (kept alive), and closes the connection without an answer when
 * another request comes on it (`reused`), or on every request (`all`). `requests` lists the bodies it received.
 */
export async function startDroppingUpstream(drop: 'reused' | 'all'): Promise<{ url: string; requests: string[]; stop: () => Promise<void> }> {
  const requestsOnConnection = new WeakMap<net.Socket, number>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const count = (requestsOnConnection.get(req.socket) ?? 0) + 1;
    requestsOnConnection.set(req.socket, count);
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      requests.push(body);
      if (drop === 'all' || count > 1) req.socket.destroy();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ body, count }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    requests,
    stop: () => closeServer(server),
  };
}

/** A URL on which nothing listens (connection refused). */
export async function deadUrl(): Promise<string> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

async function listenOnFreePort(app: express.Express): Promise<Server> {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
