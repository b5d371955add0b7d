import {
  EMAIL_PATTERN,
  LIMITS,
  OFFLINE_RECORDS,
  TEACHER_REGISTRATION_MODES,
  type TeacherRegistrationMode,
} from '@csp/contracts';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Embedded database, uploads and the generated secret live here. */
  dataDir: string;
  /** PostgreSQL server; when unset the embedded PGlite database in dataDir is used. */
  databaseUrl?: string;
  /**
   * The connection migrations run on (the tables' owner), when the application's own (databaseUrl) is a
   * role that may not change the schema (scripts/app-role.sql). Default: databaseUrl.
   */
  databaseMigrationUrl?: string;
  /** Test-only: an in-memory PGlite database. */
  inMemoryDatabase?: boolean;
  jwtSecret: string;
  /** Lifetime of a session token (e.g. '12h'); a token past half its life is renewed on use. */
  jwtExpiresIn: string;
  /**
   * Which proxies to believe for the client address and protocol: a hop count, or a list of proxy
   * addresses/CIDRs. Undefined: the socket's peer is the client (no forwarded header is read).
   */
  trustProxy?: number | string[];
  smtpUrl?: string;
  mailFrom: string;
  orgCode: string;
  orgTimezone: string;
  publicUrl: string;
  /** Nominatim-style reverse geocoder (`<url>/reverse?format=jsonv2&lat=&lon=`); unset: coordinates. */
  geocoderUrl?: string;
  /** How long to wait for the geocoder before falling back to the coordinates, ms. */
  geocoderTimeoutMs: number;
  /** Leaflet tile URL template for the small maps; unset: links to a maps service instead. */
  mapTileUrl?: string;
  mapTileAttribution: string;
  authIpLimitPerMinute: number;
  loginFailuresPer15Min: number;
  codeSendsPerHour: number;
  /**
   * Per signed-in user (decision 0033): writes (POST, PUT, PATCH, DELETE) a minute, accepted uploads an
   * hour, and megabytes of accepted uploads a day.
   */
  userWritesPerMinute: number;
  userUploadsPerHour: number;
  userUploadMbPerDay: number;
  redisUrl?: string;
  /** Prefix of every rate-limit key in Redis (several programmes may share one Redis). */
  redisKeyPrefix: string;
  /** Folder of the built web app; served when it exists. */
  webDistDir?: string;
  logLevel: string;
  /**
   * Self-registration of teachers: 'open' (active at once, the spec's flow), 'approval' (inactive until an
   * administrator activates them) or 'closed' (teacher accounts only from an administrator).
   */
  teacherRegistration: TeacherRegistrationMode;
  /** The shortest password accepted wherever one is set (6, the spec's, or more). */
  passwordMinLength: number;
  /**
   * The first administrator's registration: 'open' (whoever comes first, the spec's flow) or 'token'
   * (it must carry the setup token the server prints at start until the programme has an administrator).
   */
  firstAdminSetup: FirstAdminSetup;
  /** When set, only this (lower-cased) email may become the first administrator. */
  firstAdminEmail?: string;
  /**
   * Lifetime of a signed file link, seconds (FILE_URL_TTL_SECONDS, 60 to 3600, default 900): a link
   * also dies with the session it was made for; the web app fetches fresh ones before they expire.
   */
  fileUrlTtlSeconds: number;
  /**
   * How old a record made offline may be when it arrives, days (OFFLINE_MAX_AGE_DAYS, 1 to 90, default
   * 7): an older tap time is refused, so that nothing stale is filed as new.
   */
  offlineMaxAgeDays: number;
  /** The office location 'Initialize Default Location' sets, and the set form's defaults. */
  officeDefault: { latitude: number; longitude: number; address: string; radiusMeters: number };
  /** ISO weekdays (Monday 1 … Sunday 7) that are working days: absences are counted on these only. */
  workDays: number[];
  /**
   * Snapshots of the embedded database (db/backups.ts): the folder they are written to, how many hours
   * apart (0: none are taken), and how many of the newest are kept.
   */
  backup: { dir: string; everyHours: number; keep: number };
}

export const FIRST_ADMIN_SETUP_MODES = ['open', 'token'] as const;
export type FirstAdminSetup = (typeof FIRST_ADMIN_SETUP_MODES)[number];

/** The spec's default office: Jaffna, radius 50 m. */
export const DEFAULT_OFFICE = {
  latitude: 9.3064,
  longitude: 80.4037,
  address: 'Programme office, Jaffna',
  radiusMeters: 50,
} as const;

