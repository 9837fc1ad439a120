import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CHANNELS } from '@contracts/channels';
import { esfConditionsSchema, esfListQuerySchema } from '@contracts/esf';
import { estateConditionsSchema, estateListQuerySchema } from '@contracts/estate';
import { newHomeConditionsSchema, newHomeListQuerySchema } from '@contracts/new-home';
import { codeCount, isRowFilter, optionsOf, RESIDENTIAL, type ResidentialChannel } from '@contracts/residential';
import { rentConditionsSchema, rentListQuerySchema } from '@contracts/rent';
import { messages } from '@/lib/messages';

/** Each residential channel's schemas, as the contracts derive them from its declaration. */
const schemas: Record<ResidentialChannel, { list: z.ZodType; conditions: z.ZodObject }> = {
  esf: { list: esfListQuerySchema, conditions: esfConditionsSchema },
  new: { list: newHomeListQuerySchema, conditions: newHomeConditionsSchema },
  rent: { list: rentListQuerySchema, conditions: rentConditionsSchema },
  estate: { list: estateListQuerySchema, conditions: estateConditionsSchema },
};

describe('the residential declarations (contracts/residential.ts) and what is derived from them', () => {
  for (const code of Object.keys(RESIDENTIAL) as ResidentialChannel[]) {
    const decl = RESIDENTIAL[code];
    const channel = CHANNELS[code];

    it(`${code}: the registry's tokens, codes and sort range are the declaration's`, () => {
      expect(decl.filters.length).toBeGreaterThan(0);
      expect(channel.filters).toEqual(
        decl.filters.map((f) => ({
          token: f.token,
          key: f.key,
          max: codeCount(f),
          multiple: f.multiple,
          ...(f.kind === 'bound' ? { bound: { row: f.row, end: f.end, unit: f.unit } } : {}),
        })),
      );
      expect(channel.maxSort).toBe(decl.sorts.length - 1);
      expect(decl.sorts[0]!.label).toBe('默认排序');
    });

    it(`${code}: a bound refines a row of the declaration, and comes with the other end`, () => {
      for (const f of decl.filters) {
        if (f.kind !== 'bound') continue;
        expect(
          decl.filters.find((r) => r.key === f.row && isRowFilter(r)),
          f.key,
        ).toBeDefined();
        expect(decl.filters.filter((b) => b.kind === 'bound' && b.row === f.row).map((b) => b.kind === 'bound' && b.end)).toEqual(
          ['from', 'to'],
        );
      }
    });

    it(`${code}: every filter has codes 1…n in every price tier, and a row name`, () => {
      for (const f of decl.filters.filter(isRowFilter)) {
        for (const priceTier of [1, 2, 3]) {
          const codes = optionsOf(f, { priceTier, year: 2026 }).map((o) => o.code);
          expect(codes, `${f.key} tier ${priceTier}`).toEqual(Array.from({ length: codeCount(f) }, (_, i) => i + 1));
        }
        expect(messages.filterLabels[f.key], f.key).toMatch(/\S/);
      }
    });

    it(`${code}: the list request takes each filter's codes 1…n and refuses n+1; the conditions answer has its rows`, () => {
      const base = { cityCode: '110000' };
      for (const f of decl.filters) {
        const n = codeCount(f);
        // A row takes several of its codes (a row of one option, 降价, only that one); a bound (priceFrom) one number.
        const many = isRowFilter(f) && n > 1;
        expect(schemas[code].list.safeParse({ ...base, [f.key]: [1, n] }).success, `${f.key} 1,${n}`).toBe(many);
        expect(schemas[code].list.safeParse({ ...base, [f.key]: [n] }).success, `${f.key} ${n}`).toBe(true);
        expect(schemas[code].list.safeParse({ ...base, [f.key]: [n + 1] }).success, `${f.key} ${n + 1}`).toBe(false);
      }
      expect(Object.keys(schemas[code].conditions.shape)).toEqual([
        'districts',
        'subwayLines',
        ...decl.filters.filter(isRowFilter).map((f) => f.key),
        'sorts',
      ]);
    });
  }
});
