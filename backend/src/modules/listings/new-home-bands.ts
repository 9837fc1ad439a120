import { NEW_HOME } from '@contracts/residential';

/**
 * What the 新房 seed shares with the list: the codes of the main property types (the `wy` filter of
 * contracts/residential.ts NEW_HOME, whose options name them in this order) and their names.
 */
export const PROPERTY_TYPE = { HOME: 1, VILLA: 2, SERVICED: 3, OFFICE: 4, SHOP: 5 } as const;

const propertyTypes = NEW_HOME.filters.find((f) => f.key === 'propertyType')!.options;
export const propertyTypeName = (code: number): string => propertyTypes.find((o) => o.code === code)!.label;
