import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMapSearch, MAP_FILTER_KEYS, parseMapSearch, type MapSearchInfo } from '@/components/map/map-state';

/** mapSearchInfo in the URL (docs/web.md "Map"): what is written is read back, and no address throws. */
describe('map state in the URL', () => {
  it('reads the spec’s type (0 二手房, 1 新房, 2 租房), else the route’s first channel', () => {
    expect(parseMapSearch('?type=1').channel).toBe('new');
    expect(parseMapSearch('?type=2').channel).toBe('rent');
    expect(parseMapSearch('?type=9').channel).toBe('esf');
    expect(parseMapSearch('?type=1', ['esf', 'rent']).channel).toBe('esf');
    expect(parseMapSearch('').centre).toBeNull();
  });

  it('reads back what it writes', () => {
    const info = fc.record({
      channel: fc.constantFrom('esf' as const, 'new' as const, 'rent' as const),
      centre: fc.option(
        fc.record({ lat: fc.integer({ min: 300_000, max: 5_300_000 }), lng: fc.integer({ min: 7_400_000, max: 13_500_000 }) }),
      ),
      zoom: fc.option(fc.integer({ min: 9, max: 18 })),
      selected: fc.option(fc.integer({ min: 1, max: 2_000_000_000 })),
      page: fc.integer({ min: 1, max: 100 }),
      codes: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 3, maxLength: 3 }),
      line: fc.option(fc.integer({ min: 1, max: 2_000_000_000 })),
      station: fc.option(fc.integer({ min: 1, max: 2_000_000_000 })),
      area: fc.option(
        fc.array(fc.tuple(fc.integer({ min: 7_400_000, max: 13_500_000 }), fc.integer({ min: 300_000, max: 5_300_000 })), {
          minLength: 3,
          maxLength: 8,
        }),
      ),
      commute: fc.option(
        fc.record({
          minutes: fc.constantFrom(15 as const, 30 as const, 45 as const),
          stationId: fc.option(fc.integer({ min: 1, max: 2_000_000_000 })),
          at: fc.option(
            fc.record({
              lat: fc.integer({ min: 300_000, max: 5_300_000 }),
              lng: fc.integer({ min: 7_400_000, max: 13_500_000 }),
            }),
          ),
        }),
      ),
    });
    fc.assert(
      fc.property(info, (x) => {
        const state: MapSearchInfo = {
          channel: x.channel,
          centre: x.centre && { lat: x.centre.lat / 100_000, lng: x.centre.lng / 100_000 },
          zoom: x.zoom,
          selected: x.selected,
          page: x.page,
          filters: Object.fromEntries(MAP_FILTER_KEYS[x.channel].map((k, i) => [k, x.codes[i]!])),
          // A station is of the chosen line; a commute's workplace is a station or a point, not both.
          line: x.line,
          station: x.line === null ? null : x.station,
          area: x.area && x.area.map(([lng, lat]) => [lng / 100_000, lat / 100_000] as [number, number]),
          commute: x.commute && {
            minutes: x.commute.minutes,
            stationId: x.commute.stationId,
            at:
              x.commute.stationId === null && x.commute.at
                ? { lat: x.commute.at.lat / 100_000, lng: x.commute.at.lng / 100_000 }
                : null,
          },
        };
        expect(parseMapSearch(formatMapSearch(state))).toEqual(state);
      }),
    );
  });

  it('never throws on any address, and keeps values in range', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const info = parseMapSearch(s);
        if (info.zoom !== null) expect(info.zoom).toBeGreaterThanOrEqual(9);
        expect(info.page).toBeGreaterThanOrEqual(1);
      }),
    );
    expect(parseMapSearch('?lat=999&lng=abc&z=-1&c=0&pg=1e9').centre).toBeNull();
    // A time not offered is no commute; a station without its line is dropped.
    expect(parseMapSearch('?cm=20&cst=5').commute).toBeNull();
    expect(parseMapSearch('?st=5').station).toBeNull();
    expect(parseMapSearch('?cm=30&clng=116.4&clat=39.9').commute).toEqual({
      minutes: 30,
      stationId: null,
      at: { lat: 39.9, lng: 116.4 },
    });
  });
});
