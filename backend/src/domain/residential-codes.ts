/**
 * The codes of residential columns that the list calls filter by and the seed writes (new_projects.property_type,
 * rentals.rent_type): they sit below both, so the seed never reaches into modules/.
 */

/** Main property types (new_projects.property_type) and their names (new_projects.property_types). */
export const PROPERTY_TYPE = { HOME: 1, VILLA: 2, SERVICED: 3, OFFICE: 4, SHOP: 5 } as const;
export const PROPERTY_TYPE_OPTIONS = [
  { code: PROPERTY_TYPE.HOME, label: '住宅' },
  { code: PROPERTY_TYPE.VILLA, label: '别墅' },
  { code: PROPERTY_TYPE.SERVICED, label: '商住' },
  { code: PROPERTY_TYPE.OFFICE, label: '写字楼' },
  { code: PROPERTY_TYPE.SHOP, label: '商铺' },
];
export const propertyTypeName = (code: number): string => PROPERTY_TYPE_OPTIONS.find((o) => o.code === code)!.label;

/** rentals.rent_type (the rt filter). */
export const RENT_TYPE = { WHOLE: 1, SHARED: 2 } as const;
export const RENT_TYPE_OPTIONS = [
  { code: RENT_TYPE.WHOLE, label: '整租' },
  { code: RENT_TYPE.SHARED, label: '合租' },
];
