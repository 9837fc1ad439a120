import http, { type IncomingHttpHeaders } from 'node:http';

export interface LocalAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** As sent: not decompressed. */
  body: Buffer;
}

/**
 * A GET to a server on this machine with the headers given, Host included: Node's fetch drops a custom Host header,
 * and the web would then take the call for a bare-root visit and redirect it. Used by the benches.
 */
export function getLocal(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<LocalAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
