/**
 * Runs once when the web server starts. The Node-only part lives in its own module so that the Edge
 * build of this file never sees process.exit.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') await import('./lib/server/settings-check');
}
