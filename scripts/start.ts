/**
 * `npm start`: build the web if needed, start the backend (it creates and seeds the embedded database on
 * first run), then the web, and print the city URLs. Ctrl-C stops both.
 */
import { deskOrigin } from '@contracts/hosts';
import { assertPortFree, buildWebIfStale, startBackend, startWeb, stopAll, waitForHttp, type Started } from './processes';

const backendPort = Number(process.env.BACKEND_PORT ?? 4000);
const webPort = Number(process.env.PORT ?? 3000);
const backendUrl = process.env.BACKEND_URL ?? `http://127.0.0.1:${backendPort}`;
const rootDomain = process.env.PORTAL_ROOT_DOMAIN ?? `localhost:${webPort}`;
const protocol = process.env.PORTAL_PROTOCOL ?? 'http';

interface CityItem {
  cityName: string;
  cityDomain: string;
}

async function main(): Promise<void> {
  await buildWebIfStale();
  await assertPortFree(backendPort, 'backend');
  await assertPortFree(webPort, 'web');
  const running: Started[] = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping web and backend…');
    await stopAll(running);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  // The operator API is open only with a token of the caller's choosing, never the development one.
  const backend = startBackend({
    BACKEND_PORT: String(backendPort),
    PORTAL_ROOT_DOMAIN: rootDomain,
    OPS_TOKEN: process.env.OPS_TOKEN,
  });
  running.push(backend);
  backend.child.on('exit', () => void shutdown(1));
  // The first start seeds the database, which takes a while on a fresh machine.
  await waitForHttp(`${backendUrl}/healthz`, backend, 10 * 60_000);

  const web = startWeb(webPort, { BACKEND_URL: backendUrl, PORTAL_ROOT_DOMAIN: rootDomain, PORT: String(webPort) });
  running.push(web);
  web.child.on('exit', () => void shutdown(1));
  await waitForHttp(`http://127.0.0.1:${webPort}/`, web, 60_000, { host: `bj.${rootDomain}` });

  const res = await fetch(`${backendUrl}/yjyz.web.api/v1/cities`);
  const body = (await res.json()) as { data: { all: { list: CityItem[] }[] } };
  console.log('\n优居 is running. Cities:');
  for (const city of body.data.all.flatMap((g) => g.list)) {
    console.log(`  ${city.cityName.padEnd(3, '　')} ${protocol}://${city.cityDomain}.${rootDomain}/`);
  }
  console.log(
    `\nAgents' desk (经纪人工作台): ${deskOrigin({ protocol, rootDomain })}/ — a token: npm run ops -- agent desk-token <agentId>`,
  );
  console.log('\nPress Ctrl-C to stop.');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
