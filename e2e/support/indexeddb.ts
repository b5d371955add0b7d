import type { Page } from '@playwright/test';

/**
 * Every row an IndexedDB database of the page's origin holds, by store (none when the database does
 * not exist). A Blob or File in a row comes as its type and size: its bytes stay in the browser.
 */
export const storedRows = (page: Page, database: string) =>
  page.evaluate(async (name) => {
    const rows: Record<string, unknown[]> = {};
    if (!(await indexedDB.databases()).some((d) => d.name === name)) return rows;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    for (const store of Array.from(db.objectStoreNames)) {
      const all = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const described = JSON.stringify(all, (_key, value: unknown) =>
        value instanceof Blob ? { type: value.type, size: value.size } : value,
      );
      rows[store] = JSON.parse(described) as unknown[];
    }
    db.close();
    return rows;
  }, database);
