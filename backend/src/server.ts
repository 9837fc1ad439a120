import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { isSeeded, seedDatabase } from './db/seed';
import { mallocWarning } from './malloc';
import { openStorage } from './storage';

/** `npm run backend`: settings, database (migrated; seeded when empty), listen, close cleanly on a signal. */
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const database = await openDatabase(config);
await database.migrate();
const storage = openStorage(config);
const app = await buildApp({ db: database.db, config, storage });
const malloc = mallocWarning();
if (malloc) app.log.warn(malloc);

if (!(await isSeeded(database.db))) {
  app.log.info({ size: config.SEED_SIZE }, 'empty database: seeding');
  const result = await seedDatabase(database.db, storage, config.SEED_SIZE);
  const { ms, ...counts } = result;
  app.log.info({ ...counts, ms }, 'seeded');
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  });
}

await app.listen({ host: config.BACKEND_HOST, port: config.BACKEND_PORT });
