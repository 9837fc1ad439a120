import { describe, expect, it } from 'vitest';
import { joinedLoads } from '../src/modules/map/map-items';

/** map-items.ts joinedLoads: a page's items asked by several calls at once are read in one query. */
describe('joined item loads', () => {
  const homes = (ids: number[]) => new Map(ids.map((id) => [id, { id }]));

  it('reads the ids asked in one turn of the event loop in one load, and gives each caller its own ids only', async () => {
    const loads: number[][] = [];
    const load = joinedLoads(async (ids) => {
      loads.push(ids);
      return homes(ids.filter((id) => id !== 99));
    });
    const [a, b, c] = await Promise.all([load([1, 2, 3]), load([3, 4]), load([5, 99])]);
    expect(loads).toEqual([[1, 2, 3, 4, 5, 99]]);
    expect([...a.keys()]).toEqual([1, 2, 3]);
    expect([...b.keys()]).toEqual([3, 4]);
    // A home gone (99) is left out, as a load of its own would.
    expect([...c.keys()]).toEqual([5]);
  });

  it('joins calls from separate callbacks of one turn, as requests read one after another from their sockets', async () => {
    const loads: number[][] = [];
    const load = joinedLoads(async (ids) => {
      loads.push(ids);
      return homes(ids);
    });
    // PGlite answers within the caller's turn: a load begun at once would be over before the second request is read.
    const asked = await new Promise<Promise<Map<number, object>>[]>((resolve) => {
      const calls: Promise<Map<number, object>>[] = [];
      setImmediate(() => calls.push(load([1])));
      setImmediate(() => resolve([...calls, load([2])]));
    });
    await Promise.all(asked);
    expect(loads).toEqual([[1, 2]]);
  });

  it('never joins a load already under way: a call made during one waits for the next', async () => {
    const loads: number[][] = [];
    let release = () => {};
    const load = joinedLoads(async (ids) => {
      loads.push(ids);
      if (loads.length === 1) await new Promise<void>((r) => (release = r));
      return homes(ids);
    });
    const first = load([1]);
    // The first load has started once it is recorded: then two more calls come.
    while (loads.length === 0) await new Promise(setImmediate);
    const later = Promise.all([load([2]), load([3])]);
    release();
    await first;
    await later;
    expect(loads).toEqual([[1], [2, 3]]);
  });

  it('fails every caller of a load that fails, and loads again for the next', async () => {
    let fail = true;
    const load = joinedLoads(async (ids) => {
      if (fail) throw new Error('database gone');
      return homes(ids);
    });
    const results = await Promise.allSettled([load([1]), load([2])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect([...(await load([7])).keys()]).toEqual([7]);
  });
});
