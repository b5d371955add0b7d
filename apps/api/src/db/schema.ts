/**
 * The whole data model of both spec parts. Later issues add behaviour, not tables.
 * Soft delete (`deleted_at`) applies to users, students, activities, measurements and home visits.
 */
import { AT_RISK_CLASSIFICATIONS } from '@csp/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A student record list's order over its live rows, newest first: the record's day, then its recording
 * time, then its id. The student id comes after the unique id, only carried: a page's rows are chosen
 * from the index alone, the student's liveness tested by its id (so a deep page reads few rows).
 */
function liveDateIndex(
  name: string,
  day: ExtraConfigColumn,
  t: {
    createdAt: ExtraConfigColumn;
    id: ExtraConfigColumn;
    studentId: ExtraConfigColumn;
    deletedAt: ExtraConfigColumn;
  },
) {
  return index(name)
    .on(day.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.studentId)
    .where(sql`${t.deletedAt} is null`);
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};
const deletedAt = () => timestamp('deleted_at', { withTimezone: true, mode: 'date' });

export const roleEnum = pgEnum('role', ['ADMIN', 'TEACHER']);
export const studentCategoryEnum = pgEnum('student_category', [
  'CENTER_BASE',
  'HOME_BASE',
  'SURVIVAL_PROGRAM',
]);
export type StudentCategoryValue = (typeof studentCategoryEnum.enumValues)[number];
export const reviewStatusEnum = pgEnum('review_status', ['PENDING', 'APPROVED', 'REJECTED']);
export const giftStatusEnum = pgEnum('gift_status', ['IN_PROGRESS', 'PENDING', 'DELIVERED', 'CANCELLED']);
export const codePurposeEnum = pgEnum('code_purpose', ['REGISTER', 'RESET_PASSWORD']);
export const sexEnum = pgEnum('sex', ['MALE', 'FEMALE']);
/** How a child's length/height was taken (WHO: lying = length, standing = height). */
export const measurementPositionEnum = pgEnum('measurement_position', ['LYING', 'STANDING']);