/**
 * TRUST_PROXY: a hop count ("1" behind one reverse proxy) or a comma-separated list of proxy
 * addresses/CIDRs ("10.0.0.5" or "10.0.0.0/8,127.0.0.1"). "true" (believe any forwarded header) is
 * refused: anyone could then choose the address the rate limits count.
 */
export function parseTrustProxy(value: string | undefined): number | string[] | undefined {
  const v = value?.trim();
  if (!v || v === 'false' || v === '0') return undefined;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const address = /^(?:[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[0-9a-f:]+:[0-9a-f:.]*)(?:\/[0-9]{1,3})?$/i;
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  if (list.length === 0 || list.some((item) => !address.test(item) && !named.has(item))) {
    throw new Error(
      `TRUST_PROXY must be a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.5 or 10.0.0.0/8), got "${v}"`,
    );
  }
  return list;
}

/**
 * A deployment that says it is production must send its mail: without SMTP_URL the one-time codes
 * would be printed into the logs. MAIL_TO_CONSOLE=1 asks for printing on purpose.
 */
function checkMailSetting(env: NodeJS.ProcessEnv): void {
  if (env.NODE_ENV === 'production' && !env.SMTP_URL && env.MAIL_TO_CONSOLE !== '1') {
    throw new Error(
      'NODE_ENV=production needs SMTP_URL (one-time codes must be emailed, not printed into the logs). Set MAIL_TO_CONSOLE=1 to print emails to the console on purpose.',
    );
  }
}

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
};

/**
 * FILE_URL_TTL_SECONDS: 15 minutes by default, at most an hour. A link that leaks (a copied address, a
 * shared phone's history) opens the file only this long, and a longer lifetime buys nothing: the web app
 * fetches the record again for fresh links before they die.
 */
export const FILE_URL_TTL = { defaultSeconds: 15 * 60, minSeconds: 60, maxSeconds: 60 * 60 } as const;

function fileUrlTtl(value: string | undefined): number {
  if (value === undefined || value === '') return FILE_URL_TTL.defaultSeconds;
  const n = Number(value);
  if (!Number.isInteger(n) || n < FILE_URL_TTL.minSeconds || n > FILE_URL_TTL.maxSeconds) {
    throw new Error(
      `FILE_URL_TTL_SECONDS must be a whole number of seconds from ${FILE_URL_TTL.minSeconds} to ${FILE_URL_TTL.maxSeconds}, got "${value}"`,
    );
  }
  return n;
}

/** One of `allowed` (case-insensitive), else the fallback when unset; anything else stops the server. */
function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
  name: string,
): T {
  const v = value?.trim().toLowerCase();
  if (!v) return fallback;
  if (!(allowed as readonly string[]).includes(v)) {
    throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  }
  return v as T;
}

/**
 * PASSWORD_MIN_LENGTH: 6 (the spec's minimum, which its client checks too) up to the longest password
 * accepted.
 */
export function parsePasswordMinLength(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return LIMITS.minPasswordLength;
  const n = Number(value);
  if (!Number.isInteger(n) || n < LIMITS.minPasswordLength || n > LIMITS.maxPasswordLength) {
    throw new Error(
      `PASSWORD_MIN_LENGTH must be a whole number from ${LIMITS.minPasswordLength} to ${LIMITS.maxPasswordLength}, got "${value}"`,
    );
  }
  return n;
}

/** FIRST_ADMIN_EMAIL: an address as registration accepts it, lower-cased as registrations store it. */
export function parseFirstAdminEmail(value: string | undefined): string | undefined {
  const v = value?.trim().toLowerCase();
  if (!v) return undefined;
  if (!EMAIL_PATTERN.test(v)) {
    throw new Error(`FIRST_ADMIN_EMAIL must be an email address, got "${value}"`);
  }
  return v;
}

/** A whole number of hours from 0 (0 turns the thing off). */
function offlineMaxAgeDays(value: string | undefined): number {
  if (value === undefined || value === '') return OFFLINE_RECORDS.defaultMaxAgeDays;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > OFFLINE_RECORDS.maxMaxAgeDays) {
    throw new Error(
      `OFFLINE_MAX_AGE_DAYS must be a whole number of days from 1 to ${OFFLINE_RECORDS.maxMaxAgeDays}, got "${value}"`,
    );
  }
  return n;
}

