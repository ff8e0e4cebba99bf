import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { closeServer } from './service';

async function startServer(): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer((_request, response) => response.end('ok'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as net.AddressInfo).port };
}

/** Sends one GET on `socket` and resolves with the whole answer, or rejects if the connection is cut. */
function getOn(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
  });
}

it('answers a connection it accepted before stopping, even if its request arrives after the stop', async () => {
  const { server, port } = await startServer();
  const accepted = once(server, 'connection');
  const socket = net.connect(port, '127.0.0.1');
  await accepted;
  const closed = closeServer(server);
  await expect(getOn(socket)).resolves.toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nok$/);
  await closed;
});

it('closes a kept-alive connection once it falls idle, and stops', async () => {
  const { server, port } = await startServer();
  const agent = new http.Agent({ keepAlive: true });
  const first = await fetchText(port, agent);
  expect(first).toBe('ok');
  const started = Date.now();
  await closeServer(server, 10_000);
  // Well before the 10 s grace: the idle kept-alive socket did not hold the stop.
  expect(Date.now() - started).toBeLessThan(2_000);
  agent.destroy();
});

function fetchText(port: number, agent: http.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, agent }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}
