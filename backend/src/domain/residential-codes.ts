import { NEW_HOME } from '@contracts/residential';

/**
 * The codes of residential columns that the list calls filter by and the seed writes (new_projects.property_type,
 * rentals.rent_type): they sit below both, so the seed never reaches into modules/. Their names are the options
 * of the channels' declarations (contracts/residential.ts: NEW_HOME's `wy`, RENT's `rt`), in this order.
 */

/** Main property types (new_projects.property_type). */
export const PROPERTY_TYPE = { HOME: 1, VILLA: 2, SERVICED: 3, OFFICE: 4, SHOP: 5 } as const;

const propertyTypes = NEW_HOME.filters.find((f) => f.key === 'propertyType')!.options;
export const propertyTypeName = (code: number): string => propertyTypes.find((o) => o.code === code)!.label;

/** rentals.rent_type (the rt filter). */
export const RENT_TYPE = { WHOLE: 1, SHARED: 2 } as const;
