import { describe, expect, it } from 'vitest';
import { CHANNELS } from '@contracts/channels';
import { chosenConditions, rangeLabel } from '@/lib/listing/condition-chips';
import type { FilterRow } from '@/lib/listing/channel-filters';
import { parseSearchPath } from '@/lib/search-path';

/** The chips above a list's results: what is chosen, in the filter bar's order, each with the list without it. */

const esf = CHANNELS.esf;
const rows: FilterRow[] = [
  {
    key: 'price',
    label: '价格',
    options: [
      { code: 2, label: '200-300万' },
      { code: 3, label: '300-400万' },
    ],
  },
  { key: 'area', label: '面积', options: [{ code: 1, label: '50㎡以下' }] },
  {
    key: 'orientation',
    label: '朝向',
    more: true,
    options: [
      { code: 1, label: '朝南' },
      { code: 5, label: '南北通透' },
    ],
  },
  { key: 'tag', label: '标签', more: true, options: [{ code: 2, label: '满五' }] },
];
const districts = [{ id: 5, name: '朝阳区', children: [{ id: 51, name: '望京' }] }];
const lines = [{ id: 7, name: '14号线', children: [{ id: 71, name: '望京南' }] }];
const chips = (path: string) =>
  chosenConditions(esf, parseSearchPath(esf, path.split('/').filter(Boolean)), rows, districts, lines);

describe('chosen conditions', () => {
  it('shows each place, band, 更多 choice and range with the list without it (page 1, the rest kept)', () => {
    const got = chips('dc5/ta51/key望京/p2p3cx1cx5bq2ba80ea120co2pg3');
    expect(got.map((c) => [c.label, c.href])).toEqual([
      ['朝阳区', '/ershoufang/p2p3cx1cx5bq2ba80ea120co2/'],
      ['望京', '/ershoufang/dc5/p2p3cx1cx5bq2ba80ea120co2/'],
      ['200-300万', '/ershoufang/dc5/ta51/key%E6%9C%9B%E4%BA%AC/p3cx1cx5bq2ba80ea120co2/'],
      ['300-400万', '/ershoufang/dc5/ta51/key%E6%9C%9B%E4%BA%AC/p2cx1cx5bq2ba80ea120co2/'],
      ['80-120㎡', '/ershoufang/dc5/ta51/key%E6%9C%9B%E4%BA%AC/p2p3cx1cx5bq2co2/'],
      ['朝南', '/ershoufang/dc5/ta51/key%E6%9C%9B%E4%BA%AC/p2p3cx5bq2ba80ea120co2/'],
      ['南北通透', '/ershoufang/dc5/ta51/key%E6%9C%9B%E4%BA%AC/p2p3cx1bq2ba80ea120co2/'],
      ['满五', '/ershoufang/dc5/ta51/key%E6%9C%9B%E4%BA%AC/p2p3cx1cx5ba80ea120co2/'],
    ]);
  });

  it('shows a keyword without a place as its own chip, a line and its station, and nothing for a bare list', () => {
    expect(chips('key国贸/bp500').map((c) => [c.label, c.href])).toEqual([
      ['国贸', '/ershoufang/bp500/'],
      ['500万以上', '/ershoufang/key%E5%9B%BD%E8%B4%B8/'],
    ]);
    expect(chips('sl7/ss71/key望京南').map((c) => c.label)).toEqual(['14号线', '望京南']);
    expect(chips('co2pg4')).toEqual([]);
  });

  it('reads a range as the bands read', () => {
    expect(rangeLabel(100, 300, '万')).toBe('100-300万');
    expect(rangeLabel(undefined, 3000, '元')).toBe('3000元以下');
    expect(rangeLabel(60, undefined, '㎡')).toBe('60㎡以上');
  });
});
