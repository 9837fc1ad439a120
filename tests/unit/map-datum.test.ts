import { describe, expect, it } from 'vitest';
import { DATA_DATUM, datumShift, tileSourceOf } from '@/components/map/datum';

/**
 * The map's datum choice (components/map/datum.ts): the data is WGS-84; a GCJ-02 tile source (AMap and most sources
 * licensed in China) gets every point shifted WGS-84 → GCJ-02 by gcoord, a WGS-84 one (OpenStreetMap) nothing.
 */
const TIANANMEN_WGS84: [number, number] = [116.39747, 39.90882];
const metres = (a: [number, number], b: [number, number]) =>
  Math.hypot((a[0] - b[0]) * 111_195 * Math.cos((a[1] * Math.PI) / 180), (a[1] - b[1]) * 111_195);

describe('the tile setting', () => {
  it('is no tile source (the drawn base map) when unset or blank', () => {
    expect(tileSourceOf({})).toBeNull();
    expect(tileSourceOf({ url: '  ' })).toBeNull();
  });

  it('reads an XYZ template and its datum, WGS-84 unless told GCJ-02', () => {
    const amap = tileSourceOf({
      url: 'https://webrd0{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}',
      datum: 'GCJ-02',
      subdomains: '1234',
    });
    expect(amap).toEqual({
      url: 'https://webrd0{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}',
      datum: 'gcj02',
      subdomains: '1234',
      attribution: '',
    });
    expect(tileSourceOf({ url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' })?.datum).toBe('wgs84');
  });

  it('refuses a template without {x}/{y}/{z} and a datum it does not know', () => {
    expect(() => tileSourceOf({ url: 'https://tiles.example/{z}/{x}.png' })).toThrow(/\{x\}, \{y\} and \{z\}/);
    expect(() => tileSourceOf({ url: 'ftp://tiles.example/{z}/{x}/{y}.png' })).toThrow(/http/);
    expect(() => tileSourceOf({ url: 'https://t.example/{z}/{x}/{y}.png', datum: 'bd09' })).toThrow(/gcj02 or wgs84/);
  });
});

describe('the conversion chosen', () => {
  it('the data is WGS-84', () => {
    expect(DATA_DATUM).toBe('wgs84');
  });

  it('none for the drawn base map and for WGS-84 tiles', () => {
    expect(datumShift(DATA_DATUM, null)).toBeNull();
    expect(datumShift(DATA_DATUM, 'wgs84')).toBeNull();
  });

  it('WGS-84 → GCJ-02 for GCJ-02 tiles: Tiananmen moves some 600 m east-north-east, and back within a metre', () => {
    const shift = datumShift(DATA_DATUM, 'gcj02')!;
    const gcj = shift.forward(TIANANMEN_WGS84);
    expect(gcj[0]).toBeGreaterThan(TIANANMEN_WGS84[0] + 0.005);
    expect(gcj[1]).toBeGreaterThan(TIANANMEN_WGS84[1] + 0.001);
    expect(metres(gcj, TIANANMEN_WGS84)).toBeGreaterThan(400);
    expect(metres(gcj, TIANANMEN_WGS84)).toBeLessThan(800);
    expect(metres(shift.back(gcj), TIANANMEN_WGS84)).toBeLessThan(1);
  });

  it('leaves a point outside China as it is (GCJ-02 is China only)', () => {
    const shift = datumShift(DATA_DATUM, 'gcj02')!;
    expect(shift.forward([2.2945, 48.8584])).toEqual([2.2945, 48.8584]);
  });
});
