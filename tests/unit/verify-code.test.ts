import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseVerifyCode, verifyCodeOf, VERIFIABLE_CHANNELS } from '@contracts/verify-code';

describe('房源核验码', () => {
  it('reads back the listing it was made from, however it is typed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VERIFIABLE_CHANNELS), fc.integer({ min: 1, max: 2_147_483_647 }), (channel, id) => {
        const code = verifyCodeOf(channel, id);
        expect(parseVerifyCode(code)).toEqual({ ok: true, channel, id });
        expect(parseVerifyCode(` ${code.toLowerCase().replace(/^(yj\d)/, '$1-')} `)).toEqual({ ok: true, channel, id });
      }),
    );
  });

  it('catches any single mistyped digit as a wrong code', () => {
    const code = verifyCodeOf('esf', 123456);
    expect(code).toBe('YJ112345692');
    for (let i = 2; i < code.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === code[i]) continue;
        const typo = `${code.slice(0, i)}${d}${code.slice(i + 1)}`;
        const parsed = parseVerifyCode(typo);
        expect(parsed.ok, typo).toBe(false);
      }
    }
    expect(parseVerifyCode('YJ112345693')).toEqual({ ok: false, reason: 'check' });
  });

  it('never throws, and says format for what is no code at all', () => {
    fc.assert(fc.property(fc.string(), (s) => void parseVerifyCode(s)));
    for (const s of ['', 'YJ', '12345', 'YJ0123', 'YJ7123401', 'YJ1999999999999', 'AB112345692']) {
      expect(parseVerifyCode(s)).toEqual({ ok: false, reason: 'format' });
    }
  });
});
