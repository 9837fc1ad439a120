import http from 'node:http';
import { addressBlock } from '@contracts/address-block';
import { inAddressRanges, parseAddressRanges } from '@contracts/address-ranges';

/**
 * The web's connections to the backend, shared by every visitor's calls (./backend-forward.ts), and who gets the
 * next one.
 *
 * A keep-alive pool, because a new loopback connection a call was most of the forward's cost (docs/performance.md
 * "A bounded keep-alive pool"), and bounded, because an unbounded one starved new connections under overload: at 64
 * calls in flight on a cold backend its accept queue drained at 8–10 connections a second and calls on fresh sockets
 * timed out. Calls beyond the connections wait here, not in Node's agent.
 *
 * Who waits, and how long (found by an attacker's probe: one address holding all 32 connections with slow calls
 * kept every other visitor's trivial call 5 s in the agent's first-come queue, and calls queued past the browser's
 * 5 s still went to the backend and were computed for nobody):
 * - one address block (an IPv6 visitor by its /64, contracts/address-block.ts) has at most `perBlock` calls at the
 *   backend at once; its further calls wait, and a free connection goes to the blocks in turn, so a flood from one
 *   address waits behind everyone else's calls instead of in front of them. Queued rather than refused: many
 *   visitors share one IPv4 address behind a carrier's or an office's NAT, and a page fires several calls at once;
 * - one block has at most `blockCalls` calls in the forward at once (bodies being read, waiting, at the backend):
 *   the next is a 429 before its body is read, so one address cannot fill the web's memory with waiting bodies;
 * - at most `waiting` calls wait in all, and none longer than `waitMs`: then a 503 without the backend ever seeing
 *   it. What is still waiting then would reach a backend that is not keeping up anyway, after the browser has given
 *   up (spec §9: 5 s).
 */
export interface PoolLimits {
  /** Connections to the backend: calls at the backend at once. */
  sockets: number;
  /** Calls of one address block at the backend at once. */
  perBlock: number;
  /** Calls of one address block in the forward at once; beyond, a 429. */
  blockCalls: number;
  /** Calls waiting for a connection, every block together; beyond, a 503. */
  waiting: number;
  /** The longest a call waits for a connection before its 503. */
  waitMs: number;
}

/**
 * 32 connections, as measured (docs/performance.md "A bounded keep-alive pool"). 4 a block: the backend is one thread
 * on a shared machine, so a block's calls at the backend are what every other visitor's call shares it with; with a
 * flood of drawn-area searches from one address (scripts/bench-pool-flood.ts) another visitor's trivial call took
 * p50 0.76 s with 8 a block and 47 ms with 4, while the flood was answered as often. A page's own calls from the
 * browser come a few at a time (the map's base map, bubbles and list), and eight blocks, not one, are needed to hold
 * every connection. 64 a block in the forward: more than a block's calls that can be answered within the wait behind
 * the others'. 512 waiting: 16 calls a connection. 1 s: a call sent still has 4 of the browser's 5 s at the backend;
 * with 2.5 s, 91 of a flood's calls were computed and answered 504 after their wait, with 1 s 2–4.
 */
export const POOL_LIMITS: PoolLimits = { sockets: 32, perBlock: 4, blockCalls: 64, waiting: 512, waitMs: 1000 };

/**
 * Idle connections close after this, well before the backend's keep-alive timeout (Fastify's 72 s), so a call never
 * goes out on a connection the backend is closing.
 */
const IDLE_MS = 30_000;

/**
 * This machine's own callers (the tests, the benches, a health check; in production the client is never loopback with
 * the proxies configured, docs/deploy.md) keep no share, as the render budget does not count them: a bench's 64
 * connections through the web are one address.
 */
const THIS_MACHINE = parseAddressRanges('loopback');

/** Why a call gets no connection: its block is full (429), or the backend is busy (503: too many waiting, or too long). */
export type Refusal = 'block-full' | 'queue-full' | 'waited-too-long';

interface BlockState {
  /** Calls of the block at the backend at most (`perBlock`; none for this machine). */
  share: number;
  /** Calls of the block in the forward (admitted and not yet released). */
  admitted: number;
  /** Calls of the block at the backend. */
  inFlight: number;
  /** Calls of the block waiting for a connection, first come first. */
  queue: Seat[];
}

