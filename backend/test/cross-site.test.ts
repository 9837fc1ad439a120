import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, OSS_POST_PATH } from '@contracts/paths';
import { localStorage } from '../src/storage/local-storage';
import { CROSS_SITE_REFUSED } from '../src/http/same-site';
import { envelope, startHarness, type Harness } from './harness';
import { databaseDigest, newTestUser, operationsOf, type Operation, type TestUser } from './support-users';

/**
 * Every state-changing operation the backend has — read from its own /openapi.json, so routes added later
 * (entrusts, houses, …) are in by existing — posted from another site with the victim's session cookie: each is
 * 403 跨站请求已拒绝, and afterwards no table and no stored object has changed.
 */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EVIL = 'https://evil.example';
/** The portal's and the agent desk's pages (contracts/hosts.ts): one site, two apps. */
const CITY = 'http://bj.localhost:3000';
const DESK = 'http://desk.localhost:3000';
const isDeskOperation = (op: Operation) => op.path.startsWith('/api/desk/');

let h: Harness;
let victim: TestUser;
let operations: Operation[];
beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN: 'cross-site-test-ops-token-0123' } });
  victim = await newTestUser(h);
  operations = (await operationsOf(h.app)).filter((op) => STATE_CHANGING.has(op.method));
});
afterAll(() => h?.close());

/** A concrete URL for an OpenAPI path: every `{param}` a plausible value (`1`; a channel name where one is asked). */
const urlOf = (op: Operation) => op.path.replace(/\{(\w+)\}/g, (_m, name: string) => (/channel/i.test(name) ? 'esf' : '1'));

/** The ways a page on another site makes the browser send a state-changing request with the cookie. */
const attacks = [
  {
    name: 'fetch with JSON (Origin)',
    headers: { origin: EVIL, 'content-type': 'application/json' },
    payload: '{"id":1,"key":"ub/process/u1/a.jpg"}',
  },
  {
    name: 'form, urlencoded (Origin)',
    headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'id=1&x=1',
  },
  {
    name: 'form, text/plain JSON (Referer only)',
    headers: { referer: `${EVIL}/attack.html`, 'content-type': 'text/plain' },
    payload: '{"a":"=1"}',
  },
  { name: 'sandboxed frame (Origin: null)', headers: { origin: 'null', 'content-type': 'application/json' }, payload: '{}' },
  {
    name: 'look-alike host',
    headers: { origin: 'http://bj.localhost:3000.evil.example', 'content-type': 'application/json' },
    payload: '{}',
  },
];

describe('cross-site posts to every state-changing route', () => {
  it('finds the routes in /openapi.json (not vacuous: the known ones are there)', () => {
    const paths = operations.map((op) => op.path);
    for (const known of [
      ApiPath.logout,
      ApiPath.loginByPassword,
      ApiPath.ossCallback,
      ApiPath.userAvatar,
      ApiPath.viewingBook,
      ApiPath.accountPassword,
      OSS_POST_PATH,
    ]) {
      expect(paths, known).toContain(known);
    }
    expect(operations.length).toBeGreaterThan(30);
  });

  it('answers each 403 跨站请求已拒绝 with a valid session, and nothing in the database or the object store changes', async () => {
    const store = localStorage(path.join(h.config.DATA_DIR, 'oss'));
    const objects = async () => {
      const keys: string[] = [];
      for await (const o of store.list('')) keys.push(`${o.key}@${o.modifiedAt.getTime()}`);
      return keys.sort();
    };
    const before = await databaseDigest(h);
    const objectsBefore = await objects();
    const answered: string[] = [];
    for (const op of operations) {
      for (const attack of attacks) {
        const res = await h.app.inject({
          method: op.method as 'POST',
          url: urlOf(op),
          headers: { ...victim.cookie, ...attack.headers },
          payload: attack.payload,
        });
        const label = `${op.method} ${op.path} — ${attack.name}`;
        expect(res.statusCode, label).toBe(403);
        expect(envelope(res).msg, label).toBe(CROSS_SITE_REFUSED);
        answered.push(label);
      }
    }
    expect(answered.length).toBe(operations.length * attacks.length);
    expect(await databaseDigest(h)).toEqual(before);
    expect(await objects()).toEqual(objectsBefore);
  });

  it('refuses because of where the request comes from, not for anything else: from its own app, none is 跨站请求已拒绝', async () => {
    expect(operations.filter((op) => isDeskOperation(op)).length).toBeGreaterThan(3);
    for (const op of operations) {
      // Without the session, so that nothing is changed by this control itself.
      const res = await h.app.inject({
        method: op.method as 'POST',
        url: urlOf(op),
        headers: { origin: isDeskOperation(op) ? DESK : CITY, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode, `${op.method} ${op.path}`).toBeLessThan(500);
      expect(envelope(res).msg, `${op.method} ${op.path}`).not.toBe(CROSS_SITE_REFUSED);
    }
  });

  it('keeps the portal and the agent desk apart: each refuses the other app, on the same site, as cross-site', async () => {
    for (const op of operations) {
      const res = await h.app.inject({
        method: op.method as 'POST',
        url: urlOf(op),
        headers: { ...victim.cookie, origin: isDeskOperation(op) ? CITY : DESK, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(403);
      expect(envelope(res).msg, `${op.method} ${op.path}`).toBe(CROSS_SITE_REFUSED);
    }
  });

  it('reads a %-escaped path as the router does: the desk’s calls spelt with escapes are the desk’s too', async () => {
    const desk = operations.filter(isDeskOperation);
    expect(desk.length).toBeGreaterThan(0);
    for (const op of desk) {
      const escaped = urlOf(op).replace('/api/desk/', '/api/%64esk/');
      for (const [origin, allowed] of [
        [CITY, false],
        [DESK, true],
      ] as const) {
        const res = await h.app.inject({
          method: op.method as 'POST',
          url: escaped,
          headers: { origin, 'content-type': 'application/json' },
          payload: '{}',
        });
        if (allowed) expect(envelope(res).msg, `${origin} ${escaped}`).not.toBe(CROSS_SITE_REFUSED);
        else expect([res.statusCode, envelope(res).msg], `${origin} ${escaped}`).toEqual([403, CROSS_SITE_REFUSED]);
      }
    }
  });
});
