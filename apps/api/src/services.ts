import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './lib/service-deps.ts';
import { createActivitiesService } from './modules/activities/activities.service.ts';
import { createAttendanceService } from './modules/attendance/attendance.service.ts';
import { createGiftsService } from './modules/gifts/gifts.service.ts';
import { createGrowthService } from './modules/measurements/growth.service.ts';
import { createHomeVisitsService } from './modules/home-visits/home-visits.service.ts';
import { createLeavesService } from './modules/leaves/leaves.service.ts';
import { createMeasurementsService } from './modules/measurements/measurements.service.ts';
import { createOfficeLocationService } from './modules/office-location/office-location.service.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createStudentsService } from './modules/students/students.service.ts';

/**
 * The composition root (decision 0034): every service built once, with the app's real handles, and
 * decorated on the app as `app.services`. Routes call these; a unit test builds one service with fakes.
 */
export function buildServices(app: AppDeps) {
  const { db, config, log, storage, mailer } = app;
  return {
    activities: createActivitiesService({ db, config, log, storage }),
    attendance: createAttendanceService({ db, config }),
    gifts: createGiftsService({ db, config, log, storage }),
    growth: createGrowthService({ db }),
    homeVisits: createHomeVisitsService({ db, config, log, storage }),
    leaves: createLeavesService({ db, config, log, mailer }),
    measurements: createMeasurementsService({ db, config, log, storage }),
    officeLocation: createOfficeLocationService({ db, config }),
    settings: createSettingsService({ db }),
    students: createStudentsService({ db, config }),
  };
}

export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** The app's handles as the services take them (never the instance itself). */
export const appDepsOf = (app: FastifyInstance): AppDeps => ({
  db: app.db,
  config: app.config,
  log: app.log,
  storage: app.storage,
  mailer: app.mailer,
});
