import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_FIELD_LABELS, contactDetailsMessage } from '@contracts/contact-details';
import type { Entrust } from '@contracts/entrust';
import { ApiPath } from '@contracts/paths';
import { userUploadPrefix } from '@contracts/upload';
import { ownerNames } from '../src/modules/uploads/owner-names';
import { cities, newProjects, uploads } from '../src/db/schema';
import { envelope, startHarness, type Harness } from './harness';
import { databaseDigest, newTestUser, type TestUser } from './support-users';

/**
 * Contact details in public text (contracts/contact-details.ts): every text field a visitor reads — a nickname
 * (on reviews), a review, an entrust's 房源描述 (the listing's text) and 联系人 — refuses a mobile, a landline, a
 * WeChat or QQ id with a field error, and nothing is stored (the database's digest is unchanged). The table
 * PUBLIC_TEXT is checked against /openapi.json: every free-text field of every operation is either in it or in
 * NOT_PUBLIC with the reason nobody else reads it, so a new public text field cannot skip the rule.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** Contact details as the probe found them and as they get written around a rule. */
const CONTACT_TEXTS = [
  '联系我看房 13912345678 微信同号 加V优惠',
  '业主自售，看房请打 139 1234 5678，中介勿扰',
  '看房打一三九一二三四五六七八，随时可看',
  '房东直租，加微信 youju_2026 了解更多',
  '有意者请联系QQ 12345678，谢谢',
  '欢迎来电咨询 010-87654321，随时看房',
];
/** The nickname's own shapes (2–16 characters of letters, digits, _ and -). */
const CONTACT_NICKNAMES = ['微信youju2026', 'QQ12345678', '壹叁玖壹贰叁肆伍陆柒捌', '加V_youju88', 'vx_wxid888888'];
const ORDINARY_TEXT = '南北通透，2015年建成，12/18层，89.5㎡，3室2厅，总价500万';

let nextRoom = 1;
/** The user's own entrust photo, as the upload callback records it. */
async function photoOf(user: TestUser): Promise<string> {
  const key = `${userUploadPrefix('ub/entrust', ownerNames(h.config.KEY_SECRET).folder(user.id))}${randomBytes(12).toString('hex')}.jpg`;
  await h.database.db
    .insert(uploads)
    .values({ userId: user.id, key, suffix: 'jpg', size: 1000, md5: '0'.repeat(32), width: 800, height: 600, thumbKey: '' });
  return key;
}

let place: { communityId: number; brandId: number; avgPrice: number; avgRent: number };
let projectId: number;
beforeAll(async () => {
  const rows = (await h.database.db.execute(sql`
    select c.id as community_id, min(b.brand_id) as brand_id, c.avg_price, c.avg_rent
    from communities c
    join cities ci on ci.city_code = c.city_code and ci.is_esf = 1 and ci.is_rent = 1
    join branches b on b.business_area_id = c.business_area_id and b.city_code = c.city_code
    join agents a on a.branch_id = b.id and a.status = 1
    where c.avg_price > 0
    group by c.id order by c.id limit 1`)) as unknown as {
    rows: { community_id: number; brand_id: number; avg_price: number; avg_rent: number }[];
  };
  const r = rows.rows[0]!;
  place = {
    communityId: Number(r.community_id),
    brandId: Number(r.brand_id),
    avgPrice: Number(r.avg_price),
    avgRent: Number(r.avg_rent),
  };
  const [p] = await h.database.db
    .select({ id: newProjects.id })
    .from(newProjects)
    .innerJoin(cities, and(eq(cities.cityCode, newProjects.cityCode), eq(cities.isNewhouse, 1)))
    .orderBy(newProjects.id)
    .limit(1);
  projectId = p!.id;
});

/** A sale the bounds accept: 89.5 ㎡ at the community's reference price. */
async function sale(user: TestUser, extra: Record<string, unknown> = {}) {
  return {
    businessType: 1,
    communityId: place.communityId,
    building: '3号楼',
    unit: '',
    room: String(nextRoom++),
    area: 89.5,
    rooms: 2,
    halls: 1,
    baths: 1,
    floor: 8,
    totalFloors: 18,
    orientation: '南北',
    decoration: '精装',
    price: Math.round((place.avgPrice * 89.5) / 100) / 100,
    contactName: '王先生',
    description: ORDINARY_TEXT,
    photos: [await photoOf(user)],
    brandIds: [place.brandId],
    ...extra,
  };
}

const review = (body: string) => ({
  projectId,
  ratings: { overall: 4, location: 4, transport: 4, amenities: 4, environment: 4, value: 4 },
  body,
  photos: [],
});

