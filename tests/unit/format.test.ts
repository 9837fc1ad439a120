import { describe, expect, it } from 'vitest';
import {
  displayName,
  formatArea,
  formatLayout,
  formatRelativeTime,
  formatTotalPrice,
  formatUnitPrice,
  maskMobile,
} from '@/lib/format';

describe('format', () => {
  it('prices', () => {
    expect(formatTotalPrice(350)).toBe('350');
    expect(formatTotalPrice(85.55)).toBe('85.6');
    expect(formatTotalPrice(1234.5)).toBe('1235');
    expect(formatUnitPrice(62345.4)).toBe('62,345元/㎡');
  });
  it('area and layout', () => {
    expect(formatArea(89.456)).toBe('89.46㎡');
    expect(formatLayout(3, 2)).toBe('3室2厅');
    expect(formatLayout(3, 2, 1)).toBe('3室2厅1卫');
  });
  it('masks mobiles: first 3 digits, ***, last 4 (spec §3)', () => {
    expect(maskMobile('13800138000')).toBe('138***8000');
    expect(maskMobile('123')).toBe('***');
    expect(maskMobile('')).toBe('');
    // userInfo already carries the masked number.
    expect(maskMobile('138***8000')).toBe('138***8000');
    expect(displayName({ userName: '', mobile: '13800138000' })).toBe('138***8000');
    expect(displayName({ userName: '小优', mobile: '13800138000' })).toBe('小优');
  });
});

describe('formatRelativeTime boundaries (spec §9, copy.md)', () => {
  const now = new Date(2026, 10, 22, 15, 30, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('under 1 minute is 刚刚', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('刚刚');
    expect(formatRelativeTime(ago(59_999), now)).toBe('刚刚');
    expect(formatRelativeTime(new Date(now.getTime() + 5000), now)).toBe('刚刚');
  });
  it('under 1 hour is {n}分钟前', () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe('1分钟前');
    expect(formatRelativeTime(ago(3_599_999), now)).toBe('59分钟前');
  });
  it('then 今天 / 昨天 HH:mm, then the full date', () => {
    expect(formatRelativeTime(ago(3_600_000), now)).toBe('今天 14:30');
    expect(formatRelativeTime(new Date(2026, 10, 22, 0, 0), now)).toBe('今天 00:00');
    expect(formatRelativeTime(new Date(2026, 10, 21, 23, 59), now)).toBe('昨天 23:59');
    expect(formatRelativeTime(new Date(2026, 10, 21, 0, 0), now)).toBe('昨天 00:00');
    expect(formatRelativeTime(new Date(2026, 10, 20, 23, 59), now)).toBe('2026-11-20 23:59');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
  it('yesterday across a month boundary', () => {
    expect(formatRelativeTime(new Date(2026, 10, 30, 22, 0), new Date(2026, 11, 1, 9, 0))).toBe('昨天 22:00');
  });
});
