import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { inAddressRanges } from '@contracts/address-ranges';
import { API_BODY_LIMIT } from '@contracts/constants';
import { ok } from '@contracts/envelope';
import { ApiPath } from '@contracts/paths';
import type { Config } from './config';
import type { Db } from './db/client';
import { answerClientError, answerFrameworkError, badRequest, registerErrorHandling, tooManyRequests } from './http/errors';
import { registerGoneCallers } from './http/gone-callers';
import { methodNotAllowed } from './http/method-not-allowed';
import { clientBlock } from './http/client-block';
import { strictQueries } from './http/strict-query';
import { registerPersonalAnswers } from './http/personal-answers';
import { registerSameSiteCheck } from './http/same-site';
import { registerCacheChanges } from './modules/cache/changes';
import { followChangeFeed, type FeedReader } from './modules/feed/feed-reader';
import { createSingletons, type Singletons } from './db/singleton';
import { CHANNEL_MODULE_LIST } from './modules/listings/channels/registry';
import { registerPriceHistory } from './modules/listings/price-history';
import { registerLookhouse } from './modules/listings/lookhouse';
import { registerProjectPages } from './modules/listings/project-pages';
import { registerAgentPages } from './modules/portal/agent-pages';
import { registerProjectReviews } from './modules/listings/project-reviews';
import { registerAgentPhone, registerAgents } from './modules/portal/agents';
import { virtualLineOf } from './modules/portal/virtual-numbers';
import { registerCities } from './modules/cities/cities';
import { registerDictionary } from './modules/portal/dictionary';
import { registerFooter } from './modules/portal/footer';
import { registerHome } from './modules/portal/home';
import { registerLocation } from './modules/portal/location';
import { registerMenus } from './modules/portal/menus';
import { registerSuggestions } from './modules/portal/suggestions';
import { registerCommute } from './modules/map/commute';
import { registerMap } from './modules/map/map';
import { createMapCache } from './modules/map/map-cache';
import { registerSitemaps } from './modules/sitemap/sitemap';
import { createSuggestionIndex } from './modules/portal/suggestion-index';
import { registerOpsAgents } from './modules/ops/agents';
import { registerOpsListings } from './modules/ops/listings';
import { registerNews } from './modules/news/news';
import { registerOpsNews } from './modules/news/ops-news';
import { registerViewings } from './modules/viewings/viewings';
import { registerEngagement } from './modules/engagement/engagement';
import { registerEntrust } from './modules/entrust/entrust';
import { openSharedCounters, rateLimitStore, whenReady } from './modules/limits/shared';
import { registerHouse } from './modules/house/house';
import { createLocalHub, createRedisHub, LOGGED_OUT_CLOSE, userParty } from './modules/im/hub';
import { registerDesk } from './modules/im/desk';
import { registerAlertSearches } from './modules/alerts/searches';
import { createAlertsWorker } from './modules/alerts/worker';
import { registerIm } from './modules/im/routes';
import { createImService } from './modules/im/service';
import { loadSensitiveWords } from './modules/im/sensitive-words';
import { registerOpsEntrusts } from './modules/house/publish';
import { registerSso } from './modules/sso/routes';
import { registerStats } from './modules/stats/stats';
import { registerStatsPage } from './modules/stats/report-page';
import { clearSessionCookie, sessionUser } from './http/sessions';
import { registerStorageRoutes } from './modules/storage/routes';
import { ImageWork, imageWorkLimits } from './modules/uploads/image-work';
import { registerUploads } from './modules/uploads/routes';
import { visibilityOf } from './modules/uploads/publication';
import { ownerNames } from './modules/uploads/owner-names';
import type { Storage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's reader of the change feed (tests read it by hand with CACHE_FEED_POLL_MS=0). */
    changeFeed: FeedReader;
    /** Which singleton jobs this process owns (db/singleton.ts). */
    singletons: Singletons;
  }
}

export interface AppDeps {
  db: Db;
  config: Config;
  storage: Storage;
}

