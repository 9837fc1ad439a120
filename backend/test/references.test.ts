import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

/**
 * The schema's references (docs/data.md "References"): every id column names its row or is listed there as
 * deliberately unenforced; orphans are refused; a user's deletion takes what was only theirs; places in use cannot be
 * deleted; a closed station leaves its homes without one. On PGlite and, with `npm run test:pg`, on PostgreSQL.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type Rows<T> = { rows: T[] };
const query = async <T>(q: ReturnType<typeof sql>) => ((await h.database.db.execute(q)) as unknown as Rows<T>).rows;

/** The PostgreSQL error code of a failed statement (drizzle wraps the driver's error in `cause`). */
async function pgErrorOf(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (err) {
    for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string' && /^\d{5}$/.test(code)) return code;
    }
    throw err;
  }
  return undefined;
}

/** `table.column` of the unenforced table in docs/data.md "References". */
function documentedUnenforced(): Set<string> {
  const doc = readFileSync(new URL('../../docs/data.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## References'), doc.indexOf('\n## ', doc.indexOf('## References') + 1));
  const table = section.slice(section.indexOf('| Column |'));
  const names = new Set<string>();
  for (const line of table.split('\n').filter((l) => l.startsWith('| `'))) {
    const first = line.split('|')[1]!;
    for (const m of first.matchAll(/`([a-z_]+)\.([a-z_]+)`/g)) names.add(`${m[1]}.${m[2]}`);
  }
  return names;
}

