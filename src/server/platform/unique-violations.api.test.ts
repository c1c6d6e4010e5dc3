import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { resources } from '../../shared/resources/index.js';
import { useTestApi } from '../testing/api-app.js';
import { duplicateError, uniqueIndexName } from './unique-violations.js';

const api = useTestApi();

describe('unique violations', () => {
  it('every unique index of a resource table is a declared unique field, and every declared one exists', async () => {
    const tables = Object.values(resources).map((definition) =>
      definition.path.replaceAll('-', '_'),
    );
    const { rows } = await sql<{ indexname: string }>`
      SELECT indexname FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = ANY(${tables})
        AND indexdef LIKE 'CREATE UNIQUE INDEX%' AND indexname NOT LIKE '%\\_pkey'`.execute(api.db);
    const declared = Object.values(resources).flatMap((definition) =>
      Object.keys(definition.uniqueFields ?? {}).map((field) =>
        uniqueIndexName(definition.path, field),
      ),
    );
    // "Only one default location" is kept by the service under a lock, never by what is typed.
    const inDatabase = rows
      .map((row) => row.indexname)
      .filter((name) => name !== 'stock_locations_one_default');
    expect(inDatabase.sort()).toEqual(declared.sort());
  });

  it('names the field of a known index and keeps the generic sentence for any other', () => {
    expect(duplicateError('clients_document_key')).toMatchObject({
      statusCode: 409,
      code: 'DUPLICATE',
      message: 'Já existe um cliente com este CPF/CNPJ.',
      fields: { document: 'Já existe um cliente com este CPF/CNPJ.' },
    });
    expect(duplicateError('units_of_measurement_code_key').fields).toEqual({
      code: 'Já existe uma unidade de medida com este código.',
    });
    for (const other of ['stock_locations_one_default', undefined]) {
      const error = duplicateError(other);
      expect({ message: error.message, fields: error.fields }).toEqual({
        message: messages.errors.duplicate,
        fields: undefined,
      });
    }
  });
});
