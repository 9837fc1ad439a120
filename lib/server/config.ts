import 'server-only';
import { currentSettings } from '../settings';

/** The web process's settings (server side only; the proxy uses `currentSettings()` directly). */
export const config = currentSettings();
export type { WebSettings } from '../settings';
