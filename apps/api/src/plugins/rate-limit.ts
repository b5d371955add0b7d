import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import { tooManyRequests } from '../lib/errors.ts';

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the key may act again (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts events per key in a fixed window. The in-memory implementation below keeps the state of one
 * API instance; a shared store for several instances (REDIS_URL) implements this same interface with
 * rate-limiter-flexible's RateLimiterRedis, without any change to the callers.
 */
export interface Limiter {
  /** Counts one event for key; `allowed` is false once the key is over its limit. */
  hit(key: string): Promise<LimitResult>;
  /** Whether key is already at its limit, without counting anything. */
  peek(key: string): Promise<LimitResult>;
  /** Forgets key (e.g. the failed sign-ins of an email after a successful one). */
  reset(key: string): Promise<void>;
}

export interface RateLimits {
  /** Unauthenticated /api/auth/* calls per client IP per minute (AUTH_IP_LIMIT_PER_MINUTE). */
  authIp: Limiter;
  /** Failed sign-ins per email per 15 minutes (LOGIN_FAILURES_PER_15_MIN); reset on success. */
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

export function limiterFrom(rl: RateLimiterAbstract): Limiter {
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
    async peek(key) {
      const res = await rl.get(key);
      if (res && res.consumedPoints >= rl.points) {
        return { allowed: false, retryAfterSeconds: seconds(res.msBeforeNext) };
      }
      return { allowed: true, retryAfterSeconds: 0 };
    },
    async reset(key) {
      await rl.delete(key);
    },
  };
}

function createLimiter(points: number, durationSeconds: number, keyPrefix: string): Limiter {
  return limiterFrom(new RateLimiterMemory({ points, duration: durationSeconds, keyPrefix }));
}

export function createRateLimits(
  config: Pick<Config, 'authIpLimitPerMinute' | 'loginFailuresPer15Min' | 'codeSendsPerHour' | 'redisUrl'>,
  log?: FastifyBaseLogger,
): RateLimits {
  if (config.redisUrl) {
    log?.warn(
      'REDIS_URL is set, but the shared rate-limit store is not implemented yet: each API instance counts on its own',
    );
  }
  return {
    authIp: createLimiter(config.authIpLimitPerMinute, 60, 'auth-ip'),
    loginFailures: createLimiter(config.loginFailuresPer15Min, 15 * 60, 'login-failures'),
    codeSends: createLimiter(config.codeSendsPerHour, 60 * 60, 'code-sends'),
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
    app.decorate('rateLimits', createRateLimits(app.config, app.log));
    app.decorate('authIpLimit', async (request: FastifyRequest) => {
      enforce(
        await app.rateLimits.authIp.hit(request.ip),
        (wait) => `Too many requests from your network. Please wait ${wait} and try again.`,
      );
    });
  },
  { name: 'rate-limit' },
);
