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
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
    /** onRequest hook for the unauthenticated auth calls: 429 once the client IP is over its limit. */
    authIpLimit: (request: FastifyRequest) => Promise<void>;
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function limiterFrom(rl: RateLimiterAbstract): Limiter {
  return {
    async hit(key) {
      try {
        await rl.consume(key);
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (err) {
        if (err instanceof RateLimiterRes)
          return { allowed: false, retryAfterSeconds: seconds(err.msBeforeNext) };
        throw err;
      }
    },
    async reset(key) {
      await rl.delete(key);
    },
  };
}

type LimitsConfig = Pick<
  Config,
  'authIpLimitPerMinute' | 'loginFailuresPer15Min' | 'codeSendsPerHour' | 'redisUrl' | 'redisKeyPrefix'
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
    async close() {
      await redis?.quit().catch(() => redis?.disconnect());
    },
  };
}

/** "42 seconds", "1 minute", "15 minutes": how long to wait, for messages a person reads. */
export function describeWait(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) return `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Throws 429 (with Retry-After) when the result is not allowed. */
export function enforce(result: LimitResult, message: (wait: string) => string): void {
  if (!result.allowed) {
    throw tooManyRequests(message(describeWait(result.retryAfterSeconds)), result.retryAfterSeconds);
  }
}

/**
 * Rate limits of ARCHITECTURE.md "Security decisions". State lives on the app instance (each test app
 * counts from zero).
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
  },
  { name: 'rate-limit' },
);
