/**
 * Contract constants without zod, so browser code can import them without shipping the schema library
 * (about 30 kB gzip). The schema modules re-export them; the backend validates every answer against the
 * schemas before it leaves, so the browser checks only the envelope.
 */

/** spec §7 recommends: the channels a keyword search can run in. */
export const CHANNEL_CODES = ['esf', 'new', 'rent', 'estate', 'shop_sale', 'shop_rent', 'offices_sale', 'offices_rent'] as const;
export type ChannelCode = (typeof CHANNEL_CODES)[number];

// The suggestion kinds and the keyword's length live with the search box's part (contracts/search-constants.ts).
export { Angle, KEYWORD_MAX } from './search-constants';

/** Mainland mobile numbers: 11 digits starting 1[3-9]. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_PATTERN = /^\d{6}$/;
export const PASSWORD_LENGTH = { min: 6, max: 32 } as const;

/** List pages of every channel: 30 records a page unless the channel says otherwise (新房: 10), at most 100 pages. */
export const LIST_PAGE_SIZE = 30;
export const LIST_MAX_PAGE = 100;

/**
 * Largest request body the backend takes (1 MiB); a larger one is answered 413. The web proxy refuses larger
 * bodies with the same number before forwarding them.
 */
export const API_BODY_LIMIT = 1024 * 1024;
/** spec §5 image upload defaults (contracts/upload.ts): jpg, jpeg, png, case-insensitive; 5 MB each; 9 files. */
export const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const UPLOAD_MAX_MB = 5;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
export const UPLOAD_MAX_FILES = 9;
/**
 * Images one user (or one agent's desk) may have checked by the backend at once, decoding or waiting to
 * (backend modules/uploads/image-work.ts): the web sends its callbacks at most this many at a time
 * (lib/upload/callback-turns.ts); past it the backend answers 429.
 */
export const UPLOAD_CHECKS_PER_USER = 2;
/**
 * The one body over API_BODY_LIMIT: a PostObject form to the local OSS host (OSS_POST_PATH), one file within
 * UPLOAD_MAX_BYTES plus the form fields. A file over UPLOAD_MAX_BYTES but within this still reaches the
 * policy check, which refuses it as OSS would.
 */
export const UPLOAD_BODY_LIMIT = UPLOAD_MAX_BYTES + 64 * 1024;
