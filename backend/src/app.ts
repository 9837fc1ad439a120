import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ok } from '../../contracts/envelope';
import { ApiPath } from '../../contracts/paths';
import type { Config } from './config';
import type { Db } from './db/client';
import { badRequest, registerErrorHandling, tooManyRequests } from './http/errors';
import { registerAgents } from './modules/portal/agents';
import { registerCities } from './modules/portal/cities';
import { registerConditions } from './modules/portal/conditions';
import { registerFooter } from './modules/portal/footer';
import { registerHome } from './modules/portal/home';
import { registerListings } from './modules/portal/listings';
import { registerLocation } from './modules/portal/location';
import { registerMenus } from './modules/portal/menus';
import { registerSuggestions } from './modules/portal/suggestions';
import { registerSso } from './modules/sso/routes';
import { clearSessionCookie } from './modules/sso/sessions';
import { registerStorageRoutes } from './modules/storage/routes';
import type { Storage } from './modules/storage';

export interface AppDeps {
  db: Db;
  config: Config;
  storage: Storage;
}

export async function buildApp({ db, config, storage }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    // The web process on this machine forwards the visitor's address (X-Forwarded-For); nobody else is trusted.
    trustProxy: 'loopback',
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, (reply) => clearSessionCookie(reply, config));

  // JSON bodies: an empty body is an empty object (spec §7 "none shown" payloads); bad JSON is a 400.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('body: malformed JSON'), undefined);
    }
  });

  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(`请求过于频繁，请${Math.ceil(context.ttl / 1000)}秒后再试`),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: '优居 backend API', version: '0.1.0', description: 'Envelope { code, succeed, msg, data } on every answer; see docs/api.md.' },
    },
    transform: jsonSchemaTransform,
  });

  registerCities(app, db);
  registerLocation(app, db, config);
  registerMenus(app, db);
  registerFooter(app, db, config);
  registerHome(app, db);
  registerConditions(app, db);
  registerListings(app, db);
  registerSuggestions(app, db);
  registerAgents(app, db);
  registerSso(app, db, config);
  registerStorageRoutes(app, storage);

  app.get(ApiPath.healthz, { schema: { hide: true } }, async () => ok({ status: 'ok' }));
  app.get(ApiPath.openapi, { schema: { hide: true } }, async () => app.swagger());
  return app;
}

