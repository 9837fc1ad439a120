/**
 * Input sweep (docs/security.md: hostile input is a 4xx, never a 500): every operation the OpenAPI document lists (path × method) gets bad input — each
 * required field missing, wrong types, NUL in every string, 10k-character strings, contact details (mobiles,
 * WeChat and QQ ids) in every text, out-of-range numbers
 * (2147483648, -1, 1e309, NaN …), deep JSON (10k nested arrays), invalid JSON, bodies that are not JSON,
 * a body over the limit, huge and malformed path parameters, other methods — then fast-check adds random
 * field values per operation and random junk paths with malformed %-escapes and odd methods.
 *
 * Every answer must be below 500, in the envelope (a failure: numeric code, succeed false, a message, data
 * null; a success: code 200, succeed true — except /openapi.json, the document itself), take less than a
 * second, and carry no seeded agent's mobile (拨打电话 gives a virtual number; no answer has the real one).
 *
 * Normal runs use a fixed seed and SWEEP_RUNS=15 random cases per operation (and 20× that many junk paths);
 * a longer hunt:
 *   SWEEP_RUNS=2000 npx vitest run --project backend backend/test/sweep.test.ts
 * SWEEP_SEED=<n> runs another seed; fast-check prints the seed and the shrunk input of a failure.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { ne } from 'drizzle-orm';
import { API_BODY_LIMIT } from '@contracts/constants';
import { ApiPath, DESK_COOKIE } from '@contracts/paths';
import { UPLOAD_PIXELS_MESSAGE } from '@contracts/upload';
import { agents } from '../src/db/schema';
import { envelope, startHarness, type Harness } from './harness';
import { pixelBombs, uploadSteps } from './support-images';
import { newTestUser } from './support-users';

const RUNS = Number(process.env.SWEEP_RUNS ?? 15);
const SEED = Number(process.env.SWEEP_SEED ?? 20261105);
/** Per test: generous for the long mode, where thousands of requests run, and for a busy 2-core machine (every route is swept). */
const TIMEOUT = Math.max(180_000, RUNS * 1000);

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  minimum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
interface Field {
  name: string;
  schema: JsonSchema;
  required: boolean;
}
interface Operation {
  method: 'GET' | 'POST';
  /** OpenAPI form: `/yjyz.web.api/v1/esf/detail/{id}`. */
  path: string;
  /** Query fields (GET) or body fields (POST). */
  fields: Field[];
  hasBody: boolean;
  pathParams: string[];
}

interface Req {
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** Text, or bytes (a multipart image). */
  payload?: string | Buffer;
}

let h: Harness;
let operations: Operation[] = [];
/** Every seeded agent's mobile: none may be in any answer. */
let agentMobiles = new Set<string>();
/** An agent who can be contacted: the valid `agentId`, so that 拨打电话's valid case is given a number and scanned. */
let availableAgentId = 1;
let cases = 0;
let ipSeq = 0;
let started = 0;

/** The operator routes answer 403 without a token set: the sweep sets one and sends it, so their input is swept. */
const OPS_TOKEN = 'sweep-ops-token-0123456789';
// Every operator route lives under one prefix (`/internal.api/v1/ops/`): new ones are swept with the token by existing.
const OPS_PREFIX = ApiPath.opsListing.slice(0, ApiPath.opsListing.lastIndexOf('/') + 1);
const isOpsUrl = (url: string) => url.startsWith(OPS_PREFIX);

beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN } });
  const agentRows = await h.database.db
    .select({ id: agents.id, mobile: agents.mobile, status: agents.status })
    .from(agents)
    .orderBy(agents.id);
  agentMobiles = new Set(agentRows.map((r) => r.mobile));
  availableAgentId = agentRows.find((r) => r.status === 1)!.id;
  const doc = (await h.app.inject(ApiPath.openapi)).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const params = op.parameters ?? [];
      const body = op.requestBody?.content['application/json']?.schema;
      const fields = body
        ? Object.entries(body.properties ?? {}).map(([name, schema]) => ({
            name,
            schema,
            required: body.required?.includes(name) ?? false,
          }))
        : params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema, required: p.required ?? false }));
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        fields,
        hasBody: method === 'post',
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
      };
    }),
  );
  started = performance.now();
});
afterAll(async () => {
  console.info(
    `sweep: ${cases} requests in ${((performance.now() - started) / 1000).toFixed(1)} s (SWEEP_RUNS=${RUNS}, seed ${SEED})`,
  );
  await h?.close();
});

