import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { homeDealOf } from '@contracts/channel-sections';
import { ENTRUST_MESSAGES, entrustAddRequestSchema, type EntrustBusinessType } from '@contracts/entrust';
import {
  draftJson,
  emptyState,
  fieldOfMessage,
  readDraft,
  requestOf,
  validateEntrust,
  type EntrustFormState,
} from '@/lib/entrust-form-state';

/** The entrust form's own check (lib/entrust-form-state.ts) against the backend's schema (contracts/entrust.ts). */

const photo = { key: 'ub/entrust/u1/aaaaaaaaaaaaaaaaaaaaaaaa.jpg', url: '/oss/a.jpg', thumbUrl: '/oss/a_thumb.jpg' };
const sale = (extra: Partial<EntrustFormState> = {}): EntrustFormState => ({
  ...emptyState('王先生'),
  communityId: 3,
  communityName: '方舟苑',
  building: '3号楼',
  room: '1201',
  area: '89.5',
  rooms: '2',
  halls: '1',
  baths: '1',
  floor: '12',
  totalFloors: '18',
  orientation: '南北',
  decoration: '精装',
  price: '560.5',
  photos: [photo],
  brandIds: [1],
  ...extra,
});
const rental = (extra: Partial<EntrustFormState> = {}) => sale({ price: '6500', rentType: '1', payment: '押一付三', ...extra });

describe('validateEntrust', () => {
  it('accepts a complete sale and rental', () => {
    expect(validateEntrust(sale(), 1)).toEqual({});
    expect(validateEntrust(rental(), 2)).toEqual({});
  });

  it.each<[string, EntrustFormState, EntrustBusinessType, Record<string, string>]>([
    ['no community', sale({ communityId: null }), 1, { communityId: ENTRUST_MESSAGES.community }],
    ['floor above total', sale({ floor: '19' }), 1, { floor: ENTRUST_MESSAGES.floor }],
    ['floor 0', sale({ floor: '0' }), 1, { floor: ENTRUST_MESSAGES.floor }],
    ['basement', sale({ floor: '-3' }), 1, {}],
    // 至 between the bounds: "-3-99" read as a minus.
    ['below the lowest basement', sale({ floor: '-4' }), 1, { floor: '所在楼层须为-3至99的整数' }],
    ['floor not whole', sale({ floor: '3.5' }), 1, { floor: '所在楼层须为-3至99的整数' }],
    ['price with 3 decimals', sale({ price: '1.005' }), 1, { price: ENTRUST_MESSAGES.sellPrice }],
    ['rent with decimals', rental({ price: '6500.5' }), 2, { price: ENTRUST_MESSAGES.rentPrice }],
    ['rent without 出租方式', rental({ rentType: '' }), 2, { rentType: '请选择出租方式' }],
    ['area too small', sale({ area: '4' }), 1, { area: ENTRUST_MESSAGES.area }],
    ['room blank', sale({ room: '  ' }), 1, { room: ENTRUST_MESSAGES.address }],
    ['no photos', sale({ photos: [] }), 1, { photos: ENTRUST_MESSAGES.photosMin }],
    ['no brands', sale({ brandIds: [] }), 1, { brandIds: ENTRUST_MESSAGES.brands }],
    ['contact blank', sale({ contactName: ' ' }), 1, { contactName: ENTRUST_MESSAGES.contact }],
    // The backend's messages, before sending (contracts/contact-details.ts).
    [
      'mobile in the description',
      sale({ description: '看房请打 139 1234 5678' }),
      1,
      { description: '房源描述不能包含手机号、微信号、QQ号等联系方式' },
    ],
    [
      'WeChat in the contact name',
      sale({ contactName: '王先生 vx youju88' }),
      1,
      { contactName: '联系人不能包含手机号、微信号、QQ号等联系方式' },
    ],
    ['a sale of 10 ㎡', sale({ area: '10', price: '60' }), 1, { area: ENTRUST_MESSAGES.sellArea }],
    ['5 ㎡ at 100000万', sale({ area: '5', price: '100000' }), 1, { area: ENTRUST_MESSAGES.sellArea }],
    ['400000 元/㎡', sale({ area: '20', price: '800' }), 1, { price: ENTRUST_MESSAGES.sellUnitPrice }],
  ])('%s', (_name, form, type, errors) => expect(validateEntrust(form, type)).toEqual(errors));

  it('agrees with the backend schema: no errors exactly when the request is accepted', () => {
    const numbers = [
      '',
      ' ',
      '0',
      '1',
      '2',
      '9',
      '10',
      '-1',
      '-3',
      '-4',
      '3.5',
      '5',
      '88.5',
      '2000',
      '2000.5',
      '99',
      '100',
      'abc',
      '1e3',
      '560.25',
      '560.255',
      '100000',
      '100000.01',
      '6500',
      '6500.5',
      '99.5',
    ];
    const texts = ['', ' ', '3号楼', 'A', '一二三四五六七八九十', '一二三四五六七八九十一', ' 802 '];
    // Mostly the good value, sometimes an edge: both outcomes come up often.
    const field = (good: string, edges: string[]) =>
      fc.oneof({ arbitrary: fc.constant(good), weight: 6 }, { arbitrary: fc.constantFrom(...edges), weight: 1 });
    const good = rental();
    const seen = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(
        fc.record({
          businessType: fc.constantFrom<EntrustBusinessType>(1, 2),
          building: field(good.building, texts),
          unit: field(good.unit, texts),
          room: field(good.room, texts),
          area: field(good.area, numbers),
          rooms: field(good.rooms, numbers),
          halls: field(good.halls, numbers),
          baths: field(good.baths, numbers),
          floor: field(good.floor, numbers),
          totalFloors: field(good.totalFloors, numbers),
          orientation: field(good.orientation, ['', '北']),
          decoration: field(good.decoration, ['', '毛坯']),
          price: fc.constantFrom('560.5', '6500', ...numbers),
          rentType: field('1', ['', '2']),
          payment: field('年付', ['', '押一付三']),
          contactName: field('王', ['', ' ', '张'.repeat(20), '张'.repeat(21), '王13912345678', '王 QQ 10001']),
          description: field('', ['好'.repeat(500), '好'.repeat(501), '加微信 youju2026 看房', '一三九一二三四五六七八']),
        }),
        ({ businessType, ...fields }) => {
          const form = { ...good, ...fields, ...(homeDealOf(businessType) === 'sale' ? { rentType: '', payment: '' } : {}) };
          const pageOk = Object.keys(validateEntrust(form, businessType)).length === 0;
          const backendOk = entrustAddRequestSchema.safeParse(requestOf(form, businessType)).success;
          expect(pageOk).toBe(backendOk);
          seen[backendOk ? 'accepted' : 'refused']++;
        },
      ),
      { numRuns: 3000 },
    );
    expect(seen.accepted).toBeGreaterThan(100);
    expect(seen.refused).toBeGreaterThan(100);
  });
});

