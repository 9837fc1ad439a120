/**
 * The chat's live connection (spec §4 "Live connection", §9): reconnects 3 s after an error or a close it did
 * not ask for, sends a ping when idle for 30 s, and can be paused (page hidden: closed, no reconnect) and
 * resumed (page shown: opened again). Framework-free: the widget gives it the browser's WebSocket, the fault
 * test the `ws` package's.
 */

/** What the connection needs of a WebSocket (the browser's and `ws`'s both have it). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type LiveState = 'connecting' | 'open' | 'waiting' | 'paused' | 'stopped';

export interface LiveConnectionOptions {
  /** Opens a socket to the live URL (`/api/register?appId&userId&endType=2`). */
  open(): SocketLike;
  /** Every frame's text. */
  onFrame(text: string): void;
  /** Each time the socket opens (first time and every reconnect): the time to fetch what was missed. */
  onOpen(): void;
  /** A close the service meant as final (4001 logged out): no reconnect. */
  onEnded?(code: number): void;
  /**
   * A socket closed without ever opening: the network, or the service refusing the upgrade (a browser cannot see
   * the 401 or 403 it answered). It is tried again after the delay all the same.
   */
  onUnopened?(): void;
  onState?(state: LiveState): void;
  reconnectMs?: number;
  pingMs?: number;
}

/** spec §9. */
export const RECONNECT_MS = 3_000;
export const CLIENT_PING_MS = 30_000;
export const PING_FRAME = JSON.stringify({ messageType: 0, content: 'Ping' });
/**
 * Close codes after which the client does not reconnect by itself: logged out (hub.ts LOGGED_OUT_CLOSE) and the
 * login no longer holding (SESSION_ENDED_CLOSE); the widget then asks who is logged in now.
 */
const FINAL_CLOSES = new Set([4001, 4003]);

export class LiveConnection {
  private socket: SocketLike | null = null;
  private state: LiveState = 'stopped';
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly reconnectMs: number;
  private readonly pingMs: number;

  constructor(private readonly options: LiveConnectionOptions) {
    this.reconnectMs = options.reconnectMs ?? RECONNECT_MS;
    this.pingMs = options.pingMs ?? CLIENT_PING_MS;
  }

  get current(): LiveState {
    return this.state;
  }

  start(): void {
    if (this.state === 'open' || this.state === 'connecting') return;
    this.connect();
  }

  /** The page is hidden: the socket closes and stays closed until resume(). */
  pause(): void {
    if (this.state === 'stopped') return;
    this.shut('paused');
  }

  resume(): void {
    if (this.state === 'paused' || this.state === 'waiting') {
      clearTimeout(this.reconnectTimer);
      this.connect();
    }
  }

  /** Logged out or the session is invalid (spec §8): closed for good. */
  stop(): void {
    this.shut('stopped');
  }

  /** Drops the socket as a network failure would (the fault test): it reconnects after the delay. */
  drop(): void {
    this.socket?.close(4000, 'dropped');
  }

  private setState(state: LiveState): void {
    this.state = state;
    this.options.onState?.(state);
  }

  private shut(state: 'paused' | 'stopped'): void {
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    this.setState(state);
    if (socket) {
      socket.onclose = null;
      socket.onerror = null;
      socket.onmessage = null;
      socket.close(1000, state);
    }
  }

  private connect(): void {
    this.setState('connecting');
    let socket: SocketLike;
    try {
      socket = this.options.open();
    } catch {
      this.retryLater();
      return;
    }
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      opened = true;
      this.setState('open');
      this.idle();
      this.options.onOpen();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.idle();
      this.options.onFrame(typeof event.data === 'string' ? event.data : String(event.data));
    };
    // An error is followed by a close; the close decides.
    socket.onerror = () => {};
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearTimeout(this.pingTimer);
      if (FINAL_CLOSES.has(event.code)) {
        this.setState('stopped');
        this.options.onEnded?.(event.code);
        return;
      }
      if (!opened) this.options.onUnopened?.();
      this.retryLater();
    };
  }

  private retryLater(): void {
    this.setState('waiting');
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), this.reconnectMs);
  }

  /** Any frame in or out is activity; after `pingMs` without one the client pings. */
  private idle(): void {
    clearTimeout(this.pingTimer);
    this.pingTimer = setTimeout(() => {
      if (this.socket && this.socket.readyState === 1) this.socket.send(PING_FRAME);
      this.idle();
    }, this.pingMs);
  }
}
