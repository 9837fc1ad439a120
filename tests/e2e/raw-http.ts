import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string[]>;
  body: string;
  ms: number;
}

/**
 * One HTTP/1.1 request written byte for byte on a socket. Node's http client refuses the Hosts and paths
 * the sweeps are about (spaces, unicode, `@`, malformed escapes, a second port), and a browser normalises
 * them; only a raw socket sends what an attacker can.
 */
export function rawRequest(
  port: number,
  method: string,
  target: string,
  host: string | null,
  extra: Record<string, string> = {},
  body = '',
): Promise<RawResponse> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const lines = [`${method} ${target} HTTP/1.1`];
    if (host !== null) lines.push(`Host: ${host}`);
    for (const [k, v] of Object.entries(extra)) lines.push(`${k}: ${v}`);
    if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    lines.push('Connection: close', '', body);
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.setTimeout(60_000, () => socket.destroy(new Error(`timeout: ${method} ${target} Host ${host}`)));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = (split === -1 ? text : text.slice(0, split)).split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
      const headers: Record<string, string[]> = {};
      for (const line of head.slice(1)) {
        const i = line.indexOf(':');
        if (i <= 0) continue;
        const name = line.slice(0, i).trim().toLowerCase();
        (headers[name] ??= []).push(line.slice(i + 1).trim());
      }
      const raw = split === -1 ? '' : text.slice(split + 4);
      const chunked = headers['transfer-encoding']?.some((v) => v.toLowerCase().includes('chunked'));
      resolve({ status, headers, body: chunked ? unchunk(raw) : raw, ms: Date.now() - started });
    });
    socket.write(Buffer.from(lines.join('\r\n'), 'utf8'));
  });
}

/** The body of a `Transfer-Encoding: chunked` answer: size lines and trailers removed. */
function unchunk(raw: string): string {
  let out = '';
  let rest = raw;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    if (eol === -1) return out;
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}
