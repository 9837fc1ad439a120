import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '@contracts/channels';
import type { Suggestion } from '@contracts/search';
import { searchedWords, similarSearches } from '@/lib/server/similar-searches';

const fetchSuggestions = vi.fn();
vi.mock('@/lib/api/endpoints', () => ({ fetchSuggestions: (...args: unknown[]) => fetchSuggestions(...args) }));

const wangjing: Suggestion = {
  id: 3,
  name: '望京',
  angle: 3,
  angleName: '商圈',
  parentId: 2,
  address: '朝阳-望京',
  describe: '在售23套',
  propertyTypeName: '二手房',
};

const districts = [{ id: 2, name: '朝阳区', children: [{ id: 3, name: '望京' }] }];
const lines = [{ id: 15, name: '15号线', children: [{ id: 151, name: '望京东' }] }];
const ctx = { baseURL: 'http://backend.test', deviceName: 'pc-web' };

describe('searchedWords: what an empty list says was searched', () => {
  it('is the keyword, else the most precise place chosen, else nothing', () => {
    expect(searchedWords({ keyword: '望京zzz', districtId: 2, filters: {} }, districts, lines)).toBe('望京zzz');
    expect(searchedWords({ lineId: 15, stationId: 151, filters: {} }, districts, lines)).toBe('望京东');
    expect(searchedWords({ lineId: 15, filters: {} }, districts, lines)).toBe('15号线');
    expect(searchedWords({ districtId: 2, businessAreaId: 3, filters: {} }, districts, lines)).toBe('望京');
    expect(searchedWords({ districtId: 2, filters: {} }, districts, lines)).toBe('朝阳区');
    expect(searchedWords({ estateId: 9, filters: {} }, districts, lines)).toBeUndefined();
  });
});

describe('similarSearches', () => {
  beforeEach(() => fetchSuggestions.mockReset());

  it('asks for ever shorter beginnings until the channel suggests something, and links each', async () => {
    fetchSuggestions.mockImplementation(async (_ctx, req?: { keyword: string }) => (req?.keyword === '望京' ? [wangjing] : []));
    const found = await similarSearches(ctx, '110000', CHANNELS.esf, '望京zz', { keyword: '望京zz', filters: {} });
    expect(fetchSuggestions.mock.calls.map((c) => (c[1] as { keyword: string } | undefined)?.keyword)).toEqual([
      '望京zz',
      '望京z',
      '望京',
    ]);
    expect(found).toEqual([{ suggestion: wangjing, path: '/ershoufang/dc2/ta3/key%E6%9C%9B%E4%BA%AC/' }]);
  });

  it('gives up after four tries, on a failed call, and leaves out the search already shown', async () => {
    fetchSuggestions.mockResolvedValue([]);
    expect(await similarSearches(ctx, '110000', CHANNELS.esf, 'abcdefgh', { keyword: 'abcdefgh', filters: {} })).toEqual([]);
    expect(fetchSuggestions).toHaveBeenCalledTimes(4);
    fetchSuggestions.mockRejectedValue(new Error('down'));
    expect(await similarSearches(ctx, '110000', CHANNELS.esf, '望京', { keyword: '望京', filters: {} })).toEqual([]);
    fetchSuggestions.mockReset().mockResolvedValue([wangjing]);
    const here = { districtId: 2, businessAreaId: 3, keyword: '望京', filters: {} };
    expect(await similarSearches(ctx, '110000', CHANNELS.esf, '望京', here)).toEqual([]);
  });
});
