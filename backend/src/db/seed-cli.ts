import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openStorage } from '../storage';
import { openDatabase } from './client';
import { isSeeded, seedDatabase } from './seed';

/**
 * `npm run seed -- --size N --data-dir DIR`: migrate and seed a database (the bench uses a separate
 * `.bench-data` with ≥200k listings). Refuses to seed twice; `--force` is not offered on purpose: delete the
 * data directory to start again.
 */
const { values } = parseArgs({
  options: { size: { type: 'string' }, 'data-dir': { type: 'string' } },
});
const config = loadConfig({
  ...process.env,
  ...(values.size ? { SEED_SIZE: values.size } : {}),
  ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}),
});
const database = await openDatabase(config);
try {
  await database.migrate();
  if (await isSeeded(database.db)) {
    console.log(`already seeded (${config.DATABASE_URL ? 'DATABASE_URL' : config.DATA_DIR}); nothing to do`);
  } else {
    const result = await seedDatabase(database.db, openStorage(config), config.SEED_SIZE);
    console.log(
      `seeded ${result.listings} listings, ${result.rentals} rentals, ${result.communities} communities, ${result.projects} new-home projects, ${result.shops} shops and ${result.offices} offices in ${(result.ms / 1000).toFixed(1)} s`,
    );
  }
} finally {
  await database.close();
}
