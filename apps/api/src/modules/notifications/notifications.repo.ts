import { notifications } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/client.ts';

export interface NewNotification {
  userId: string;
  type: string;
  title: string;
  message: string;
}

export async function insertNotifications(db: DbOrTx, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
}