describe('the draft and the backend’s messages', () => {
  it('reads back what it wrote, and ignores anything else', () => {
    const store = new Map<string, string>();
    (globalThis as { window?: unknown }).window = { localStorage: { getItem: (k: string) => store.get(k) ?? null } };
    store.set('a', draftJson(rental({ description: '<b>x</b>' })));
    expect(readDraft('a')).toEqual(rental({ description: '<b>x</b>' }));
    for (const bad of ['{', 'null', '{"v":2,"form":{}}', '{"v":1}', '[]']) {
      store.set('b', bad);
      expect(readDraft('b'), bad).toBeNull();
    }
    store.set(
      'c',
      JSON.stringify({ v: 1, form: { communityId: 'x', photos: [{ key: 1 }, photo], brandIds: [1, '2'], price: 5 } }),
    );
    expect(readDraft('c')).toMatchObject({ communityId: null, photos: [photo], brandIds: [1], price: '' });
    delete (globalThis as { window?: unknown }).window;
  });

  it('places a refusal at its field', () => {
    expect(fieldOfMessage('floor: 所在楼层不能高于总楼层')).toEqual({ field: 'floor', message: '所在楼层不能高于总楼层' });
    expect(fieldOfMessage('photos.3: 照片须为本人上传')).toEqual({ field: 'photos', message: '照片须为本人上传' });
    expect(fieldOfMessage('request: 请求无效')).toBeNull();
    expect(fieldOfMessage(ENTRUST_MESSAGES.duplicate)).toBeNull();
  });
});
