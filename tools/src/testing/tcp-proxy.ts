import net from 'node:net';

/**
 * A TCP proxy a test controls, to cut a real connection (to the broker, say) and bring it back.
 * `cut()` drops every open connection and refuses new ones; `restore()` accepts again on the same port.
 * `stall()` keeps the connections open but passes no bytes either way (a server that stopped
 * answering); `unstall()` passes them again.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private readonly clients = new Set<net.Socket>();
  private readonly pairs = new Map<net.Socket, net.Socket>();
  private stalled = false;
  port = 0;

  stall(): void {
    this.stalled = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream).pause();
      upstream.unpipe(client).pause();
    }
  }

  unstall(): void {
    this.stalled = false;
    for (const [client, upstream] of this.pairs) client.pipe(upstream).pipe(client);
  }

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<this> {
    await this.listen(0);
    return this;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Client connections open through the proxy now. */
  get openConnections(): number {
    return this.clients.size;
  }

  async restore(): Promise<void> {
    if (!this.server) await this.listen(this.port);
  }

  async stop(): Promise<void> {
    await this.cut();
  }

  private listen(port: number): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      this.clients.add(client);
      this.pairs.set(client, upstream);
      client.on('close', () => {
        this.clients.delete(client);
        this.pairs.delete(client);
        upstream.destroy();
      });
      upstream.on('close', () => client.destroy());
      if (this.stalled) client.pause();
      else client.pipe(upstream).pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        if (address && typeof address === 'object') this.port = address.port;
        resolve();
      });
    });
  }
}

/** A proxy to the host and port of an amqp:// URL, and the same URL pointed through it. */
export async function proxyFor(url: string): Promise<{ proxy: TcpProxy; url: string }> {
  const parsed = new URL(url);
  const proxy = await new TcpProxy(parsed.hostname, Number(parsed.port || 5672)).start();
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return { proxy, url: parsed.toString() };
}
