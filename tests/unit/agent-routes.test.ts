import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentPath, h5AgentPath } from '@/lib/agent-paths';
import { pageTagsOf } from '@/lib/front/page-cache/page-tags';
import { h5Route } from '@/lib/redirect-rules';

/** Agent pages (spec §2 "Agent pages"): their addresses, the /h5/agent rewrite and their cache tags. */

const saved = { ...process.env };
beforeAll(() => {
  Object.assign(process.env, {
    PORT: '3000',
    PORTAL_ROOT_DOMAIN: 'localhost:3000',
    BACKEND_URL: 'http://127.0.0.1:9',
    DEFAULT_CITY: 'bj',
  });
});
afterAll(() => {
  process.env = saved;
});

describe('agent addresses', () => {
  it('names the page, its tabs and their later pages (page 1 has no number)', () => {
    expect(agentPath(12)).toBe('/agent/12');
    expect(agentPath(12, 'esf')).toBe('/agent/12/esf');
    expect(agentPath(12, 'zufang', 1)).toBe('/agent/12/zufang');
    expect(agentPath(12, 'zufang', 3)).toBe('/agent/12/zufang/3');
    expect(h5AgentPath(12)).toBe('/h5/agent?agentId=12');
  });
});

describe('h5Route (spec §2 fixed route /h5/agent)', () => {
  const q = (s: string) => new URLSearchParams(s);
  it('serves /h5/agent?agentId=12 as the cached route of agent 12, whatever else the query says', () => {
    expect(h5Route('/h5/agent', q('agentId=12'))).toBe('/h5/agent/12');
    expect(h5Route('/h5/agent/', q('agentId=12&from=wx'))).toBe('/h5/agent/12');
  });
  it.each([
    '',
    'agentId=',
    'agentId=0',
    'agentId=012',
    'agentId=abc',
    'agentId=1.5',
    'agentId=-1',
    'agentId=12345678901',
    'agentId=1&agentId=2',
    'agentid=1',
  ])('leaves ?%s alone (the 404 page)', (query) => expect(h5Route('/h5/agent', q(query))).toBeNull());
  it('touches no other path', () => {
    expect(h5Route('/agent/12', q('agentId=12'))).toBeNull();
    expect(h5Route('/h5/agentx', q('agentId=12'))).toBeNull();
  });
  it('never rewrites to anything but /h5/agent/{digits}', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const out = h5Route('/h5/agent', new URLSearchParams({ agentId: value }));
        if (out !== null) expect(out).toMatch(/^\/h5\/agent\/[1-9]\d{0,9}$/);
      }),
      { seed: 8, numRuns: 2000 },
    );
  });
  it('is applied by the proxy, without the query', async () => {
    const { proxy } = await import('@/proxy');
    const res = await proxy(
      new NextRequest(new URL('/h5/agent?agentId=7&x=1', 'http://127.0.0.1:8123'), {
        headers: new Headers({ host: 'bj.localhost:3000' }),
      }),
    );
    const u = new URL(res.headers.get('x-middleware-rewrite') ?? 'http://none/');
    expect(`${u.pathname}${u.search}`).toBe('/bj/h5/agent/7');
  });
});

describe('agent page tags', () => {
  it('tags every page of an agent, and their h5 card, with the agent and the lists they show', () => {
    const tags = ['city:bj', 'agent:12', 'list:esf:bj', 'list:rent:bj'];
    expect(pageTagsOf('/bj/agent/12')).toEqual(tags);
    expect(pageTagsOf('/bj/agent/12/zufang/3')).toEqual(tags);
    expect(pageTagsOf('/bj/h5/agent/12')).toEqual(tags);
    expect(pageTagsOf('/bj/agent/x')).toEqual(['city:bj']);
  });
});
