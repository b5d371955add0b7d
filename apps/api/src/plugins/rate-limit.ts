import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import { tooManyRequests } from '../lib/errors.ts';

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the key may act again (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts events per key in a fixed window, atomically: N concurrent hits on a key with limit L give
 * exactly L allowed. In memory (one API instance) without REDIS_URL; in Redis, shared by every
 * instance, with it (rate-limiter-flexible's RateLimiterRedis, with an in-memory insurance limiter
 * that takes over while Redis cannot be reached).
 */
export interface Limiter {
  /** Counts one event for key; `allowed` is false once the key is over its limit. */
  hit(key: string): Promise<LimitResult>;
  /**
   * Takes `points` of key's allowance when they all fit in what is left of it, else none (a refused
   * amount is given back at once, so a smaller one may still fit): the bytes of an upload.
   */
  take(key: string, points: number): Promise<LimitResult>;
  /** Gives back `points` taken for key (an upload that was taken into account but not kept). */
  giveBack(key: string, points: number): Promise<void>;
  /** Forgets key (e.g. the sign-in attempts of an email after a successful one). */
  reset(key: string): Promise<void>;
}

export interface RateLimits {
  /** Unauthenticated /api/auth/* calls per client IP per minute (AUTH_IP_LIMIT_PER_MINUTE). */
  authIp: Limiter;
  /**
   * Sign-in attempts per email per 15 minutes (LOGIN_FAILURES_PER_15_MIN), counted before the password
   * is checked and forgotten on success: in effect the failed ones. Also current-password checks.
   */
  loginFailures: Limiter;
  /** One-time-code emails per address per hour (CODE_SENDS_PER_HOUR). */
  codeSends: Limiter;
  /** A signed-in user's writes (POST, PUT, PATCH, DELETE) per minute (USER_WRITES_PER_MINUTE). */
  userWrites: Limiter;
  /** A signed-in user's accepted uploads per hour (USER_UPLOADS_PER_HOUR). */
  userUploads: Limiter;
  /** The bytes of a signed-in user's accepted uploads per day (USER_UPLOAD_MB_PER_DAY). */
  userUploadBytes: Limiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
    /** onRequest hook for the unauthenticated auth calls: 429 once the client IP is over its limit. */
    authIpLimit: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler hook of the API (app.ts, after the idempotency plugin's): 429 once the signed-in user
     * is over their writes a minute. Reads, calls without a session and sign-out are not counted.
     */
    userWriteLimit: (request: FastifyRequest) => Promise<void>;
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const MB = 1024 * 1024;

function limiterFrom(rl: RateLimiterAbstract): Limiter {
  const consume = async (key: string, points: number, refusedTakesNothing: boolean) => {
    try {
      await rl.consume(key, points);
      return { allowed: true, retryAfterSeconds: 0 };
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      if (refusedTakesNothing) await rl.reward(key, points);
      return { allowed: false, retryAfterSeconds: seconds(err.msBeforeNext) };
    }
  };
  return {
    hit: (key) => consume(key, 1, false),
    take: (key, points) => consume(key, points, true),
    async giveBack(key, points) {
      await rl.reward(key, points);
    },
    async reset(key) {
      await rl.delete(key);
    },
  };
}

type LimitsConfig = Pick<
  Config,
  | 'authIpLimitPerMinute'
  | 'loginFailuresPer15Min'
  | 'codeSendsPerHour'
  | 'userWritesPerMinute'
  | 'userUploadsPerHour'
  | 'userUploadMbPerDay'
  | 'redisUrl'
  | 'redisKeyPrefix'
>;

/**
 * The limits, and a close() that ends the Redis connection when there is one. With a Redis URL it waits
 * (a few seconds at most) for the connection, so the first requests already share the counters.
 */
export async function createRateLimits(
  config: LimitsConfig,
  log?: FastifyBaseLogger,
): Promise<RateLimits & { close(): Promise<void> }> {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    // No offline queue: while Redis is down a call fails at once and the insurance limiter counts.
    redis = new Redis(config.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      connectTimeout: 3000,
    });
    redis.on('error', (err: Error) => log?.warn({ reason: err.message }, 'rate-limit store (Redis) error'));
    await redis
      .connect()
      .catch((err: Error) =>
        log?.warn(
          { reason: err.message },
          'rate-limit store (Redis) not reachable: counting in memory until it is',
        ),
      );
  }
  const create = (points: number, duration: number, name: string): Limiter => {
    const memory = new RateLimiterMemory({ points, duration, keyPrefix: name });
    if (!redis) return limiterFrom(memory);
    return limiterFrom(
      new RateLimiterRedis({
        storeClient: redis,
        points,
        duration,
        keyPrefix: `${config.redisKeyPrefix}:${name}`,
        insuranceLimiter: memory,
      }),
    );
  };
  return {
    authIp: create(config.authIpLimitPerMinute, 60, 'auth-ip'),
    loginFailures: create(config.loginFailuresPer15Min, 15 * 60, 'login-failures'),
    codeSends: create(config.codeSendsPerHour, 60 * 60, 'code-sends'),
    userWrites: create(config.userWritesPerMinute, 60, 'user-writes'),
    userUploads: create(config.userUploadsPerHour, 60 * 60, 'user-uploads'),
    userUploadBytes: create(config.userUploadMbPerDay * MB, 24 * 60 * 60, 'user-upload-bytes'),
    async close() {
      await redis?.quit().catch(() => redis?.disconnect());
    },
  };
}

/**
 * "42 seconds", "1 minute", "15 minutes", "3 hours": how long to wait, for messages a person reads;
 * rounded up, so that nobody is told to come back before they may.
 */
export function describeWait(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) return `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`;
  if (retryAfterSeconds <= 2 * 60 * 60) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  return `${Math.ceil(retryAfterSeconds / 3600)} hours`;
}