/** One call's place in the pool: admitted, then waiting or at the backend, then released. */
export class Seat {
  private state: 'admitted' | 'waiting' | 'at-backend' | 'released' = 'admitted';
  private granted?: (outcome: 'go' | Refusal | 'gone') => void;
  private timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly pool: BackendPool,
    readonly block: string,
  ) {}

  /**
   * Resolves 'go' when the call may go to the backend (at once when its block and the pool have room), or why not.
   * Called once, when the call is ready to be sent.
   */
  turn(): Promise<'go' | Refusal | 'gone'> {
    return new Promise((resolve) => {
      // Released before it was ready: its visitor left while the body was coming.
      if (this.state !== 'admitted') return resolve('gone');
      this.granted = resolve;
      this.pool.enqueue(this);
    });
  }

  /** The call is over (answered, refused, or its visitor gone): its connection or its place goes to the next. */
  release(): void {
    this.end('gone');
  }

  /** @internal the pool's side: no connection free for the call yet. */
  wait(waitMs: number): void {
    this.state = 'waiting';
    this.timer = setTimeout(() => this.end('waited-too-long'), waitMs);
  }
  /** @internal */
  go(): void {
    clearTimeout(this.timer);
    this.state = 'at-backend';
    this.settle('go');
  }
  /** @internal */
  refuse(why: Refusal): void {
    this.end(why);
  }

  /** Out of the pool; a turn still asked for is told why. */
  private end(why: Refusal | 'gone'): void {
    const was = this.state;
    if (was === 'released') return;
    this.state = 'released';
    clearTimeout(this.timer);
    this.pool.released(this, was);
    this.settle(why);
  }

  private settle(outcome: 'go' | Refusal | 'gone'): void {
    const granted = this.granted;
    this.granted = undefined;
    granted?.(outcome);
  }
}

export class BackendPool {
  /** The keep-alive connections the calls go out on; never asked for more than `limits.sockets` at once. */
  readonly agent: http.Agent;
  private readonly blocks = new Map<string, BlockState>();
  /** Blocks with calls waiting, in the order they get the next free connection. */
  private rotation: string[] = [];
  private inFlight = 0;
  private waitingCount = 0;

  constructor(readonly limits: PoolLimits = POOL_LIMITS) {
    this.agent = new http.Agent({
      keepAlive: true,
      maxSockets: limits.sockets,
      maxFreeSockets: limits.sockets,
      timeout: IDLE_MS,
    });
  }

  /**
   * A seat for a call of this client address (the one the request gate wrote), or null when its block already has
   * `blockCalls` calls in the forward.
   */
  admit(client: string | undefined): Seat | null {
    const block = client ? addressBlock(client) : 'unknown';
    const local = inAddressRanges(THIS_MACHINE, client);
    const share = local ? Infinity : this.limits.perBlock;
    const state = this.blocks.get(block) ?? { share, admitted: 0, inFlight: 0, queue: [] };
    if (!local && state.admitted >= this.limits.blockCalls) return null;
    state.admitted += 1;
    this.blocks.set(block, state);
    return new Seat(this, block);
  }

  /** Calls at the backend and waiting, for tests and the bench. */
  get load(): { inFlight: number; waiting: number; blocks: number } {
    return { inFlight: this.inFlight, waiting: this.waitingCount, blocks: this.blocks.size };
  }

  /** @internal a seat asks for its turn. */
  enqueue(seat: Seat): void {
    const state = this.blocks.get(seat.block)!;
    if (state.queue.length === 0 && state.inFlight < state.share && this.inFlight < this.limits.sockets) {
      this.start(seat, state);
      return;
    }
    if (this.waitingCount >= this.limits.waiting) {
      seat.refuse('queue-full');
      return;
    }
    seat.wait(this.limits.waitMs);
    this.waitingCount += 1;
    if (state.queue.length === 0) this.rotation.push(seat.block);
    state.queue.push(seat);
  }

  /** @internal a seat is done, from whichever state it was in. */
  released(seat: Seat, was: 'admitted' | 'waiting' | 'at-backend'): void {
    const state = this.blocks.get(seat.block);
    if (!state) return;
    state.admitted -= 1;
    if (was === 'waiting') {
      this.waitingCount -= 1;
      state.queue.splice(state.queue.indexOf(seat), 1);
      if (state.queue.length === 0) this.rotation = this.rotation.filter((b) => b !== seat.block);
    }
    if (was === 'at-backend') {
      state.inFlight -= 1;
      this.inFlight -= 1;
    }
    if (state.admitted === 0) this.blocks.delete(seat.block);
    if (was === 'at-backend') this.next();
  }

  private start(seat: Seat, state: BlockState): void {
    state.inFlight += 1;
    this.inFlight += 1;
    seat.go();
  }

  /** Free connections go to the waiting blocks in turn, each block's calls in the order they came. */
  private next(): void {
    while (this.inFlight < this.limits.sockets) {
      const index = this.rotation.findIndex((b) => this.blocks.get(b)!.inFlight < this.blocks.get(b)!.share);
      if (index < 0) return;
      const block = this.rotation[index]!;
      const state = this.blocks.get(block)!;
      const seat = state.queue.shift()!;
      this.waitingCount -= 1;
      this.rotation.splice(index, 1);
      // Its next call waits behind every other block's.
      if (state.queue.length > 0) this.rotation.push(block);
      this.start(seat, state);
    }
  }
}
