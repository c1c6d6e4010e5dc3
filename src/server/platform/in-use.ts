import { ErrorCode, errorMessages } from '../../shared/error-codes.js';
import { ConflictError } from './errors.js';

/** PostgreSQL's SQLSTATE for a foreign-key violation. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Runs a delete; if other rows still reference what it deletes, answers 409 IN_USE ("Registro em
 * uso; inative-o em vez de excluir."). The delete itself knows that a foreign-key violation means
 * "in use": PostgreSQL writes the same SQLSTATE for an insert pointing at a missing row, and its
 * message ("is still referenced") comes in the server's language, so neither alone can tell.
 */
export async function deleteUnlessInUse<T>(remove: () => Promise<T>): Promise<T> {
  try {
    return await remove();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === FOREIGN_KEY_VIOLATION) {
      throw new ConflictError(errorMessages.IN_USE, ErrorCode.IN_USE);
    }
    throw error;
  }
}
