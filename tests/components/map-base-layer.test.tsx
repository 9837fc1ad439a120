import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { mapCrs } from '@/components/map/base-layer';
import { tileSourceOf } from '@/components/map/datum';

/**
 * The CRS the maps are made with (components/map/base-layer.ts): plain Web Mercator for the drawn base map and for
 * WGS-84 tiles; for GCJ-02 tiles a WGS-84 point lands on the pixel its GCJ-02 twin has in Web Mercator, and a click
 * there reads back as the WGS-84 point (a drawn area is sent to the API in the data's datum).
 */
const AMAP = tileSourceOf({ url: 'https://webrd0{s}.is.autonavi.com/appmaptile?x={x}&y={y}&z={z}', datum: 'gcj02' });
const OSM = tileSourceOf({ url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' });
const TIANANMEN = L.latLng(39.90882, 116.39747);

describe('mapCrs', () => {
  it('is Web Mercator for the drawn base map and for WGS-84 tiles', () => {
    expect(mapCrs(null)).toBe(L.CRS.EPSG3857);
    expect(mapCrs(OSM)).toBe(L.CRS.EPSG3857);
  });

  it('draws a WGS-84 point where GCJ-02 tiles have it, about 530 m east and 150 m north (hundreds of pixels at zoom 17), and reads a click back', () => {
    const crs = mapCrs(AMAP);
    const plain = L.CRS.EPSG3857.latLngToPoint(TIANANMEN, 17);
    const shifted = crs.latLngToPoint(TIANANMEN, 17);
    // GCJ-02 moves Tiananmen ~ 0.0058° east and ~ 0.0013° north; at zoom 17 a pixel is ≈ 0.92 m here.
    expect(shifted.x - plain.x).toBeGreaterThan(500);
    expect(plain.y - shifted.y).toBeGreaterThan(100);
    const back = crs.pointToLatLng(shifted, 17);
    expect(back.distanceTo(TIANANMEN)).toBeLessThan(1);
  });
});