export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Server-generated key inside the store; never derived from the client's file name. */
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    purpose: text('purpose').notNull(),
    ownerId: uuid('owner_id'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('stored_files_storage_key_uq').on(t.storageKey),
    index('stored_files_owner_idx').on(t.ownerId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased. Unique across all rows, deleted ones included, so a restore never collides. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /**
     * "first last" lower-cased, kept by PostgreSQL: name search compares it with LIKE (what ILIKE does
     * to both sides on every row, done once on write), through the trigram index below.
     */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`lower(first_name || ' ' || last_name)`),
    phone: text('phone'),
    role: roleEnum('role').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    profilePictureFileId: uuid('profile_picture_file_id').references(() => storedFiles.id, {
      onDelete: 'set null',
    }),
    /** Bumped on password change/reset, deactivation and deletion: every older token dies. */
    tokenVersion: integer('token_version').notNull().default(0),
    ...timestamps,
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_role_idx').on(t.role),
    index('users_deleted_at_idx').on(t.deletedAt),
    // Lists: live users in name order (a page reads its rows, not the table).
    index('users_live_name_idx')
      .on(t.firstName, t.lastName, t.id)
      .where(sql`${t.deletedAt} is null`),
    // Search ('%…%') over the lower-cased name and email: trigram indexes. Migrations 0002 and 0024
    // create them only where pg_trgm is available; elsewhere search scans.
    index('users_search_name_trgm_idx')
      .using('gin', t.searchName.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    index('users_email_trgm_idx')
      .using('gin', t.email.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    check('users_email_lower_ck', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Facts about the programme that must never be re-derived from the current rows. `ADMIN_BOOTSTRAPPED`:
 * the programme has had an administrator, so an ADMIN self-registration can never again become active
 * on its own. A trigger (migration 0001) records it whenever a user row holds the ADMIN role.
 */
export const programmeFacts = pgTable('programme_facts', {
  fact: text('fact').primaryKey(),
  recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Sessions ended by sign-out. A token names its session (`sid`); a row here kills every token of that
 * session until `expires_at` (the sign-out time plus the longest token lifetime), after which the tokens
 * have expired anyway and the row is pruned.
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('revoked_sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * The answers to writes sent with an `Idempotency-Key` (plugins/idempotency.ts): a client that lost an
 * answer sends the same request again with the same key and gets the first answer back instead of a
 * second record. Keys are per caller; a row without a status is a request still running. Rows are kept
 * for a day (the hourly sweep removes older ones), and go with their user.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** A hash of the method, the address and the validated body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    role: roleEnum('role').notNull(),
    createdAt: timestamps.createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('pending_registrations_email_idx').on(t.email)],
);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: codePurposeEnum('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    pendingRegistrationId: uuid('pending_registration_id').references(() => pendingRegistrations.id, {
      onDelete: 'cascade',
    }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('one_time_codes_email_purpose_idx').on(t.email, t.purpose)],
);

export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Free-text human-readable code, unique across all rows (deleted ones too, for safe restore). */
    studentId: text('student_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** "first last" lower-cased, kept by PostgreSQL, for name search (as users.searchName). */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`lower(first_name || ' ' || last_name)`),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    category: studentCategoryEnum('category').notNull(),
    parentName: text('parent_name'),
    parentPhone: text('parent_phone'),
    parentEmail: text('parent_email'),
    address: text('address'),
    medicalInfo: text('medical_info'),
    assignedTeacherId: uuid('assigned_teacher_id').references(() => users.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    isPregnant: boolean('is_pregnant').notNull().default(false),
    motherAge: integer('mother_age'),
    pregnancyMonths: integer('pregnancy_months'),
    expectedDueDate: date('expected_due_date', { mode: 'string' }),
    actualBirthDate: date('actual_birth_date', { mode: 'string' }),
    isBabyBorn: boolean('is_baby_born').notNull().default(false),
    homeLatitude: doublePrecision('home_latitude'),
    homeLongitude: doublePrecision('home_longitude'),
    homeLocationName: text('home_location_name'),
    /** Optional; growth monitoring needs it for a child's z-scores. */
    sex: sexEnum('sex'),
    /**
     * The date of the student's latest live measurement (null: never measured), kept by triggers on
     * measurements (migration 0010) so the measurement status of every student is one column away.
     */
    lastMeasuredOn: date('last_measured_on', { mode: 'string' }),
    ...timestamps,
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('students_student_id_uq').on(t.studentId),
    index('students_assigned_teacher_idx').on(t.assignedTeacherId),
    index('students_category_idx').on(t.category),
    index('students_deleted_at_idx').on(t.deletedAt),
    // Lists: live students in name order; a teacher's in name order (also their count, index-only).
    index('students_live_name_idx')
      .on(t.firstName, t.lastName, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('students_live_teacher_name_idx')
      .on(t.assignedTeacherId, t.firstName, t.lastName, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The measurement status list soonest due first (the dashboard's previews), or one status's range
    // of last_measured_on (measurements.repo.ts lastMeasuredRange).
    index('students_live_due_idx')
      .on(t.lastMeasuredOn, t.firstName, t.lastName, t.id)
      .where(sql`${t.deletedAt} is null`),
    // Search ('%…%') over the lower-cased name, parent name and student ID: trigram indexes
    // (migrations 0002 and 0024 create them only where pg_trgm is available).
    index('students_search_name_trgm_idx')
      .using('gin', t.searchName.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    index('students_parent_name_trgm_idx')
      .using('gin', t.parentName.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    index('students_student_id_trgm_idx')
      .using('gin', t.studentId.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    check(
      'students_pregnancy_months_ck',
      sql`${t.pregnancyMonths} IS NULL OR ${t.pregnancyMonths} BETWEEN 1 AND 9`,
    ),
    check('students_mother_age_ck', sql`${t.motherAge} IS NULL OR ${t.motherAge} BETWEEN 15 AND 50`),
    check('students_latitude_ck', sql`${t.homeLatitude} IS NULL OR ${t.homeLatitude} BETWEEN -90 AND 90`),
    check(
      'students_longitude_ck',
      sql`${t.homeLongitude} IS NULL OR ${t.homeLongitude} BETWEEN -180 AND 180`,
    ),
  ],
);

export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    duration: integer('duration').notNull().default(120),
    description: text('description'),
    /** Ids of stored_files rows. */
    photos: jsonb('photos')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
    deletedAt: deletedAt(),
  },
  (t) => [
    index('activities_student_idx').on(t.studentId),
    index('activities_teacher_idx').on(t.teacherId),
    index('activities_date_idx').on(t.date),
    index('activities_deleted_at_idx').on(t.deletedAt),
    // Lists, newest first (date, then recording time): every live activity, a student's (a teacher's
    // scope is their students'), a recording teacher's (the teacherId filter).
    liveDateIndex('activities_live_date_idx', t.date, t),
    index('activities_live_student_date_idx')
      .on(t.studentId, t.date.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('activities_live_teacher_date_idx')
      .on(t.teacherId, t.date.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // Whether an uploaded photo is already on an activity (photos ?| array[...]).
    index('activities_photos_idx').using('gin', t.photos),
    // Search (ILIKE '%…%') over title and description: trigram indexes (migration 0003 creates them
    // only where pg_trgm is available).
    index('activities_title_trgm_idx')
      .using('gin', t.title.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    index('activities_description_trgm_idx')
      .using('gin', t.description.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    check('activities_duration_ck', sql`${t.duration} >= 1`),
  ],
);

export const measurements = pgTable(
  'measurements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    measuredById: uuid('measured_by_id').references(() => users.id, { onDelete: 'set null' }),
    height: doublePrecision('height').notNull(),
    weight: doublePrecision('weight').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    /** Optional: lying (length) or standing (height), for growth monitoring. */
    position: measurementPositionEnum('position'),
    photos: jsonb('photos')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // Growth monitoring (decision 0012): the WHO z-scores stored with the measurement, recomputed for
    // the student's whole series whenever a measurement, the date of birth or the sex changes.
    /** The computation's version that wrote the scores; older rows are recomputed by the growth job. */
    growthVersion: integer('growth_version').notNull().default(0),
    ageDays: integer('age_days'),
    waz: doublePrecision('waz'),
    haz: doublePrecision('haz'),
    whz: doublePrecision('whz'),
    baz: doublePrecision('baz'),
    growthFlags: text('growth_flags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    growthClassifications: text('growth_classifications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The student's latest live measurement (by date, then recording time). */
    isLatest: boolean('is_latest').notNull().default(false),
    /** Stunted, wasted, underweight (moderately or severely) or falling: the at-risk list's rows. */
    atRisk: boolean('at_risk').notNull().default(false),
    ...timestamps,
    deletedAt: deletedAt(),
  },
  (t) => [
    // Children at risk: each at-risk child's latest measurement, newest first; with its student and its
    // classifications, so the programme's counts (every condition, or one) read the index alone.
    index('measurements_at_risk_idx')
      .on(t.date.desc().nullsFirst(), t.id.desc().nullsFirst(), t.studentId, t.growthClassifications)
      .where(sql`${t.isLatest} and ${t.atRisk} and ${t.deletedAt} is null`),
    // The programme's children at risk of one condition (the list's filter and its count): the same, only
    // the rows with one of the condition's classifications (contracts' AT_RISK_CLASSIFICATIONS, written as
    // growth.repo.ts's filter writes them, so that PostgreSQL matches the predicate). The count of one
    // condition read every at-risk child's entry and tested its classifications; on its own index it reads
    // only that condition's.
    ...Object.entries(AT_RISK_CLASSIFICATIONS).map(([condition, codes]) =>
      index(`measurements_at_risk_${condition}_idx`)
        .on(t.date.desc().nullsFirst(), t.id.desc().nullsFirst(), t.studentId)
        .where(
          sql`${t.isLatest} and ${t.atRisk} and ${t.deletedAt} is null and ${t.growthClassifications} && array[${sql.raw(
            codes.map((c) => `'${c}'`).join(', '),
          )}]::text[]`,
        ),
    ),
    // A teacher's children at risk: from their students to each one's latest measurement.
    index('measurements_latest_student_idx')
      .on(t.studentId)
      .where(sql`${t.isLatest} and ${t.deletedAt} is null`),
    // Rows the growth job still has to (re)compute.
    index('measurements_growth_version_idx').on(t.growthVersion),
    index('measurements_student_date_idx').on(t.studentId, t.date),
    // A student's latest live measurement: the first entry under the student.
    index('measurements_live_latest_idx')
      .on(t.studentId, t.date.desc().nullsFirst(), t.createdAt.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('measurements_measured_by_idx').on(t.measuredById),
    index('measurements_date_idx').on(t.date),
    index('measurements_deleted_at_idx').on(t.deletedAt),
    // The list, newest first (date, then recording time); a student's uses measurements_live_latest_idx.
    liveDateIndex('measurements_live_date_idx', t.date, t),
    // Whether an uploaded photo is already on a measurement (photos ?| array[...]).
    index('measurements_photos_idx').using('gin', t.photos),
    check('measurements_height_ck', sql`${t.height} > 0`),
    check('measurements_weight_ck', sql`${t.weight} > 0`),
  ],
);

export const homeVisits = pgTable(
  'home_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    duration: integer('duration').notNull().default(60),
    notes: text('notes'),
    photos: jsonb('photos')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationName: text('location_name'),
    /** The radius of the GPS fix, metres (the browser's coords.accuracy), when the device gave one. */
    locationAccuracy: doublePrecision('location_accuracy'),
    status: reviewStatusEnum('status').notNull().default('PENDING'),
    isWithinRange: boolean('is_within_range'),
    distanceFromHome: doublePrecision('distance_from_home'),
    reviewNotes: text('review_notes'),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the teacher recorded the visit on the phone (its `recordedAt`): created_at, its arrival, is
     * later for a visit recorded offline and sent when the phone was online again.
     */
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...timestamps,
    deletedAt: deletedAt(),
  },
  (t) => [
    index('home_visits_student_idx').on(t.studentId),
    // A student's latest live visit: the first entry under the student.
    index('home_visits_live_latest_idx')
      .on(t.studentId, t.visitDate.desc().nullsFirst(), t.createdAt.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('home_visits_teacher_idx').on(t.teacherId),
    index('home_visits_status_idx').on(t.status),
    index('home_visits_visit_date_idx').on(t.visitDate),
    index('home_visits_deleted_at_idx').on(t.deletedAt),
    // Lists, newest first (visit date, then recording time): every live visit, a recording teacher's
    // (the teacherId filter), and the review queue (live PENDING visits).
    liveDateIndex('home_visits_live_date_idx', t.visitDate, t),
    index('home_visits_live_teacher_date_idx')
      .on(
        t.teacherId,
        t.visitDate.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.deletedAt} is null`),
    index('home_visits_pending_date_idx')
      .on(t.visitDate.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and ${t.status} = 'PENDING'`),
    // Whether an uploaded file is already on a visit (photos ?| array[...]).
    index('home_visits_photos_idx').using('gin', t.photos),
    check('home_visits_duration_ck', sql`${t.duration} BETWEEN 1 AND 480`),
    check('home_visits_latitude_ck', sql`${t.latitude} IS NULL OR ${t.latitude} BETWEEN -90 AND 90`),
    check('home_visits_longitude_ck', sql`${t.longitude} IS NULL OR ${t.longitude} BETWEEN -180 AND 180`),
    check('home_visits_distance_ck', sql`${t.distanceFromHome} IS NULL OR ${t.distanceFromHome} >= 0`),
    check('home_visits_accuracy_ck', sql`${t.locationAccuracy} IS NULL OR ${t.locationAccuracy} >= 0`),
  ],
);

/** A single row (id = 1) of programme-wide settings. */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().default(1),
    homeVisitDistanceThreshold: integer('home_visit_distance_threshold').notNull().default(50),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    check('settings_single_row_ck', sql`${t.id} = 1`),
    check('settings_threshold_ck', sql`${t.homeVisitDistanceThreshold} BETWEEN 10 AND 500`),
  ],
);

export const gifts = pgTable(
  'gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giftId: text('gift_id'),
    globalSponsorId: text('global_sponsor_id'),
    name: text('name'),
    giftSubType: text('gift_sub_type'),
    description: text('description'),
    notes: text('notes'),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    status: giftStatusEnum('status').notNull().default('PENDING'),
    amount: numeric('amount', { precision: 12, scale: 2 }),
    /** The gift's date (the bulk sheet's, default the day it was assigned): the lists' date filters. */
    giftDate: date('gift_date', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    assignedById: uuid('assigned_by_id').references(() => users.id, { onDelete: 'set null' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    deliveredById: uuid('delivered_by_id').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelledById: uuid('cancelled_by_id').references(() => users.id, { onDelete: 'set null' }),
    evidenceFileId: uuid('evidence_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    ...timestamps,
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // Lists in their order: every live gift (admins), a teacher's students' gifts, one status's gifts.
    liveDateIndex('gifts_live_date_idx', t.giftDate, t),
    index('gifts_live_student_date_idx')
      .on(
        t.studentId,
        t.giftDate.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.deletedAt} is null`),
    index('gifts_live_status_date_idx')
      .on(t.status, t.giftDate.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // A gift ID (the sponsor's tracking code) names one live gift, whatever its letter case.
    uniqueIndex('gifts_gift_id_live_uq')
      .on(sql`lower(${t.giftId})`)
      .where(sql`${t.giftId} is not null and ${t.deletedAt} is null`),
    check('gifts_amount_ck', sql`${t.amount} IS NULL OR ${t.amount} >= 0`),
    // The gift an evidence photo is on: every download of it checks the gift is live (files.repo.ts), and
    // removing a stored file clears the gifts that point at it.
    index('gifts_evidence_file_idx')
      .on(t.evidenceFileId)
      .where(sql`${t.evidenceFileId} is not null`),
  ],
);

export const leaves = pgTable(
  'leaves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    leaveType: text('leave_type').notNull().default('SINGLE_DAY'),
    reason: text('reason').notNull(),
    status: reviewStatusEnum('status').notNull().default('PENDING'),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    reviewNotes: text('review_notes'),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // Lists newest first: every leave (admins), one teacher's; the overlap check and the calendar.
    index('leaves_applied_idx').on(t.appliedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leaves_teacher_applied_idx').on(
      t.teacherId,
      t.appliedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('leaves_status_applied_idx').on(
      t.status,
      t.appliedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('leaves_teacher_dates_idx').on(t.teacherId, t.startDate, t.endDate),
    index('leaves_dates_idx').on(t.startDate, t.endDate),
    // Approved leave days over a period for every teacher (the attendance report's tiles): read from
    // the index alone, without a visit to each application's row.
    index('leaves_approved_dates_idx')
      .on(t.startDate, t.endDate, t.teacherId)
      .where(sql`${t.status} = 'APPROVED'`),
    check('leaves_dates_ck', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // The unread count of the bell, polled every 30 s by every signed-in person.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
  ],
);

export const officeLocations = pgTable(
  'office_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    address: text('address'),
    radiusMeters: integer('radius_meters').notNull().default(50),
    setById: uuid('set_by_id').references(() => users.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('office_locations_one_active_uq')
      .on(t.isActive)
      .where(sql`${t.isActive}`),
    check('office_locations_radius_ck', sql`${t.radiusMeters} BETWEEN 10 AND 500`),
    check('office_locations_latitude_ck', sql`${t.latitude} BETWEEN -90 AND 90`),
    check('office_locations_longitude_ck', sql`${t.longitude} BETWEEN -180 AND 180`),
  ],
);

export const attendance = pgTable(
  'attendance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organisation's day (ORG_TIMEZONE) of the check-in. */
    date: date('date', { mode: 'string' }).notNull(),
    /** The tap's time (the teacher's phone); check_in_received_at is when it reached the server. */
    checkIn: timestamp('check_in', { withTimezone: true, mode: 'date' }).notNull(),
    checkOut: timestamp('check_out', { withTimezone: true, mode: 'date' }),
    /** When the check-in and the check-out reached the server: later than the tap when sent offline. */
    checkInReceivedAt: timestamp('check_in_received_at', { withTimezone: true, mode: 'date' }),
    checkOutReceivedAt: timestamp('check_out_received_at', { withTimezone: true, mode: 'date' }),
    checkInLocation: text('check_in_location'),
    checkInLocationName: text('check_in_location_name'),
    checkOutLocation: text('check_out_location'),
    checkOutLocationName: text('check_out_location_name'),
    status: reviewStatusEnum('status').notNull().default('PENDING'),
    isWithinOfficeRange: boolean('is_within_office_range'),
    distanceFromOffice: doublePrecision('distance_from_office'),
    adminNotes: text('admin_notes'),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    // One record per teacher and day; also a teacher's list, newest first (scanned backwards).
    uniqueIndex('attendance_teacher_date_uq').on(t.teacherId, t.date),
    // The admin lists newest first: every record, one status's (the review queue).
    index('attendance_date_order_idx').on(
      t.date.desc().nullsFirst(),
      t.checkIn.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('attendance_status_date_idx').on(
      t.status,
      t.date.desc().nullsFirst(),
      t.checkIn.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A month's records by teacher and status, read from the index alone (the attendance report's tiles
    // count every teacher's month: 48,000 rows at national scale).
    index('attendance_date_teacher_status_idx').on(t.date, t.teacherId, t.status),
    // Records without a check-out (the dashboard's incomplete past days): few, whatever the table's size.
    index('attendance_open_date_idx')
      .on(t.date, t.teacherId)
      .where(sql`${t.checkOut} is null`),
  ],
);

/**
 * The audit trail: who changed what, when (create, update, review decision, delete, restore, permanent
 * delete, sign-in, failed sign-in, password change), written in the same transaction as the change.
 * Append-only: triggers refuse UPDATE and DELETE (migration 0008) and TRUNCATE (0032), and no route writes
 * it; each entry is chained to the one before (audit_chain). No foreign keys: the history outlives the
 * records and people it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    /** The actor's email at the time (a failed sign-in names the email tried). */
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id'),
    /** The changed fields and their new values; never secrets. */
    changes: jsonb('changes')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_events_entity_idx').on(t.entity, t.entityId, t.at.desc()),
    index('audit_events_actor_idx').on(t.actorId, t.at.desc()),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The audit trail's hash chain (migration 0032, decision 0032): one row per event, in the order they were
 * committed, `hash` = sha256(`prev_hash` || the event's canonical text), the first row's `prev_hash` 32
 * zero bytes. Written only by a trigger on audit_events that runs at commit; append-only like the trail.
 * `seq` counts 1, 2, 3… without gaps, so a missing row shows.
 */
export const auditChain = pgTable('audit_chain', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  eventId: uuid('event_id')
    .notNull()
    .unique('audit_chain_event_id_uq')
    .references(() => auditEvents.id),
  prevHash: bytea('prev_hash').notNull(),
  hash: bytea('hash').notNull(),
});

/**
 * How many live records of a kind there are, for the unfiltered lists and counters of administrators
 * (docs/decisions/0013): `activities`, `measurements`, `home_visits`, `gifts`, and per status
 * `home_visits:PENDING`, `gifts:DELIVERED`…, and home visits per status and teacher
 * (`home_visits:PENDING:<teacher id>`, migration 0025), children at risk per set of classifications
 * (`measurements:at_risk:WASTING,STUNTING`, 0027). A record counts while it and its student are live.
 * Kept exact by triggers (migration 0011), in the same transaction as each change; never written by the app.
 */
export const liveCounts = pgTable(
  'live_counts',
  {
    name: text('name').primaryKey(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // The names of one family read by their prefix (`like 'students:last:%'`): a range of this index
    // whatever the database's collation, not a pass over every name (6,600 at national scale, most of
    // them the visits' per-teacher counts).
    index('live_counts_name_prefix_idx').on(t.name.op('text_pattern_ops')),
  ],
);

/**
 * Each student's name as searched and their live records counted, one row a student (migrations 0030
 * and 0031, docs/decisions/0013 "each child's activities" and "each child's name and gifts"). Kept exact
 * by triggers on `students`, `activities` and `gifts`, in the same transaction as each change; never
 * written by the app.
 *
 * - `searchName`, `assignedTeacherId` and `live` copy the student's, so that a search by a child's name
 *   reads this narrow table's trigram index and rows (807 pages for the national seed's 50,000
 *   children, with room left in each for the counts' updates; `students` has 2,101) rather than the
 *   students'.
 * - `activities` and `gifts` count the student's live (not deleted) activities and gifts, whatever the
 *   student's own state, for the totals of an administrator's searches by a child's name: the named
 *   children's counts summed as their names are read, where every one of their records was counted
 *   (37,060 activities and 3,706 gifts for "nila1" at national scale).
 */
export const studentCounts = pgTable(
  'student_counts',
  {
    studentId: uuid('student_id')
      .primaryKey()
      .references(() => students.id, { onDelete: 'cascade' }),
    activities: integer('activities').notNull().default(0),
    gifts: integer('gifts').notNull().default(0),
    searchName: text('search_name').notNull().default(''),
    assignedTeacherId: uuid('assigned_teacher_id'),
    /** The student is not deleted. */
    live: boolean('live').notNull().default(false),
  },
  (t) => [
    // Live students by a part of their name (created only where pg_trgm is available, as 0024's).
    index('student_counts_search_name_trgm_idx')
      .using('gin', t.searchName.op('gin_trgm_ops'))
      .where(sql`${t.live}`),
    // Live students of the teachers a gifts' search names.
    index('student_counts_live_teacher_idx')
      .on(t.assignedTeacherId)
      .where(sql`${t.live}`),
  ],
);

/**
 * Each teacher's attendance records per month (`month`: its first day), per status and per ISO weekday
 * (`isodow_1` Monday … `isodow_7` Sunday), for the attendance report's tiles over every teacher
 * (docs/decisions/0013, "attendance by month"). Kept exact by triggers on `attendance` (migration 0018),
 * in the same transaction as each change; never written by the app. A row holds every record of the
 * month, whatever its teacher's state: readers join live teachers and take out the records the report
 * leaves out (on approved leave days, after today, before the teacher's first day).
 */
export const attendanceMonthCounts = pgTable(
  'attendance_month_counts',
  {
    month: date('month', { mode: 'string' }).notNull(),
    teacherId: uuid('teacher_id').notNull(),
    approved: integer('approved').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    isodow1: integer('isodow_1').notNull().default(0),
    isodow2: integer('isodow_2').notNull().default(0),
    isodow3: integer('isodow_3').notNull().default(0),
    isodow4: integer('isodow_4').notNull().default(0),
    isodow5: integer('isodow_5').notNull().default(0),
    isodow6: integer('isodow_6').notNull().default(0),
    isodow7: integer('isodow_7').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.teacherId] })],
);