/** The CPU time each request of the running test took (checked after it, below). */
const timings: { ms: number; label: string }[] = [];

// Every test's own requests within 1 s of CPU time each (no input makes the backend work much harder). Checked after
// each test over its own requests, so every test carries the check and none depends on another having run first.
// Work, not the clock: a busy machine makes requests wait, not work more, while an input that costs far more work
// (a pathological regex, an unbounded query, an image decode) shows at any load.
afterEach(() => {
  const slow = timings.filter((t) => t.ms > 1000).map((t) => `${t.ms.toFixed(0)} ms CPU: ${t.label}`);
  timings.length = 0;
  expect(slow, slow.slice(0, 10).join('\n')).toEqual([]);
});

/** Sends one request and checks the answer; each request has its own client address, so no rate limit answers for all. */
async function probe(req: Req): Promise<LightMyRequestResponse> {
  cases++;
  const headers = {
    'x-forwarded-for': `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}`,
    ...(isOpsUrl(req.url) ? { authorization: `Bearer ${OPS_TOKEN}` } : {}),
    ...req.headers,
  };
  // CPU time of this process (every thread: the app, PGlite, libuv's pool), not the clock: the sweep sends one request
  // at a time, so the difference is this request's work, which a busy machine does not inflate.
  const cpuBefore = process.cpuUsage();
  const res = await h.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  const cpu = process.cpuUsage(cpuBefore);
  const ms = (cpu.user + cpu.system) / 1000;
  const label = `${req.method} ${req.url.slice(0, 200)} ${JSON.stringify(req.headers ?? {})} ${typeof req.payload === 'string' ? req.payload.slice(0, 200) : req.payload ? `<${req.payload.length} bytes>` : ''}`;
  expect(res.statusCode, label).toBeLessThan(500);
  timings.push({ ms, label });
  const mobiles = [...res.body.matchAll(/(?<!\d)1[3-9]\d{9}(?!\d)/g)].map((m) => m[0]).filter((m) => agentMobiles.has(m));
  expect(mobiles, `${label}: an agent's mobile`).toEqual([]);
  // HEAD answers carry no body; /oss answers files; a sitemap that exists is XML or gzip (modules/sitemap), its failures the envelope.
  const path = req.url.split(/[?#]/)[0]!;
  const sitemap = (path === ApiPath.sitemapIndex || path === ApiPath.sitemapFile) && res.statusCode === 200;
  // The operator's report page answers HTML to the operator (its refusals are the envelope).
  const reportPage = path === ApiPath.opsStatsPage && res.statusCode === 200;
  if (reportPage) expect(res.headers['content-type'], label).toMatch(/^text\/html/);
  if (req.method === 'HEAD' || sitemap || reportPage || res.headers['content-type']?.toString().startsWith('image/')) return res;
  let body: unknown;
  expect(() => (body = JSON.parse(res.body)), label).not.toThrow();
  if (res.statusCode >= 200 && res.statusCode < 300) {
    // The one answer outside the envelope by design: the OpenAPI document itself.
    if (req.url.split(/[?#]/)[0] === ApiPath.openapi) expect(body, label).toHaveProperty('openapi');
    else expect(body, label).toMatchObject({ code: 200, succeed: true, msg: expect.any(String) });
  } else {
    expect(body, label).toEqual({ code: expect.any(Number), succeed: false, msg: expect.any(String), data: null });
    expect((body as { msg: string }).msg.length, label).toBeGreaterThan(0);
  }
  return res;
}

/** A value that passes the field's schema, so that a case breaks one field at a time. */
function validValue(field: Field): unknown {
  const s = field.schema;
  if (field.name === 'cityCode') return '110000';
  if (field.name === 'agentId') return availableAgentId;
  if (s.enum) return s.enum[0];
  if (s.pattern?.startsWith('^1[3-9]')) return `137${String(ipSeq).padStart(8, '0').slice(-8)}`;
  if (s.pattern) return '123456';
  if (s.type === 'string') return 'a'.repeat(Math.max(1, s.minLength ?? 1) + (field.name === 'password' ? 5 : 0));
  if (s.type === 'integer' || s.type === 'number') return Math.max(1, s.minimum ?? 1);
  if (s.type === 'array') return [1];
  return 'x';
}

function validValues(op: Operation): Record<string, unknown> {
  return Object.fromEntries(op.fields.filter((f) => f.required).map((f) => [f.name, validValue(f)]));
}

/** The path with its parameters filled (`{id}` → 1, `{channel}` → esf unless given). */
function urlOf(op: Operation, param?: string): string {
  return op.pathParams.reduce((p, name) => p.replace(`{${name}}`, param ?? (name === 'channel' ? 'esf' : '1')), op.path);
}

/** %-encodes what encodeURIComponent can; a lone surrogate becomes the bytes a careless client would send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** GET: raw query text, so that `%00`, repeated keys and malformed escapes can be sent as they are. */
function queryRequest(op: Operation, values: Record<string, unknown>, rawPairs: string[] = [], param?: string): Req {
  const pairs = Object.entries(values).flatMap(([k, v]) =>
    Array.isArray(v) ? v.map((x) => `${encode(k)}=${encode(String(x))}`) : [`${encode(k)}=${encode(String(v))}`],
  );
  const query = [...pairs, ...rawPairs].join('&');
  return { method: op.method, url: query ? `${urlOf(op, param)}?${query}` : urlOf(op, param) };
}

/** POST: a JSON body; `raw` values are spliced in as JSON text (1e309, NaN and deep nesting have no JSON.stringify form). */
function bodyRequest(op: Operation, values: Record<string, unknown>, raw: Record<string, string> = {}, param?: string): Req {
  const parts = [
    ...Object.entries(values).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`),
    ...Object.entries(raw).map(([k, v]) => `${JSON.stringify(k)}:${v}`),
  ];
  return {
    method: op.method,
    url: urlOf(op, param),
    headers: { 'content-type': 'application/json' },
    payload: `{${parts.join(',')}}`,
  };
}

const requestOf = (op: Operation, values: Record<string, unknown>) =>
  op.hasBody ? bodyRequest(op, values) : queryRequest(op, values);

const TEN_K = 'x'.repeat(10_000);
const DEEP_ARRAY = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
/** Bad values for any field, as JSON values. */
/**
 * Contact details as free text carries them (contracts/contact-details.ts): no route may take them into a public
 * field; backend/test/public-text.test.ts checks each public field refuses them and stores nothing.
 */
const CONTACT_TEXTS = [
  '联系我看房 13912345678 微信同号 加V优惠',
  '看房打一三九一二三四五六七八',
  '微信youju2026',
  'QQ 12345678',
  '１３９-１２３４-５６７８',
];
const BAD_JSON_VALUES: unknown[] = [
  null,
  true,
  false,
  {},
  [],
  [[1]],
  { a: 1 },
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  TEN_K,
  '\ud800',
  '😀'.repeat(60),
  2147483648,
  -1,
  0,
  1.5,
  -0.5,
  Number.MAX_SAFE_INTEGER + 2,
  'NaN',
  'Infinity',
  '1e309',
  '2147483648',
  '-1',
  '0x10',
  '١٢',
  '../../etc/passwd',
  "'; drop table users; --",
  '%00',
  '%zz',
  ...CONTACT_TEXTS,
];
/** JSON text with no JSON.stringify form, spliced into bodies. */
const BAD_RAW_JSON = ['1e309', '-1e309', '1e-400', '123456789012345678901234567890', DEEP_ARRAY, `"${'\\u0000'.repeat(3)}"`];
/** Bad query values, already %-encoded or raw. */
const BAD_QUERY_TEXT = [
  ...CONTACT_TEXTS.map(encode),
  '',
  '%00',
  'a%00b',
  '%zz',
  '%E6',
  '%',
  encode(TEN_K),
  '2147483648',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '1.5',
  '0x10',
  '%ED%A0%80',
  '+',
  '%20',
  '[]',
  '{}',
  'true',
  'null',
  '1,2,3,4,5,6,7,8,9',
  `1${',1'.repeat(5000)}`,
];

// Thousands of requests a test, more with each new operation: the limit is a hang guard, also at load 25 on two cores.
describe('sweep over /openapi.json', { timeout: 900_000 }, () => {
  it('lists the known operations (so that the sweep below cannot pass on an empty list)', () => {
    // The mobile scan of every answer has mobiles to look for.
    expect(agentMobiles.size).toBeGreaterThan(0);
    const names = operations.map((op) => `${op.method} ${op.path}`);
    expect(names.length).toBeGreaterThan(20);
    expect(names).toEqual(
      expect.arrayContaining([
        `POST ${ApiPath.logout}`,
        `POST ${ApiPath.loginByPassword}`,
        `GET ${ApiPath.esfList}`,
        `POST ${ApiPath.esfList}`,
        `GET ${ApiPath.esfDetail}/{id}`,
        `GET ${ApiPath.recommends}`,
        `GET ${ApiPath.dictionary}`,
        `POST ${ApiPath.dictionary}`,
        `GET ${ApiPath.cacheChanges}`,
        `POST ${ApiPath.opsListing}/{channel}/{id}`,
        `GET ${ApiPath.agentDetail}/{id}`,
        `GET ${ApiPath.agentEsf}`,
        `POST ${ApiPath.agentRent}`,
        `POST ${ApiPath.opsAgent}/{id}`,
        `GET ${ApiPath.projectReviews}`,
        `GET ${ApiPath.projectReviewMine}`,
        `POST ${ApiPath.projectReviewAdd}`,
        `POST ${ApiPath.projectReviewDelete}`,
        `POST ${ApiPath.viewingBook}`,
        `GET ${ApiPath.viewingMine}`,
        `POST ${ApiPath.viewingMine}`,
        `POST ${ApiPath.viewingCancel}`,
        `POST ${ApiPath.opsViewing}/{id}`,
        `POST ${ApiPath.trackingView}`,
        `POST ${ApiPath.trackingContact}`,
        `POST ${ApiPath.opsStats}`,
        `POST ${ApiPath.opsStatsMaintain}`,
        `GET ${ApiPath.opsStatsPage}`,
        `GET ${ApiPath.priceHistory}`,
        `POST ${ApiPath.priceHistory}`,
        `GET ${ApiPath.priceCuts}`,
        `GET ${ApiPath.lookhouse}`,
        `POST ${ApiPath.lookhouse}`,
        `GET ${ApiPath.newsList}`,
        `POST ${ApiPath.newsList}`,
        `GET ${ApiPath.newsDetail}/{id}`,
        `POST ${ApiPath.opsNews}`,
        `POST ${ApiPath.opsNews}/{id}`,
        `POST ${ApiPath.opsNews}/{id}/takedown`,
        `POST ${ApiPath.mapBasemap}`,
        `POST ${ApiPath.mapBubbles}`,
        `POST ${ApiPath.mapRecommends}`,
        `POST ${ApiPath.mapArea}`,
        `POST ${ApiPath.mapCommute}`,
        `POST ${ApiPath.mapNearby}`,
      ]),
    );
    expect(operations.find((op) => op.method === 'GET' && op.path === ApiPath.esfList)?.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['cityCode', 'keyword', 'districtId']),
    );
    expect(
      operations.find((op) => op.method === 'POST' && op.path === ApiPath.loginByPassword)?.fields.map((f) => f.name),
    ).toEqual(['mobile', 'password']);
  });

  it('reaches the operator route past its guard (the token is sent), so its input is swept and not only its 401', async () => {
    const op = operations.find((o) => o.path === `${ApiPath.opsListing}/{channel}/{id}`)!;
    expect(op.fields.map((f) => f.name)).toEqual(['price']);
    expect((await probe(requestOf(op, validValues(op)))).statusCode).toBe(200);
    expect((await probe(requestOf(op, {}))).statusCode).toBe(400);
  });

  it(
    'answers every field missing, mistyped, with NUL, too long or out of range',
    async () => {
      let broken = 0;
      for (const op of operations) {
        const valid = validValues(op);
        await probe(requestOf(op, valid));
        for (const field of op.fields) {
          const others = { ...valid };
          delete others[field.name];
          if (field.required) {
            const res = await probe(requestOf(op, others));
            expect(res.statusCode, `${op.method} ${op.path} without ${field.name}`).toBe(400);
            broken++;
          }
          if (op.hasBody) {
            for (const bad of BAD_JSON_VALUES) await probe(bodyRequest(op, { ...others, [field.name]: bad }));
            for (const raw of BAD_RAW_JSON) await probe(bodyRequest(op, others, { [field.name]: raw }));
          } else {
            for (const bad of BAD_QUERY_TEXT) await probe(queryRequest(op, others, [`${field.name}=${bad}`]));
            // Repeated key: an array where a single value is expected.
            await probe(queryRequest(op, others, [`${field.name}=1`, `${field.name}=2`]));
          }
        }
      }
      expect(broken).toBeGreaterThan(5);
    },
    TIMEOUT,
  );

  it(
    'answers bodies that are not valid JSON objects, not JSON at all, or too large',
    async () => {
      const bodies = [
        '{',
        '{"a":',
        'nul',
        '\u0000',
        '[',
        ']',
        '"',
        '{"a":1,}',
        "{'a':1}",
        DEEP_ARRAY,
        `{"a":${DEEP_ARRAY}}`,
        `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
        '[]',
        '"text"',
        '42',
        'null',
        'true',
        '{"__proto__":{"polluted":1}}',
        '{"constructor":{"prototype":{"polluted":1}}}',
        '\ufeff{}',
        ' '.repeat(1000),
      ];
      const types = [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'text/html',
        'application/json; charset=utf-16',
        'application/jsonx',
        'application/json, text/plain',
        '',
        'ÿ',
        '*/*',
        'application/octet-stream',
      ];
      for (const op of operations.filter((o) => o.hasBody)) {
        const url = urlOf(op);
        for (const payload of bodies)
          await probe({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
        for (const type of types)
          await probe({ method: 'POST', url, headers: { 'content-type': type }, payload: 'cityCode=110000&mobile=13800138000' });
        const big = await probe({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ cityCode: 'x'.repeat(API_BODY_LIMIT) }),
        });
        expect(big.statusCode).toBe(413);
        expect(big.json()).toMatchObject({ code: 413 });
      }
      expect(Object.getPrototypeOf({}).polluted).toBeUndefined();
    },
    TIMEOUT,
  );

  it(
    'answers huge and malformed path parameters and every other method',
    async () => {
      const params = [
        '0',
        '-1',
        '2147483648',
        '1e309',
        'NaN',
        '1.5',
        'abc',
        '%00',
        '%E6',
        '%zz',
        '%',
        '..',
        '%2e%2e',
        '1'.repeat(101),
        '9'.repeat(10_000),
        encode(TEN_K),
      ];
      const withParams = operations.filter((op) => op.pathParams.length > 0);
      expect(withParams.length).toBeGreaterThan(0);
      for (const op of withParams) for (const param of params) await probe({ method: op.method, url: urlOf(op, param) });
      const paths = [...new Set(operations.map((op) => urlOf(op)))];
      for (const url of paths) {
        for (const method of ['TRACE', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'PROPFIND', 'MKCOL', 'LOCK', 'SEARCH', 'HEAD'])
          await probe({ method, url });
        await probe({ method: 'QUERY', url });
        await probe({ method: 'QUERY', url, headers: { 'content-type': 'application/json' }, payload: '{}' });
      }
    },
    TIMEOUT,
  );

  it(
    'answers random field values on every operation (fast-check)',
    async () => {
      const anyValue = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 80 }),
        fc.string({ unit: fc.constantFrom('\u0000', '%', 'z', '1', '9', ',', ' ', 'E', '6', '-', '.', 'e'), maxLength: 30 }),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 8 }),
        fc.constantFrom(...BAD_JSON_VALUES.filter((v) => v !== TEN_K)),
        fc.object({ maxDepth: 2, maxKeys: 3 }),
      );
      for (const op of operations) {
        const known = op.fields.map((f) => f.name);
        const values = fc.dictionary(
          fc.oneof(fc.constantFrom(...(known.length ? known : ['x'])), fc.string({ maxLength: 8 })),
          anyValue,
          { maxKeys: Math.max(3, known.length) },
        );
        await fc.assert(
          fc.asyncProperty(values, async (input) => {
            // Query strings carry text only: objects and nulls become their JSON text.
            const asQuery = Object.fromEntries(
              Object.entries(input).map(([k, v]) => [
                k,
                typeof v === 'object' && v !== null && !Array.isArray(v) ? JSON.stringify(v) : v,
              ]),
            );
            await probe(
              op.hasBody
                ? bodyRequest(op, { ...validValues(op), ...input })
                : queryRequest(op, { ...validValues(op), ...asQuery }),
            );
          }),
          { seed: SEED, numRuns: RUNS },
        );
      }
    },
    TIMEOUT,
  );

  it(
    'answers random junk paths with malformed %-escapes and odd methods (fast-check)',
    async () => {
      const prefixes = [
        '/',
        '/yjyz.web.api/',
        '/yjyz.web.api/v1/',
        `${ApiPath.esfDetail}/`,
        '/sso/',
        '/oss/',
        '/oss/seed/',
        '/healthz',
        '/openapi.json',
        `${ApiPath.opsListing}/`,
        `${ApiPath.opsListing}/esf/`,
        ApiPath.cacheChanges,
      ];
      const hex = fc.constantFrom(...'0123456789abcdefABCDEFzZ%');
      const piece = fc.oneof(
        fc.string({ unit: fc.constantFrom(..."abcxyz019-._~!$&'()*+,;=:@/?#[]"), maxLength: 12 }),
        fc.tuple(hex, hex).map(([a, b]) => `%${a}${b}`),
        hex.map((a) => `%${a}`),
        fc.constantFrom('%', '%00', '%E6', '%E6%9C', '%C0%AF', '%ED%A0%80', '%FF', '..', '//', '/./', '%2e%2e/', '%252e'),
        fc.integer({ min: 0, max: 20_000 }).map((n) => 'a'.repeat(n)),
      );
      const method = fc.constantFrom(
        'GET',
        'POST',
        'HEAD',
        'PUT',
        'DELETE',
        'PATCH',
        'OPTIONS',
        'TRACE',
        'PROPFIND',
        'MKCOL',
        'COPY',
        'MOVE',
        'LOCK',
        'UNLOCK',
        'SEARCH',
        'QUERY',
        'PURGE',
        'REPORT',
      );
      await fc.assert(
        fc.asyncProperty(method, fc.constantFrom(...prefixes), fc.array(piece, { maxLength: 6 }), async (m, prefix, pieces) => {
          await probe({ method: m, url: prefix + pieces.join('') });
        }),
        { seed: SEED, numRuns: RUNS * 20 },
      );
    },
    TIMEOUT,
  );

  /**
   * Pixel bombs (uploads/image-work.ts): every route that decodes a user's image refuses them from the header,
   * with its own message, in the time of any other request (each request's CPU time is judged after its test; a
   * decode of one takes seconds). A route whose summary says it checks megapixels must be in this table.
   */
  it(
    'refuses pixel bombs on every route that decodes images, before decoding',
    async () => {
      const bombs = await pixelBombs();
      const user = await newTestUser(h);
      const steps = uploadSteps(h);
      // An agent's desk (the operator issues the token; the desk logs in with it).
      const [agent] = await h.database.db.select({ id: agents.id }).from(agents).where(ne(agents.status, 2)).limit(1);
      const issued = await h.app.inject({
        method: 'POST',
        url: ApiPath.opsDeskToken,
        payload: { agentId: agent!.id },
        headers: { authorization: `Bearer ${OPS_TOKEN}` },
      });
      const token = envelope<{ token: string }>(issued).data.token;
      expect((await h.app.inject({ method: 'POST', url: ApiPath.deskLogin, payload: { token } })).statusCode).toBe(200);
      const desk = { cookie: `${DESK_COOKIE}=${token}` };
      const decodePaths: Record<string, (bomb: (typeof bombs)[number]) => Promise<Req>> = {
        [ApiPath.ossCallback]: async (bomb) => {
          const item = await steps.put(user, bomb.bytes, bomb.kind);
          return {
            method: 'POST',
            url: ApiPath.ossCallback,
            headers: { ...user.cookie, 'content-type': 'application/json' },
            payload: JSON.stringify({ uploads: [item] }),
          };
        },
        [ApiPath.deskImage]: async (bomb) => {
          const boundary = `----yj${randomBytes(8).toString('hex')}`;
          const payload = Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bomb.${bomb.kind}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
            ),
            bomb.bytes,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]);
          return {
            method: 'POST',
            url: ApiPath.deskImage,
            headers: { ...desk, 'content-type': `multipart/form-data; boundary=${boundary}` },
            payload,
          };
        },
      };
      const doc = (await h.app.inject(ApiPath.openapi)).json() as { paths: Record<string, Record<string, { summary?: string }>> };
      const decoding = Object.entries(doc.paths)
        .filter(([, ops]) => Object.values(ops).some((op) => /megapixels/.test(op.summary ?? '')))
        .map(([path]) => path);
      expect(decoding.sort()).toEqual(Object.keys(decodePaths).sort());
      for (const [path, request] of Object.entries(decodePaths)) {
        for (const bomb of bombs) {
          const res = await probe(await request(bomb));
          expect([res.statusCode, envelope(res).msg], `${path} ${bomb.name}`).toEqual([400, UPLOAD_PIXELS_MESSAGE]);
        }
      }
    },
    TIMEOUT,
  );
});