/** Throws 429 (with Retry-After) when the result is not allowed. */
export function enforce(result: LimitResult, message: (wait: string) => string): void {
  if (!result.allowed) {
    throw tooManyRequests(message(describeWait(result.retryAfterSeconds)), result.retryAfterSeconds);
  }
}

/** Writes that are never refused: sign-out only ends a session. */
const NEVER_LIMITED = new Set(['/api/auth/logout']);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What an accepted upload costs its uploader; see uploadQuotaOf. */
export interface UploadQuota {
  /**
   * Takes one of the hour's uploads and `bytes` of the day's (429, taking nothing, when either is used
   * up or the file would pass the day's bytes); answers how to give them back when the file is not kept.
   */
  take(bytes: number): Promise<() => Promise<void>>;
}

/**
 * The upload allowances of the request's signed-in user (decision 0033), or undefined without a
 * session. Taken by saveUpload once the file is read and checked, before it is stored.
 */
export function uploadQuotaOf(request: FastifyRequest): UploadQuota | undefined {
  const userId = request.actor?.id;
  if (!userId) return undefined;
  const { rateLimits, config } = request.server;
  return {
    async take(bytes) {
      enforce(
        await rateLimits.userUploads.hit(userId),
        (wait) => `You have uploaded too many files in the last hour. Please wait ${wait} and try again.`,
      );
      const day = await rateLimits.userUploadBytes.take(userId, bytes);
      if (!day.allowed) await rateLimits.userUploads.giveBack(userId, 1);
      enforce(
        day,
        (wait) =>
          `You have reached today's upload limit of ${config.userUploadMbPerDay} MB. Please try again in ${wait}.`,
      );
      return async () => {
        // Best effort: the upload failed for another reason, which is what the person hears about.
        await Promise.all([
          rateLimits.userUploads.giveBack(userId, 1),
          rateLimits.userUploadBytes.giveBack(userId, bytes),
        ]).catch((err: unknown) => request.log.warn({ err }, 'an upload allowance was not given back'));
      };
    },
  };
}

/**
 * Rate limits of ARCHITECTURE.md "Security decisions" and the per-user limits of decision 0033. State
 * lives on the app instance (each test app counts from zero).
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    const limits = await createRateLimits(app.config, app.log);
    app.decorate('rateLimits', limits);
    app.addHook('onClose', () => limits.close());
    app.decorate('authIpLimit', async (request: FastifyRequest) => {
      enforce(
        await app.rateLimits.authIp.hit(request.ip),
        (wait) => `Too many requests from your network. Please wait ${wait} and try again.`,
      );
    });
    app.decorate('userWriteLimit', async (request: FastifyRequest) => {
      const userId = request.actor?.id;
      if (!userId || !WRITE_METHODS.has(request.method)) return;
      if (NEVER_LIMITED.has(request.routeOptions.url ?? '')) return;
      enforce(
        await app.rateLimits.userWrites.hit(userId),
        (wait) => `You have made too many changes in a short time. Please wait ${wait} and try again.`,
      );
    });
  },
  { name: 'rate-limit' },
);
