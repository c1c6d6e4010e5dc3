import { messages } from '../../shared/messages.js';
import { duplicateMessage } from '../../shared/resource.js';
import { resources } from '../../shared/resources/index.js';
import { snakeCase } from './crud.js';
import { ConflictError } from './errors.js';

/**
 * A duplicate value answers 409 naming its field. PostgreSQL says which unique index refused
 * the row (`error.constraint`); the migrations name them `<table>_<column>_key`, the table after
 * the resource's path, so the resources' `uniqueFields` give the index → field map (checked
 * against the database by unique-violations.api.test.ts).
 */
export const uniqueIndexName = (path: string, field: string) =>
  `${path.replaceAll('-', '_')}_${snakeCase(field)}_key`;

const byIndex = new Map(
  Object.values(resources).flatMap((definition) =>
    Object.entries(definition.uniqueFields ?? {}).map(([field, value]) => [
      uniqueIndexName(definition.path, field),
      { field, message: duplicateMessage(definition, value) },
    ]),
  ),
);

/** The 409 of a unique violation; an index no resource declares gets the generic sentence. */
export function duplicateError(constraint: string | undefined): ConflictError {
  const known = constraint === undefined ? undefined : byIndex.get(constraint);
  if (!known) return new ConflictError(messages.errors.duplicate, 'DUPLICATE');
  return new ConflictError(known.message, 'DUPLICATE', { [known.field]: known.message });
}
