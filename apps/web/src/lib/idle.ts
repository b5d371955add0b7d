/** Runs `task` when the browser is idle after the first paint (at the latest after `timeoutMs`). */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1);
  return () => window.clearTimeout(id);
}

/**
 * Resolves in a later task of its own: the browser's `scheduler.yield()` where it has one, else a 0 ms
 * timer. Work after it no longer lengthens the task that asked for it (a page's first render starts
 * every query's request in one pass of React's effects).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
