import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './lib/service-deps.ts';
import { createActivitiesService } from './modules/activities/activities.service.ts';
import { createAttendanceService } from './modules/attendance/attendance.service.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createAuthService, type AuthHandles } from './modules/auth/auth.service.ts';
import { createBackupsService } from './modules/backups/backups.service.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { createDeletedRecordsService } from './modules/deleted-records/deleted-records.service.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createGeocodeService } from './modules/geocode/geocode.service.ts';
import { createGiftsService } from './modules/gifts/gifts.service.ts';
import { createGrowthService } from './modules/measurements/growth.service.ts';
import { createHomeVisitsService } from './modules/home-visits/home-visits.service.ts';
import { createLeavesService } from './modules/leaves/leaves.service.ts';
import { createMeasurementsService } from './modules/measurements/measurements.service.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createOfficeLocationService } from './modules/office-location/office-location.service.ts';
import { createOrganisationService } from './modules/organisation/organisation.service.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createStudentsService } from './modules/students/students.service.ts';
import { createUsersService } from './modules/users/users.service.ts';

/**
 * The composition root (decision 0034): every service built once, with the app's real handles, and
 * decorated on the app as `app.services`. Routes call these; a unit test builds one service with fakes.
 */
export function buildServices(app: ServiceHandles) {
  const { db, database, config, log, storage, mailer, tokens, rateLimits } = app;
  return {
    activities: createActivitiesService({ db, config, log, storage }),
    attendance: createAttendanceService({ db, config }),
    audit: createAuditService({ db }),
    auth: createAuthService({ db, config, log, storage, mailer, tokens, rateLimits }),
    backups: createBackupsService({ database, config }),
    dashboard: createDashboardService({ db }),
    deletedRecords: createDeletedRecordsService({ db, storage, log }),
    files: createFilesService({ db, config, log, storage }),
    geocode: createGeocodeService({ config, log }),
    gifts: createGiftsService({ db, config, log, storage }),
    growth: createGrowthService({ db }),
    homeVisits: createHomeVisitsService({ db, config, log, storage }),
    leaves: createLeavesService({ db, config, log, mailer }),
    measurements: createMeasurementsService({ db, config, log, storage }),
    notifications: createNotificationsService({ db, config }),
    officeLocation: createOfficeLocationService({ db, config }),
    organisation: createOrganisationService({ config }),
    settings: createSettingsService({ db }),
    students: createStudentsService({ db, config }),
    users: createUsersService({ db, config, log, storage }),
  };
}

export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** The app's handles and, for the auth service, the session tokens and sign-in limits of its plugins. */
export type ServiceHandles = AppDeps & AuthHandles;

/** The app's handles as the services take them (never the instance itself). */
export const appDepsOf = (app: FastifyInstance): ServiceHandles => ({
  db: app.db,
  database: app.database,
  config: app.config,
  log: app.log,
  storage: app.storage,
  mailer: app.mailer,
  tokens: {
    sign: app.signToken,
    claims: (token) => app.jwt.decode<{ sid: string; exp: number }>(token)!,
  },
  rateLimits: app.rateLimits,
});
