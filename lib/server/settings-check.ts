import { currentSettings } from '../settings';

// Settings are otherwise parsed on first use (the proxy and server components share lib/settings.ts);
// parsing them when the server starts makes a bad value stop `next start` at once, with a message naming
// the variable, instead of failing every request later. Imported by instrumentation.ts (Node.js only).
try {
  currentSettings();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
