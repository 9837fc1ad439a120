/**
 * What the header's search box needs of the contract constants (contracts/constants.ts): the suggestion kinds and the
 * keyword's length. The box is on every page, so it reads this part only: the rest of the constants (the mobile and
 * code patterns, the upload limits) would come into every page's first load with it (docs/performance.md
 * "First-load JavaScript"). contracts/constants.ts re-exports both, so each has one home. Zod-free.
 */

/**
 * Suggestion kinds (spec §3 "angle 1-6"), and the search-result path each leads to (spec §2):
 *   1 estate (小区)            → e{id}/
 *   2 district (区域)          → dc{id}/key{name}/
 *   3 business area (商圈)     → dc{parentId}/ta{id}/key{name}/
 *   4 subway line (地铁线)     → sl{id}/key{name}/
 *   5 subway station (地铁站)  → sl{parentId}/ss{id}/key{name}/
 *   6 new-home project (楼盘)  → e{id}/ on the loupan list
 */
export const Angle = {
  ESTATE: 1,
  DISTRICT: 2,
  BUSINESS_AREA: 3,
  SUBWAY_LINE: 4,
  SUBWAY_STATION: 5,
  NEW_HOME: 6,
} as const;
export type Angle = (typeof Angle)[keyof typeof Angle];

export const KEYWORD_MAX = 50;
