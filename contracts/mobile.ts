/**
 * spec §3: a mobile number is shown masked — first 3 digits, `***`, last 4 (`138***8000`). Zod-free so the
 * browser can import it; the backend masks the number before it leaves (userInfo, login answers).
 */
export const MASKED_MOBILE_PATTERN = /^\d{3}\*{3}\d{4}$/;

/** Masks an 11-digit number; an already masked one is returned as it is; anything else is masked whole. */
export function maskMobile(mobile: string): string {
  const m = mobile.trim();
  if (MASKED_MOBILE_PATTERN.test(m)) return m;
  if (!/^\d{11}$/.test(m)) return m.length > 0 ? '***' : '';
  return `${m.slice(0, 3)}***${m.slice(-4)}`;
}
