import { asc, count, sql } from 'drizzle-orm';
import type { Db } from './client';
import { Prng } from './prng';
import { agents, esfListings, rentals } from './schema';

/**
 * The agent page's facts (spec §2 "Agent pages"), drawn after every city is seeded from a generator of their own, so the rows
 * seeded before them stay as they were:
 * - `careerStart`, the year an agent started in the trade (从业年限), 2008–2025, most of them in the last ten years;
 * - in every city, an agent who has left (status 2) and one who cannot be contacted (status 3) among those with
 *   second-hand listings (and rentals where the city has them), so each city has agent pages of every status to
 *   show. Where the seed's own draw gave none, one available agent of the city takes that status. Find them with
 *   `select a.id, a.city_code, a.status from agents a where a.status > 1 and exists (select 1 from esf_listings l
 *   where l.agent_id = a.id)` (docs/data.md).
 */
export const AGENT_SEED = 20260109;

const FIRST_YEAR = 2008;
const LAST_YEAR = 2025;

/** Skewed to recent years: the trade hires many and keeps fewer. */
function careerStartOf(rng: Prng): number {
  return LAST_YEAR - Math.floor((LAST_YEAR - FIRST_YEAR + 1) * rng.next() ** 1.6);
}

export async function seedAgentProfiles(db: Db): Promise<void> {
  const rng = new Prng(AGENT_SEED);
  // One after another: the seed runs in one transaction, one connection.
  const rows = await db
    .select({ id: agents.id, cityCode: agents.cityCode, status: agents.status })
    .from(agents)
    .orderBy(asc(agents.id));
  const esfCounts = await db.select({ agentId: esfListings.agentId, n: count() }).from(esfListings).groupBy(esfListings.agentId);
  const rentCounts = await db.select({ agentId: rentals.agentId, n: count() }).from(rentals).groupBy(rentals.agentId);
  const esf = new Map(esfCounts.map((r) => [r.agentId, r.n]));
  const rent = new Map(rentCounts.map((r) => [r.agentId, r.n]));
  const updates = rows.map((a) => ({ id: a.id, cs: careerStartOf(rng), st: a.status }));

  const byCity = new Map<string, typeof updates>();
  rows.forEach((a, i) => byCity.set(a.cityCode, [...(byCity.get(a.cityCode) ?? []), updates[i]!]));
  for (const cityAgents of byCity.values()) {
    const cityRents = cityAgents.some((a) => rent.has(a.id));
    // An agent whose page has homes in both tabs where the city has rentals, else second-hand homes.
    const full = (a: { id: number }) => esf.has(a.id) && (!cityRents || rent.has(a.id));
    for (const status of [2, 3]) {
      if (cityAgents.some((a) => a.st === status && full(a))) continue;
      const available = cityAgents.filter((a) => a.st === 1 && full(a));
      const candidates = available.length >= 2 ? available : cityAgents.filter((a) => a.st === 1 && esf.has(a.id));
      // Keep at least one available agent with homes in the city.
      if (candidates.length < 2) continue;
      rng.pick(candidates).st = status;
    }
  }

  await db.execute(sql`
    update agents set career_start = v.cs, status = v.st
    from json_to_recordset(${JSON.stringify(updates)}::json) as v(id integer, cs smallint, st smallint)
    where agents.id = v.id`);
}