const hours = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 24 * 366)
    throw new Error(`${name} must be a whole number of hours from 0 to 8784, got "${value}"`);
  return n;
};

const degrees = (value: string | undefined, fallback: number, limit: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || Math.abs(n) > limit)
    throw new Error(`${name} must be a number between -${limit} and ${limit}, got "${value}"`);
  return n;
};

/** WORK_DAYS: ISO weekdays as a comma-separated list ('1,2,3,4,5' is Monday to Friday, the default). */
export function parseWorkDays(value: string | undefined): number[] {
  if (value === undefined || value.trim() === '') return [1, 2, 3, 4, 5];
  const days = value.split(',').map((v) => v.trim());
  if (days.some((d) => !/^[1-7]$/.test(d))) {
    throw new Error(
      `WORK_DAYS must list ISO weekdays 1 (Monday) to 7 (Sunday), e.g. 1,2,3,4,5; got "${value}"`,
    );
  }
  return [...new Set(days.map(Number))].sort();
}

function officeDefault(env: NodeJS.ProcessEnv): Config['officeDefault'] {
  const radiusMeters = int(
    env.OFFICE_DEFAULT_RADIUS_METERS,
    DEFAULT_OFFICE.radiusMeters,
    'OFFICE_DEFAULT_RADIUS_METERS',
  );
  if (radiusMeters < 10 || radiusMeters > 500) {
    throw new Error(`OFFICE_DEFAULT_RADIUS_METERS must be between 10 and 500, got "${radiusMeters}"`);
  }
  return {
    latitude: degrees(env.OFFICE_DEFAULT_LATITUDE, DEFAULT_OFFICE.latitude, 90, 'OFFICE_DEFAULT_LATITUDE'),
    longitude: degrees(
      env.OFFICE_DEFAULT_LONGITUDE,
      DEFAULT_OFFICE.longitude,
      180,
      'OFFICE_DEFAULT_LONGITUDE',
    ),
    address: env.OFFICE_DEFAULT_ADDRESS?.trim() || DEFAULT_OFFICE.address,
    radiusMeters,
  };
}

/** DATABASE_MIGRATION_URL: only beside DATABASE_URL (the embedded database has one user). */
function databaseMigrationUrl(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.DATABASE_MIGRATION_URL) return undefined;
  if (!env.DATABASE_URL) throw new Error('DATABASE_MIGRATION_URL is set without DATABASE_URL');
  return env.DATABASE_MIGRATION_URL;
}

/** JWT_SECRET, or a random one generated once into DATA_DIR/jwt-secret (mode 600). */
function resolveJwtSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    return env.JWT_SECRET;
  }
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * MAP_TILE_URL: an http(s) Leaflet template with {z}, {x} and {y}, e.g.
 * https://tile.openstreetmap.org/{z}/{x}/{y}.png. Its origin is added to the CSP's img-src.
 */
export function parseTileUrl(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  let origin: string;
  try {
    origin = new URL(v.replace(/\{[a-z]\}/g, '0')).protocol;
  } catch {
    origin = '';
  }
  if (!/^https?:$/.test(origin) || !['{z}', '{x}', '{y}'].every((p) => v.includes(p))) {
    throw new Error(`MAP_TILE_URL must be an http(s) URL with {z}, {x} and {y}, got "${v}"`);
  }
  return v;
}

/**
 * ORG_TIMEZONE: an IANA time zone (Asia/Colombo, Europe/London), as Intl and PostgreSQL both read it. A
 * wrong one stops the server at start, rather than failing every request that needs the organisation's
 * day or clock.
 */