export async function buildApp({ db, config, storage }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    // The web processes forward the visitor's address (X-Forwarded-For): believed from BACKEND_TRUSTED_PROXIES only
    // (loopback by default, the web on this machine), hop by hop as long as each hop is one of them, and for at most
    // BACKEND_TRUSTED_PROXY_HOPS hops (hop 0 is the socket's peer).
    trustProxy: (address, hop) =>
      hop < config.BACKEND_TRUSTED_PROXY_HOPS && inAddressRanges(config.BACKEND_TRUSTED_PROXIES, address),
    bodyLimit: API_BODY_LIMIT,
    // Whatever the router or Node's parser refuses is still answered in the envelope (http/errors.ts).
    // (Fastify types this option's reply generically; ours is the plain one.)
    frameworkErrors: (error, _request, reply) => answerFrameworkError(error, reply as FastifyReply),
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, (reply) => clearSessionCookie(reply, config));
  registerSameSiteCheck(app, config);
  strictQueries(app);
  registerGoneCallers(app);
  const answerOtherMethods = methodNotAllowed(app);

  // JSON bodies only: an empty body is an empty object (spec §7 "none shown" payloads); bad JSON is a 400;
  // Fastify's parser keeps refusing __proto__ and constructor keys. Any other content type is a 415.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    parseJson(request, text, (err, value) => (err ? done(badRequest('body: malformed JSON'), undefined) : done(null, value)));
  });

  await app.register(cookie);
  // Before every route, so that an upgrade to any other path is refused (modules/im: the chat's live socket).
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  registerPersonalAnswers(app);
  // With REDIS_URL the counts are shared by every backend process (modules/limits/shared.ts).
  const counters = openSharedCounters(config, app.log);
  app.addHook('onClose', () => counters.close());
  await whenReady(counters);
  const store = rateLimitStore(counters);
  await app.register(rateLimit, {
    global: false,
    // Every limit without a key of its own counts per address block: an IPv6 visitor by its /64 (http/client-block.ts).
    keyGenerator: clientBlock,
    ...(store ? { store } : {}),
    errorResponseBuilder: (_request, context) => tooManyRequests(`请求过于频繁，请${Math.ceil(context.ttl / 1000)}秒后再试`),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: '优居 backend API',
        version: '0.1.0',
        description: 'Envelope { code, succeed, msg, data } on every answer; see docs/api.md.',
      },
    },
    transform: jsonSchemaTransform,
  });

  // The jobs one backend process of many does (alerts, tracking upkeep, upload clean-up): db/singleton.ts. Its hook
  // is added before the jobs' own, so it runs after them (Fastify runs onClose hooks last added first).
  const singletons = createSingletons(db, (err) => app.log.warn({ err }, 'the singleton jobs’ lock connection failed'));
  app.decorate('singletons', singletons);
  app.addHook('onClose', () => singletons.close());
  registerCities(app, db);
  registerLocation(app, db, config);
  registerMenus(app, db);
  registerFooter(app, db, config);
  registerHome(app, db);
  for (const channel of CHANNEL_MODULE_LIST) channel.register(app, db);
  registerProjectReviews(app, db, storage, ownerNames(config.KEY_SECRET));
  registerProjectPages(app, db);
  registerPriceHistory(app, db);
  registerLookhouse(app, db);
  registerNews(app, db);
  // One index for the suggestions and for the operator routes, which drop what a change makes stale in it.
  const suggestionIndex = createSuggestionIndex(db, {
    onError: (err) => app.log.error({ err }, 'suggestion index reload failed'),
  });
  registerSuggestions(app, db, suggestionIndex);
  // The map's aggregates and items in one byte budget, its builds under limits per address and in total.
  const mapCache = createMapCache(app, db, config);
  registerMap(app, db, suggestionIndex, mapCache);
  // 通勤找房 uses the map's channels and their list WHERE (map.ts): registered beside it, not from it.
  registerCommute(app, db, mapCache);
  registerDictionary(app, db);
  registerSitemaps(app, db, config);
  registerAgents(app, db);
  registerAgentPhone(app, db, virtualLineOf(config));
  registerAgentPages(app, db);
  // 在线咨询: one hub per process; with REDIS_URL every instance's sockets share deliveries (modules/im/hub.ts).
  const hub = config.REDIS_URL ? createRedisHub(config.REDIS_URL, counters.prefix, app.log) : createLocalHub();
  app.addHook('onClose', () => hub.close());
  await hub.ready();
  const im = createImService(db, hub, loadSensitiveWords(config.IM_SENSITIVE_WORDS_FILE), app.log, virtualLineOf(config));
  // A session that ends (logout, a password change) closes the user's chat sockets at once.
  registerSso(app, db, config, counters, (userId) => hub.closeParty(userParty(userId), LOGGED_OUT_CLOSE, 'session ended'));
  // Private objects go to their owner (the session's user) and a chat's other end only (uploads/publication.ts).
  registerStorageRoutes(app, storage, (key, request) =>
    visibilityOf(db, key, async () => {
      const user = await sessionUser(db, request);
      return user ? { userId: user.id } : null;
    }),
  );
  // One bound on decoding users' images for the uploads and the desk (uploads/image-work.ts).
  const imageWork = new ImageWork(imageWorkLimits(config));
  await registerUploads(app, db, config, storage, imageWork, singletons.runAlone);
  // What this process keeps of the listings follows every process's writes, not only its own (feed/feed-reader.ts);
  // a web asking for the feed hears of a change only once this process has dropped what it makes stale.
  const feed = followChangeFeed(db, { intervalMs: config.CACHE_FEED_POLL_MS, index: suggestionIndex, log: app.log });
  registerCacheChanges(app, db, () => feed.caughtUp());
  app.decorate('changeFeed', feed);
  app.addHook('onReady', () => feed.start());
  app.addHook('onClose', () => feed.stop());
  registerOpsListings(app, db, config, suggestionIndex);
  registerOpsAgents(app, db, config);
  registerOpsNews(app, db, config);
  registerViewings(app, db, config);
  registerEngagement(app, db);
  registerStats(app, db, config, counters, singletons.runAlone);
  registerStatsPage(app, db, config);
  registerEntrust(app, db, storage);
  registerOpsEntrusts(app, db, config, suggestionIndex);
  registerHouse(app, db, suggestionIndex);
  app.decorate('im', im);
  registerIm(app, db, config, im);
  // 订阅 and 优居找房助手: saved searches, and the worker that reads the change feed and writes through the chat.
  registerAlertSearches(app, db);
  const alerts = createAlertsWorker(db, im, app.log);
  app.decorate('alerts', alerts);
  if (config.ALERTS_POLL_MS > 0) alerts.start(config.ALERTS_POLL_MS, singletons.runAlone);
  app.addHook('onClose', () => alerts.stop());
  // 经纪人工作台: the agents' side of the same conversations, behind an operator's desk token.
  await registerDesk(app, db, config, storage, im, imageWork);

  app.get(ApiPath.healthz, { schema: { hide: true } }, async () => ok({ status: 'ok' }));
  app.get(ApiPath.openapi, { schema: { hide: true } }, async () => app.swagger());
  answerOtherMethods();
  return app;
}
