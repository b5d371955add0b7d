import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { dbTiming, newDbTiming, timed } from './timing.ts';

describe("a request's database time", () => {
  it('adds queries that run one after the other', async () => {
    const tally = newDbTiming();
    await dbTiming.run(tally, async () => {
      await timed(() => sleep(30));
      await timed(() => sleep(30));
    });
    expect(tally.ms).toBeGreaterThanOrEqual(55);
    expect(tally.running).toBe(0);
  });

  it('counts queries under way at the same time once (a page and its count)', async () => {
    const tally = newDbTiming();
    const started = performance.now();
    await dbTiming.run(tally, () => Promise.all([timed(() => sleep(40)), timed(() => sleep(40))]));
    const elapsed = performance.now() - started;
    expect(tally.ms).toBeGreaterThanOrEqual(35);
    expect(tally.ms).toBeLessThanOrEqual(elapsed);
  });

  it('counts a failed query, and nothing outside a request', async () => {
    const tally = newDbTiming();
    await dbTiming.run(tally, () =>
      timed(async () => {
        await sleep(20);
        throw new Error('refused');
      }).catch(() => undefined),
    );
    expect(tally.ms).toBeGreaterThanOrEqual(15);
    expect(tally.running).toBe(0);
    await expect(timed(async () => 'outside')).resolves.toBe('outside');
  });
});
