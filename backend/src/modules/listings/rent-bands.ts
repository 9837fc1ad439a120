/**
 * What the 租房 seed and the house module share with the list: the codes of 整租 and 合租 (the `rt` filter of
 * contracts/residential.ts RENT, whose options name them in this order) and the facilities a detail lists.
 */
export const RENT_TYPE = { WHOLE: 1, SHARED: 2 } as const;

/** Every facility the detail lists, each shown as present or absent (rentDetailSchema.facilities); the 我要出租 form offers the same. */
export { RENT_FACILITIES, type RentFacility } from '@contracts/entrust-rules';