interface PublicText {
  path: string;
  field: string;
  label: string;
  /** Texts with contact details that fit the field's other rules. */
  texts: string[];
  /** The body with `text` in the field, for a fresh user (who may need something of their own first). */
  body(user: TestUser, text: string): Promise<Record<string, unknown>>;
}

/** Every public text field, by operation and field. */
const PUBLIC_TEXT: PublicText[] = [
  {
    path: ApiPath.accountProfile,
    field: 'userName',
    label: CONTACT_FIELD_LABELS.nickname,
    texts: CONTACT_NICKNAMES,
    body: async (_u, text) => ({ userName: text, sex: '' }),
  },
  {
    path: ApiPath.projectReviewAdd,
    field: 'body',
    label: CONTACT_FIELD_LABELS.reviewBody,
    texts: CONTACT_TEXTS,
    body: async (_u, text) => review(text),
  },
  {
    path: ApiPath.entrustAdd,
    field: 'description',
    label: CONTACT_FIELD_LABELS.description,
    texts: CONTACT_TEXTS,
    body: (u, text) => sale(u, { description: text }),
  },
  {
    path: ApiPath.entrustAdd,
    field: 'contactName',
    label: CONTACT_FIELD_LABELS.contactName,
    texts: ['王先生13912345678', '王 139-1234-5678', '王先生 微信wxid888', '张女士QQ10001'],
    body: (u, text) => sale(u, { contactName: text }),
  },
  {
    path: ApiPath.entrustUpdate,
    field: 'description',
    label: CONTACT_FIELD_LABELS.description,
    texts: CONTACT_TEXTS,
    body: async (u, text) => {
      const made = await h.app.inject({ method: 'POST', url: ApiPath.entrustAdd, payload: await sale(u), headers: u.cookie });
      expect(made.statusCode, made.body).toBe(200);
      const e = envelope<Entrust>(made).data;
      return { entrustId: e.id, ...(await sale(u, { room: e.room, description: text })) };
    },
  },
  {
    path: ApiPath.entrustUpdate,
    field: 'contactName',
    label: CONTACT_FIELD_LABELS.contactName,
    texts: ['王先生13912345678', '王先生 vx youju88'],
    body: async (u, text) => {
      const made = await h.app.inject({ method: 'POST', url: ApiPath.entrustAdd, payload: await sale(u), headers: u.cookie });
      expect(made.statusCode, made.body).toBe(200);
      const e = envelope<Entrust>(made).data;
      return { entrustId: e.id, ...(await sale(u, { room: e.room, contactName: text })) };
    },
  },
];

/**
 * Free-text fields nobody but the writer, the agent or the portal reads, or that are no text to a reader: each with
 * its reason. A field of /openapi.json in neither table fails the test below. `*.field` holds for every operation.
 */
const NOT_PUBLIC: Record<string, string> = {
  '*.cityCode': 'a city code the route looks up, shown nowhere as typed',
  '*.keyword': 'a search term: filters a list, stored nowhere',
  // The owner's address inside the community is never shown on a public page (entrusts: 楼栋, 单元, 门牌).
  'entrustAdd.building': 'private: the owner and the agent only',
  'entrustAdd.unit': 'private: the owner and the agent only',
  'entrustAdd.room': 'private: the owner and the agent only',
  'entrustUpdate.building': 'private: the owner and the agent only',
  'entrustUpdate.unit': 'private: the owner and the agent only',
  'entrustUpdate.room': 'private: the owner and the agent only',
  // A booking's name goes to the agent who shows the home, with the booker's mobile; no page shows it.
  'viewingBook.contactName': 'private: the agent of the booking only',
  'viewingBook.date': 'a date, checked as one',
  // Chat is between a user and an agent (a phone number there is the point); its own word filter applies.
  'imMessage.content': 'private: the two sides of a chat',
  'imMessage.brief': 'private: the two sides of a chat',
  'imMessage.title': 'private: the two sides of a chat',
  'imMessage.appId': 'an IM identity',
  'imMessage.senderAppId': 'an IM identity',
  'imMessage.sourceId': 'a listing reference of a chat card',
  'imLogout.appId': 'an IM identity',
  'imRead.appId': 'an IM identity',
  'imReceived.appId': 'an IM identity',
  'deskMessage.content': 'private: the agent’s answer in a chat',
  'alertSearchAdd.name': 'private: a saved search’s name, shown to its user only (我的订阅, the assistant’s digests)',
  'deskLogin.token': 'a secret',
  'loginByPassword.password': 'a secret',
  'accountPassword.currentPassword': 'a secret',
  'accountPassword.newPassword': 'a secret',
  'ossCallback.userData': 'the object store’s callback data',
  'ossCallback.viewId': 'the object store’s callback data',
  'ossTicker.applyId': 'an upload ticket’s request id',
  'userAvatar.key': 'an upload key',
  [`${ApiPath.opsEntrust}/{id}.override`]: 'the operator’s reason, kept in entrust_overrides and shown to no visitor',
  // 资讯 articles are the portal's own, written by its operators (OPS_TOKEN), not by a visitor.
  ...Object.fromEntries(
    ['author', 'body', 'coverUrl', 'summary', 'title'].flatMap((field) => [
      [`opsNews.${field}`, 'an operator’s article: the portal’s own text, never a visitor’s'],
      [`${ApiPath.opsNews}/{id}.${field}`, 'an operator’s article: the portal’s own text, never a visitor’s'],
    ]),
  ),
  'trackingContact.pagePath': 'a tracking event, stored as sent and shown on no page (only counted)',
  'trackingContact.type': 'a tracking event, stored as sent and shown on no page (only counted)',
};

