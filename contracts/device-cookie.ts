/**
 * Device unique code cookie (spec §7 common headers): generated once, kept. Its own module because the browser sets it
 * on every first load (lib/client/device-code.ts), and ./paths.ts, which re-exports it, is every API path (≈1.7 kB gzip).
 */
export const DEVICE_COOKIE = 'yj_device';
