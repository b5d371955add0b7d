import { DELETED_KINDS, PUBLIC_PAGE_PATHS } from '@csp/contracts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { backupBeforeUpgrade } from './db/backups.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { loggerOptions } from './lib/logging.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createFileStore, type FileStore } from './lib/storage.ts';
import { appDepsOf, buildServices } from './services.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin, { errorBody } from './plugins/errors.ts';
import openapiPlugin from './plugins/openapi.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import { geocodeRoutes } from './modules/geocode/geocode.routes.ts';
import { giftsRoutes } from './modules/gifts/gifts.routes.ts';
import { officeLocationRoutes } from './modules/office-location/office-location.routes.ts';
import { attendanceRoutes } from './modules/attendance/attendance.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { backupsRoutes } from './modules/backups/backups.routes.ts';
import { deletedRecordsRoutes } from './modules/deleted-records/deleted-records.routes.ts';
import { homeVisitsRoutes, homeVisitUploadRoutes } from './modules/home-visits/home-visits.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import securityPlugin from './plugins/security.ts';
import compressionPlugin from './plugins/compression.ts';
import etagPlugin from './plugins/etag.ts';
import idempotencyPlugin from './plugins/idempotency.ts';
import serverTimingPlugin from './plugins/server-timing.ts';
import { activitiesRoutes, activityPhotoUploadRoutes } from './modules/activities/activities.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { MULTIPART_LIMITS } from './modules/files/files.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { organisationRoutes } from './modules/organisation/organisation.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { leavesRoutes } from './modules/leaves/leaves.routes.ts';
import {
  measurementPhotoUploadRoutes,
  measurementsRoutes,
} from './modules/measurements/measurements.routes.ts';
import { studentsRoutes } from './modules/students/students.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    mailer: Mailer;
    /** Uploaded files (local disk under DATA_DIR/uploads unless overridden). */
    storage: FileStore;
  }
}

export interface AppOverrides {
  /** Use an already open database (tests share one per file). It is not closed with the app. */
  database?: Database;
  mailer?: Mailer;
  storage?: FileStore;
  /** Where log lines go (tests read them); stdout when absent. */
  logStream?: Writable;
}

/** JSON bodies above this are refused with 413; uploads have their own limits. */
const JSON_BODY_LIMIT = 256 * 1024;

/**
 * A hop count trusts that many proxies nearest the server (the socket's peer first), like Express;
 * Fastify's own number form trusts none. A list trusts exactly those proxy addresses/CIDRs.
 */
function trustProxyOption(trust: Config['trustProxy']) {
  if (trust === undefined) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, overrides.logStream),
    bodyLimit: JSON_BODY_LIMIT,
    // The router's own refusals (an undecodable URL, a path segment over maxParamLength) answer the one
    // error shape too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const message =
        status === 414
          ? 'The address of this request is too long'
          : 'The address of this request is not valid';
      void reply.code(status).send(errorBody(status, message));
    },
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      migrationUrl: config.databaseMigrationUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      inMemory: config.inMemoryDatabase,
      // An embedded database migrated by an older version is backed up before it is upgraded.
      beforeUpgrade:
        config.backup.everyHours > 0
          ? async (snapshot) => {
              const backup = await backupBeforeUpgrade(snapshot, config.backup.dir);
              app.log.info(`backup before upgrading the database: ${backup.file}`);
            }
          : undefined,
    }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate(
    'mailer',
    overrides.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
  );
  app.decorate('storage', overrides.storage ?? createFileStore(config));
  if (!overrides.database) app.addHook('onClose', async () => database.close());

  await app.register(errorsPlugin);
  await app.register(serverTimingPlugin);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  // After the handles and plugins they are built from: each service once, given those (services.ts).
  app.decorate('services', buildServices(appDepsOf(app)));
  // Uploads are read in stream mode by the routes that take them (files.service.ts readUpload), each
  // with its own size limit; these are the ceilings for every multipart request.
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  await app.register(
    async (api) => {
      await api.register(etagPlugin);
      await api.register(idempotencyPlugin);
      // After the idempotency plugin's lookup: a keyed request answered again from the store is not a
      // new write, and costs nothing (decision 0033).
      api.addHook('preHandler', app.userWriteLimit);
      await api.register(compressionPlugin);
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(notificationsRoutes, { prefix: '/notifications' });
      await api.register(studentsRoutes, { prefix: '/students' });
      await api.register(dashboardRoutes, { prefix: '/dashboard' });
      await api.register(measurementsRoutes, { prefix: '/measurements' });
      await api.register(activitiesRoutes, { prefix: '/activities' });
      await api.register(activityPhotoUploadRoutes, { prefix: '/file-upload/activities' });
      await api.register(measurementPhotoUploadRoutes, { prefix: '/file-upload/measurement' });
      await api.register(homeVisitsRoutes, { prefix: '/home-visits' });
      await api.register(homeVisitUploadRoutes, { prefix: '/file-upload/home-visit' });
      await api.register(settingsRoutes, { prefix: '/settings' });
      await api.register(geocodeRoutes, { prefix: '/geocode' });
      await api.register(giftsRoutes, { prefix: '/gifts' });
      await api.register(leavesRoutes, { prefix: '/leaves' });
      await api.register(officeLocationRoutes, { prefix: '/office-location' });
      await api.register(attendanceRoutes, { prefix: '/attendance' });
      await api.register(filesRoutes, { prefix: '/files' });
      await api.register(organisationRoutes, { prefix: '/organisation' });
      await api.register(auditRoutes, { prefix: '/audit' });
      await api.register(backupsRoutes, { prefix: '/backups' });
      for (const kind of DELETED_KINDS) {
        await api.register(deletedRecordsRoutes(kind), { prefix: `/${kind}` });
      }
    },
    { prefix: '/api' },
  );

  const webRoot =
    config.webDistDir && existsSync(path.join(config.webDistDir, 'index.html'))
      ? config.webDistDir
      : undefined;
  // The build's login.html is index.html with the sign-in page already rendered in it (apps/web:
  // src/prerender.tsx), sent for /login only: every other path, signed-in pages included, starts empty.
  // Its public.html is index.html without the preloads of the signed-in pages' chunks (vite.config.ts),
  // sent for the other public pages.
  const built = (file: string) =>
    webRoot !== undefined && existsSync(path.join(webRoot, file)) ? file : 'index.html';
  const loginDocument = built('login.html');
  const publicDocument = built('public.html');
  const publicPages = new Set<string>(PUBLIC_PAGE_PATHS);
  const documentOf = (pathname: string) =>
    pathname === '/login' ? loginDocument : publicPages.has(pathname) ? publicDocument : 'index.html';
  if (webRoot) {
    // Files under /assets/ have content-hashed names: cached for a year and never revalidated. The
    // rest (index.html, favicon) are revalidated on every use, so a new release shows at once. The
    // build writes .br and .gz beside each file; they are sent to clients that accept them.
    const root = path.resolve(webRoot);
    const assetsDir = path.join(root, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // One not-found handler: unknown API routes and missing assets answer JSON 404; with the web app
  // built, any other GET or HEAD gets index.html (/login: login.html; the other public pages:
  // public.html) so the single-page app's own router handles the path.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isAsset = pathname.startsWith('/assets/');
    if (webRoot && (request.method === 'GET' || request.method === 'HEAD') && !isApi && !isAsset) {
      return reply.sendFile(documentOf(pathname));
    }
    return reply.code(404).send(errorBody(404, `Route ${request.method} ${pathname} not found`));
  });
  return app;
}
