import type { OutboxUploads } from '../lib/outbox-sender.ts';

/**
 * Each offline record kind's file upload, the same its form makes online. Loaded when a file is sent,
 * so the shell does not carry the features' code.
 */
export const OUTBOX_UPLOADS: OutboxUploads = {
  'home-visit': (file) =>
    import('../features/home-visits/api/home-visits.api.ts').then((m) => m.homeVisitsApi.uploadFile(file)),
  activity: (file) =>
    import('../features/activities/api/activities.api.ts').then((m) => m.activitiesApi.uploadPhoto(file)),
  measurement: (file) =>
    import('../features/measurements/api/measurements.api.ts').then((m) =>
      m.measurementsApi.uploadPhoto(file),
    ),
};
