/**
 * One schema for PGlite and PostgreSQL (ARCHITECTURE "Data"), one file per area; drizzle-kit reads it through this
 * file (drizzle.config.ts), so a table not exported here is a table the migrations never see.
 */
export type { ListingPhoto } from './columns';
export * from './cities';
export * from './places';
export * from './agents';
export * from './esf';
export * from './rent';
export * from './new-home';
export * from './commercial';
export * from './users';
export * from './cache-changes';
export * from './uploads';
export * from './viewings';
export * from './entrusts';
export * from './engagement';
export * from './im';
export * from './tracking';
export * from './price-changes';
export * from './news';
export * from './alerts';