describe('references', () => {
  it('gives every id column a foreign key, or names it in docs/data.md as deliberately unenforced', async () => {
    const columns = await query<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and table_name not like '__drizzle%'
        and (column_name like '%\_id' or column_name like '%\_ids' or column_name = 'city_code')`);
    const referencing = await query<{ table_name: string; column_name: string }>(sql`
      select kcu.table_name, kcu.column_name from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`);
    const referenced = new Set(referencing.map((r) => `${r.table_name}.${r.column_name}`));
    const unenforced = documentedUnenforced();
    // Guards against a vacuous pass: the schema has dozens of id columns and foreign keys, the doc a list.
    expect(columns.length).toBeGreaterThan(60);
    expect(referenced.size).toBeGreaterThan(60);
    expect(unenforced.size).toBeGreaterThan(5);
    // Named like ids but naming no row: the primary key of cities, and the id a sending client gives its message.
    const notReferences = new Set(['cities.city_code', 'im_messages.client_msg_id']);
    const id = (c: { table_name: string; column_name: string }) => `${c.table_name}.${c.column_name}`;
    const neither = columns.map(id).filter((c) => !notReferences.has(c) && !referenced.has(c) && !unenforced.has(c));
    expect(neither, 'id columns with neither a foreign key nor a line in docs/data.md').toEqual([]);
    // And the doc lists nothing that is enforced after all, or does not exist.
    const all = new Set(columns.map(id));
    expect([...unenforced].filter((c) => referenced.has(c) || !all.has(c))).toEqual([]);
  });

  it('refuses a listing of a community, agent or city that does not exist', async () => {
    const [listing] = await query<{ id: number }>(sql`select id from esf_listings order by id limit 1`);
    const copy = (column: string, value: string | number) =>
      h.database.db.execute(
        sql.raw(`
        insert into esf_listings (listing_no, city_code, district_id, business_area_id, community_id, title, area, rooms, halls, baths, orientation,
          floor_level, floor, total_floors, decoration, elevator, tags, listed_at, cover_url, photos, description, agent_id, station_id, line_id,
          station_distance, total_price, unit_price, property_type, ownership, ladder_ratio, heating)
        select 'X' || listing_no, ${column === 'city_code' ? `'${value}'` : 'city_code'}, district_id, business_area_id,
          ${column === 'community_id' ? value : 'community_id'}, title, area, rooms, halls, baths, orientation, floor_level, floor, total_floors,
          decoration, elevator, tags, listed_at, cover_url, photos, description, ${column === 'agent_id' ? value : 'agent_id'}, station_id, line_id,
          station_distance, total_price, unit_price, property_type, ownership, ladder_ratio, heating
        from esf_listings where id = ${listing!.id}`),
      );
    expect(await pgErrorOf(copy('community_id', 99_999_999))).toBe('23503');
    expect(await pgErrorOf(copy('agent_id', 99_999_999))).toBe('23503');
    expect(await pgErrorOf(copy('city_code', '999999'))).toBe('23503');
    // The same copy with its own references is accepted: the refusals above are the references, not the statement.
    expect(await pgErrorOf(copy('none', 0))).toBeUndefined();
  });

  it('refuses to delete a community, agent or district that homes still name', async () => {
    const [home] = await query<{ community_id: number; agent_id: number; district_id: number }>(
      sql`select community_id, agent_id, district_id from esf_listings limit 1`,
    );
    // ON DELETE RESTRICT: 23503 foreign_key_violation up to PostgreSQL 17 (the local server), 23001 restrict_violation
    // from 18 (PGlite).
    const refused = ['23503', '23001'];
    expect(refused).toContain(
      await pgErrorOf(h.database.db.execute(sql`delete from communities where id = ${home!.community_id}`)),
    );
    expect(refused).toContain(await pgErrorOf(h.database.db.execute(sql`delete from agents where id = ${home!.agent_id}`)));
    expect(refused).toContain(await pgErrorOf(h.database.db.execute(sql`delete from districts where id = ${home!.district_id}`)));
  });

  it('leaves the homes near a closed station without a station', async () => {
    const [near] = await query<{ station_id: number; n: number }>(sql`
      select station_id, count(*)::int as n from esf_listings where station_id is not null group by station_id order by n desc limit 1`);
    expect(near!.n).toBeGreaterThan(0);
    await h.database.db.execute(sql`delete from subway_stations where id = ${near!.station_id}`);
    const [left] = await query<{ n: number }>(
      sql`select count(*)::int as n from esf_listings where station_id = ${near!.station_id}`,
    );
    expect(left!.n).toBe(0);
  });

  it('takes what was only a user’s with the user: sessions, follows, viewings, entrusts, reviews, conversations and their messages', async () => {
    const [user] = await query<{ id: number }>(sql`insert into users (mobile) values ('13912340077') returning id`);
    const uid = user!.id;
    const [home] = await query<{ id: number; agent_id: number; community_id: number; city_code: string }>(
      sql`select id, agent_id, community_id, city_code from esf_listings limit 1`,
    );
    const [agent] = await query<{ user_id: number }>(sql`select user_id from agents where id = ${home!.agent_id}`);
    const [project] = await query<{ id: number }>(sql`select id from new_projects limit 1`);
    await h.database.db.execute(
      sql`insert into sessions (token_hash, user_id, expires_at) values ('refs-test', ${uid}, now() + interval '1 day')`,
    );
    await h.database.db.execute(
      sql`insert into listing_follows (user_id, business_type, listing_id) values (${uid}, 1, ${home!.id})`,
    );
    await h.database.db.execute(sql`
      insert into viewings (user_id, business_type, listing_id, agent_id, date, slot, contact_name, mobile, status)
      values (${uid}, 1, ${home!.id}, ${home!.agent_id}, '2026-12-01', 1, '张先生', '13912340077', 1)`);
    await h.database.db.execute(sql`
      insert into entrusts (user_id, business_type, city_code, community_id, building, unit, room, area, rooms, halls, baths, floor, total_floors,
        orientation, decoration, price, contact_name, photos, brand_ids, status)
      values (${uid}, 1, ${home!.city_code}, ${home!.community_id}, '1', '1', '101', 88, 2, 1, 1, 3, 18, '南', '精装', 500, '张先生', '[]'::jsonb, '{}', 1)`);
    await h.database.db.execute(sql`
      insert into project_reviews (project_id, user_id, overall, location, transport, amenities, environment, value, body)
      values (${project!.id}, ${uid}, 5, 5, 5, 5, 5, 5, '交通方便，配套齐全')`);
    const [conversation] = await query<{ id: number }>(
      sql`insert into im_conversations (user_id, agent_user_id) values (${uid}, ${agent!.user_id}) returning id`,
    );
    await h.database.db.execute(sql`
      insert into im_messages (conversation_id, seq, sender_id, receiver_id, layout, content) values (${conversation!.id}, 1, ${uid}, ${agent!.user_id}, 1, '{"text":"你好"}'::jsonb)`);

    const owned = async () => {
      const [row] = await query<Record<string, number>>(sql`select
        (select count(*)::int from sessions where user_id = ${uid}) as sessions,
        (select count(*)::int from listing_follows where user_id = ${uid}) as follows,
        (select count(*)::int from viewings where user_id = ${uid}) as viewings,
        (select count(*)::int from entrusts where user_id = ${uid}) as entrusts,
        (select count(*)::int from project_reviews where user_id = ${uid}) as reviews,
        (select count(*)::int from im_conversations where user_id = ${uid}) as conversations,
        (select count(*)::int from im_messages where conversation_id = ${conversation!.id}) as messages`);
      return row!;
    };
    expect(await owned()).toEqual({
      sessions: 1,
      follows: 1,
      viewings: 1,
      entrusts: 1,
      reviews: 1,
      conversations: 1,
      messages: 1,
    });
    const listingsBefore = await query<{ n: number }>(sql`select count(*)::int as n from esf_listings`);
    await h.database.db.execute(sql`delete from users where id = ${uid}`);
    expect(await owned()).toEqual({
      sessions: 0,
      follows: 0,
      viewings: 0,
      entrusts: 0,
      reviews: 0,
      conversations: 0,
      messages: 0,
    });
    // Nothing that was not only theirs went with them.
    expect(await query<{ n: number }>(sql`select count(*)::int as n from esf_listings`)).toEqual(listingsBefore);
    expect(await query<{ n: number }>(sql`select count(*)::int as n from agents where user_id = ${agent!.user_id}`)).toEqual([
      { n: 1 },
    ]);
  });
});
