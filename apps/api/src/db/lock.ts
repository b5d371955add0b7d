import path from 'node:path';
import { mkdirSync } from 'node:fs';
import lockfile from 'proper-lockfile';

/**
 * The embedded database allows one process per DATA_DIR. Takes the folder's lock, or exits with a
 * clear message when another server (or seed script) holds it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, { lockfilePath: path.join(dataDir, '.lock'), stale: 15_000 });
  } catch {
    console.error(
      `Another server is already using the data folder ${dataDir}.\n` +
        'Stop it first, or start this one with a different DATA_DIR.',
    );
    process.exit(1);
  }
}