export function parseTimeZone(value: string | undefined): string {
  const v = value?.trim() || 'Asia/Colombo';
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
  } catch {
    throw new Error(`ORG_TIMEZONE must be an IANA time zone such as Asia/Colombo, got "${v}"`);
  }
  return v;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  checkMailSetting(env);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const port = int(env.PORT, 3000, 'PORT');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseMigrationUrl: databaseMigrationUrl(env),
    jwtSecret: resolveJwtSecret(env, dataDir),
    jwtExpiresIn: env.JWT_EXPIRES_IN || '12h',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Child Support Programme <no-reply@localhost>',
    orgCode: env.ORG_CODE || 'ORG',
    orgTimezone: parseTimeZone(env.ORG_TIMEZONE),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    geocoderUrl: env.GEOCODER_URL || undefined,
    geocoderTimeoutMs: int(env.GEOCODER_TIMEOUT_MS, 3000, 'GEOCODER_TIMEOUT_MS'),
    mapTileUrl: parseTileUrl(env.MAP_TILE_URL),
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION || '© OpenStreetMap contributors',
    authIpLimitPerMinute: int(env.AUTH_IP_LIMIT_PER_MINUTE, 60, 'AUTH_IP_LIMIT_PER_MINUTE'),
    loginFailuresPer15Min: int(env.LOGIN_FAILURES_PER_15_MIN, 10, 'LOGIN_FAILURES_PER_15_MIN'),
    codeSendsPerHour: int(env.CODE_SENDS_PER_HOUR, 5, 'CODE_SENDS_PER_HOUR'),
    // A person at work makes a few changes a minute. A teacher's full day (25 children: an activity and a
    // measurement each with a photo or two, a few home visits, check-in and out) is 100 to 150 writes, of
    // which about 75 are photos: an outbox catching up after a day offline is through in a minute or two,
    // waiting out one Retry-After at most (decision 0033).
    userWritesPerMinute: int(env.USER_WRITES_PER_MINUTE, 120, 'USER_WRITES_PER_MINUTE'),
    userUploadsPerHour: int(env.USER_UPLOADS_PER_HOUR, 120, 'USER_UPLOADS_PER_HOUR'),
    userUploadMbPerDay: int(env.USER_UPLOAD_MB_PER_DAY, 500, 'USER_UPLOAD_MB_PER_DAY'),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'csp',
    webDistDir: env.WEB_DIST_DIR || path.resolve(import.meta.dirname, '../../web/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    teacherRegistration: oneOf(
      env.TEACHER_REGISTRATION,
      TEACHER_REGISTRATION_MODES,
      'open',
      'TEACHER_REGISTRATION',
    ),
    passwordMinLength: parsePasswordMinLength(env.PASSWORD_MIN_LENGTH),
    firstAdminSetup: oneOf(env.FIRST_ADMIN_SETUP, FIRST_ADMIN_SETUP_MODES, 'open', 'FIRST_ADMIN_SETUP'),
    firstAdminEmail: parseFirstAdminEmail(env.FIRST_ADMIN_EMAIL),
    fileUrlTtlSeconds: fileUrlTtl(env.FILE_URL_TTL_SECONDS),
    offlineMaxAgeDays: offlineMaxAgeDays(env.OFFLINE_MAX_AGE_DAYS),
    officeDefault: officeDefault(env),
    workDays: parseWorkDays(env.WORK_DAYS),
    backup: {
      dir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')),
      everyHours: hours(env.BACKUP_EVERY_HOURS, 24, 'BACKUP_EVERY_HOURS'),
      keep: int(env.BACKUP_KEEP, 14, 'BACKUP_KEEP'),
    },
  };
}

/** A configuration for tests: in-memory database, random secret, no web app. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir:
      overrides.dataDir ??
      path.join(process.env.TMPDIR || '/tmp', `csp-test-${randomBytes(6).toString('hex')}`),
    inMemoryDatabase: !overrides.databaseUrl,
    jwtSecret: randomBytes(32).toString('hex'),
    jwtExpiresIn: '12h',
    redisKeyPrefix: `csp-test-${randomBytes(6).toString('hex')}`,
    mailFrom: 'Test <test@localhost>',
    orgCode: 'TEST',
    orgTimezone: 'Asia/Colombo',
    publicUrl: 'http://localhost:3000',
    geocoderTimeoutMs: 1000,
    mapTileAttribution: '© OpenStreetMap contributors',
    authIpLimitPerMinute: 1000,
    loginFailuresPer15Min: 10,
    codeSendsPerHour: 5,
    // High enough that no test is cut off by accident; the limits' own tests set them low.
    userWritesPerMinute: 100_000,
    userUploadsPerHour: 100_000,
    userUploadMbPerDay: 100_000,
    webDistDir: undefined,
    logLevel: 'silent',
    teacherRegistration: 'open',
    passwordMinLength: 6,
    firstAdminSetup: 'open',
    fileUrlTtlSeconds: FILE_URL_TTL.defaultSeconds,
    offlineMaxAgeDays: OFFLINE_RECORDS.defaultMaxAgeDays,
    officeDefault: { ...DEFAULT_OFFICE },
    workDays: [1, 2, 3, 4, 5],
    backup: {
      dir: path.join(process.env.TMPDIR || '/tmp', 'csp-test-backups-unused'),
      everyHours: 0,
      keep: 14,
    },
    ...overrides,
  };
}