describe('contact details in public text', () => {
  it.each(PUBLIC_TEXT.map((f) => [`${f.path.split('/').slice(-2).join('/')} ${f.field}`, f] as const))(
    '%s: refuses every contact text with a field error and stores nothing; an ordinary text is stored',
    async (_name, f) => {
      let refused = 0;
      for (const text of f.texts) {
        const user = await newTestUser(h);
        const body = await f.body(user, text);
        const before = await databaseDigest(h);
        const res = await h.app.inject({ method: 'POST', url: f.path, payload: body, headers: user.cookie });
        expect(res.statusCode, `${text}: ${res.body}`).toBe(400);
        const { msg, succeed, data } = envelope(res);
        expect({ succeed, data }).toEqual({ succeed: false, data: null });
        // The nickname's own rule names a digit run of 7 (昵称不能包含手机号等连续7位以上数字); every other is the detector's.
        expect(msg, text).toMatch(
          new RegExp(`^${f.field}: (${contactDetailsMessage(f.label)}|${f.label}不能包含手机号等连续7位以上数字)$`),
        );
        expect(await databaseDigest(h), text).toEqual(before);
        refused++;
      }
      expect(refused).toBeGreaterThan(0);
      // The same request with an ordinary text is taken: the refusal above was the contact detail's.
      const user = await newTestUser(h);
      const ordinary = f.field === 'userName' ? '望京看房人' : f.field === 'contactName' ? '王先生' : ORDINARY_TEXT;
      const ok = await h.app.inject({ method: 'POST', url: f.path, payload: await f.body(user, ordinary), headers: user.cookie });
      expect(ok.statusCode, ok.body).toBe(200);
    },
  );

  it('places every free-text field of /openapi.json: public (checked above) or private with a reason', async () => {
    interface Schema {
      type?: string;
      enum?: unknown[];
      pattern?: string;
      format?: string;
      properties?: Record<string, Schema>;
      items?: Schema;
      anyOf?: Schema[];
      oneOf?: Schema[];
    }
    const doc = (await h.app.inject(ApiPath.openapi)).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
    };
    const nameOf = Object.fromEntries(Object.entries(ApiPath).map(([name, path]) => [path, name]));
    const free = new Set<string>();
    const walk = (op: string, field: string, s: Schema | undefined) => {
      if (!s) return;
      if (s.type === 'string' && !s.enum && !s.pattern && !s.format) free.add(`${op}.${field}`);
      for (const [k, v] of Object.entries(s.properties ?? {})) walk(op, k, v);
      for (const v of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) walk(op, field, v);
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const op of Object.values(ops))
        for (const c of Object.values(op.requestBody?.content ?? {})) walk(nameOf[path] ?? path, '', c.schema);
    }
    expect(free.size).toBeGreaterThan(5);
    const placed = new Set([...PUBLIC_TEXT.map((f) => `${nameOf[f.path]}.${f.field}`), ...Object.keys(NOT_PUBLIC)]);
    const isPlaced = (f: string) => placed.has(f) || placed.has(`*${f.slice(f.lastIndexOf('.'))}`);
    expect([...free].filter((f) => !isPlaced(f)).sort()).toEqual([]);
    // Every public field was found in the document (the table names real fields).
    for (const f of PUBLIC_TEXT) expect(free, `${nameOf[f.path]}.${f.field}`).toContain(`${nameOf[f.path]}.${f.field}`);
  });
});
