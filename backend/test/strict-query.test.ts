import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@contracts/paths';
import { envelope, startHarness, type Harness } from './harness';

/**
 * A GET takes exactly the query its contract names. Before, `/v1/cities` took any key: 4,000 made-up keys in 2.6 s
 * were 4,000 public answers with addresses of their own, each a new entry of the web's shared-answer cache, and
 * pushed every kept suggestion out of it.
 */

const TOKEN = 'strict-query-test-ops-token-0123456789';
let h: Harness;
let paths: { path: string; params: string[] }[] = [];
beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN: TOKEN } });
  await h.app.ready();
  const doc = (await h.app.inject({ method: 'GET', url: ApiPath.openapi })).json<{
    paths: Record<string, { get?: { parameters?: { in: string; name: string }[] } }>;
  }>();
  paths = Object.entries(doc.paths).flatMap(([path, item]) =>
    item.get ? [{ path, params: (item.get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name) }] : [],
  );
});
afterAll(() => h?.close());

describe('query keys', () => {
  it('a key /v1/cities does not name is a 400 naming it, and the answer is not one a cache may keep', async () => {
    const res = await h.app.inject({ method: 'GET', url: `${ApiPath.cities}?cachebuster=1` });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toContain('cachebuster');
    expect(String(res.headers['cache-control'] ?? '')).not.toMatch(/public/);
    expect((await h.app.inject({ method: 'GET', url: ApiPath.cities })).statusCode).toBe(200);
  });

  it('every GET of /openapi.json refuses a key it does not name, whatever else is missing', async () => {
    expect(paths.length).toBeGreaterThan(40);
    const taken: string[] = [];
    for (const { path, params } of paths) {
      // A union of channels is chosen by its channelCode before its keys are checked.
      const channel = params.includes('channelCode') ? 'channelCode=esf&' : '';
      const url = `${path.replace(/\{[^}]+\}/g, '1')}?${channel}zz_unnamed=1`;
      const res = await h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } });
      if (res.statusCode !== 400 || !res.body.includes('zz_unnamed')) taken.push(`${path} → ${res.statusCode}`);
    }
    expect(taken).toEqual([]);
  });
});
