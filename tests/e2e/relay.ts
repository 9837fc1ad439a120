import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay to the test backend that a test can cut: while cut it accepts connections and never answers (the
 * worst kind of down: nothing fails fast), and drops the connections it was relaying, keep-alive ones included.
 */
export class BackendRelay {
  private server: Server | undefined;
  private up = true;
  private readonly relayed = new Set<Socket>();
  private readonly held = new Set<Socket>();
  /** Calls made to the cut backend, in order: the request line, and whether the caller has given up on it. */
  readonly heldCalls: { request: string; givenUp: boolean }[] = [];

  constructor(private readonly backendPort: number) {}

  async start(): Promise<number> {
    this.server = createServer((client) => {
      client.on('error', () => client.destroy());
      if (!this.up) {
        this.held.add(client);
        const call = { request: '', givenUp: false };
        this.heldCalls.push(call);
        client.once('data', (data) => (call.request = String(data).split('\r\n', 1)[0]!));
        client.on('close', () => {
          this.held.delete(client);
          call.givenUp = true;
        });
        return;
      }
      const upstream = connect(this.backendPort, '127.0.0.1');
      upstream.on('error', () => client.destroy());
      for (const s of [client, upstream]) {
        this.relayed.add(s);
        s.on('close', () => this.relayed.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server!.address() as { port: number }).port;
  }

  cut(): void {
    this.up = false;
    for (const s of this.relayed) s.destroy();
  }

  restore(): void {
    this.up = true;
    for (const s of this.held) s.destroy();
  }

  async stop(): Promise<void> {
    for (const s of [...this.relayed, ...this.held]) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
