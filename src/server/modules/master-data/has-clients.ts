import type { DbOrTrx } from '../../db/connection.js';

/** Whether any client exists, active or not (the dashboard's first steps). */
export async function hasClients(db: DbOrTrx): Promise<boolean> {
  const row = await db.selectFrom('clients').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
