import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { ErrorCode } from '../../shared/error-codes.js';
import { exportFileName } from '../../shared/export-file-name.js';
import { listQuerySchema } from '../../shared/list-query.js';
import { messages } from '../../shared/messages.js';
import type { FieldSpec } from '../../shared/resource.js';
import type { Db } from '../db/connection.js';
import {
  snakeCase,
  sqlExpression,
  type ApiRow,
  type CrudConfig,
  type CrudService,
} from './crud.js';
import { AppError } from './errors.js';
import { createExportFile } from './export.js';
import { checkImport, readImportSheet, type ImportRow, type ImportSheet } from './import.js';
import {
  IMPORT_LIMITS,
  ImportInvalidError,
  ImportTooLargeError,
  takeImportSlot,
} from './import-limits.js';
import { auditContext } from './request-context.js';
import { uploadKind, type UploadKind } from './spreadsheet.js';
import { sheetFields, valueAt } from './spreadsheet-format.js';
import { replyWithFile } from './file-reply.js';

/**
 * `GET /<path>/export?format=xlsx|csv&<list query>`: every row the list shows for the same
 * search, filters and sort, formatted the Brazilian way. `POST /<path>/import` (multipart,
 * field `file`) for importable resources: all rows or none, each audited, within IMPORT_LIMITS
 * (at most `concurrent` at once per process; one more answers 429 with Retry-After).
 */

export interface SpreadsheetRoutesOptions {
  /** Other resources' configs by path, to show a reference by name (a user's profile). */
  references?: ReadonlyMap<string, CrudConfig>;
}

export function spreadsheetRoutes(
  db: Db,
  config: CrudConfig,
  service: Pick<CrudService, 'eachBatch' | 'existing' | 'importMany'>,
  options: SpreadsheetRoutesOptions = {},
): FastifyPluginAsyncZod {
  const { definition } = config;
  const base = `/${definition.path}`;
  const tags = [definition.path];
  const fields = sheetFields(definition);
  const uniqueFields =
    config.uniqueFields ?? fields.filter((f) => f.kind === 'document').map((f) => f.key);

  return async (app) => {
    app.get(`${base}/export`, {
      config: { permission: `${definition.area}:read` },
      schema: {
        tags,
        summary: `Exporta ${definition.label} (todas as linhas da lista filtrada)`,
        querystring: listQuerySchema
          .omit({ page: true, pageSize: true })
          .extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') })
          .extend(definition.filtersSchema.shape),
        response: {
          200: z.any().describe('O arquivo .xlsx ou .csv (anexo)'),
        },
      },
      handler: async (request, reply) => {
        const { format, ...query } = request.query as { format: 'xlsx' | 'csv' } & Record<
          string,
          unknown
        >;
        const file = await createExportFile(format, definition.label, fields);
        await service.eachBatch(db, query, async (rows) => {
          const names = await referenceNames(db, fields, rows, options.references);
          for (const row of rows) file.addRow(row, names);
        });
        const body = await file.finish();
        const name = exportFileName(definition.label, format);
        return replyWithFile(reply, { body: body, contentType: file.contentType, fileName: name });
      },
    });

    if (!definition.importable) return;

    app.post(`${base}/import`, {
      config: { permission: `${definition.area}:write` },
      schema: {
        tags,
        summary: `Importa ${definition.label} de uma planilha .xlsx ou .csv (campo "file")`,
        consumes: ['multipart/form-data'],
        // Describes the upload in the OpenAPI document; request.file() reads the multipart body,
        // which Fastify leaves empty (null), so the schema accepts its absence.
        body: z.object({ file: z.any().describe('A planilha (.xlsx ou .csv)') }).nullish(),
        response: { 200: z.object({ imported: z.number() }) },
      },
      handler: async (request, reply) => {
        const release = takeImportSlot();
        if (!release) {
          reply.header('retry-after', String(BUSY_RETRY_SECONDS));
          throw new AppError(429, ErrorCode.TOO_MANY_REQUESTS, messages.imports.busy);
        }
        try {
          // Only the checked values outlive checkedUpload: the file and its cells are let go
          // before the rows are written.
          const rows = await checkedUpload(request);
          const imported = await service.importMany(
            db,
            auditContext(request),
            rows.map((row) => row.value),
            rows.map((row) => row.line),
          );
          return { imported };
        } finally {
          release();
        }
      },
    });

    async function checkedUpload(request: FastifyRequest): Promise<ImportRow[]> {
      const upload = await receiveFile(request);
      const bytes = await readUpload(upload);
      const kind = uploadKind(upload.filename, bytes);
      if (!kind) throw new ImportInvalidError(messages.imports.unsupported);
      const sheet = await readUploadedSheet(kind, bytes);
      const valid = await checkImport(definition, sheet, {
        uniqueFields,
        existing: (field, values) => service.existing(db, field, values),
      });
      return valid;
    }
  };
}

/** What a refused import's Retry-After says: about what a large import takes to finish. */
const BUSY_RETRY_SECONDS = 10;

async function readUploadedSheet(kind: UploadKind, bytes: Buffer): Promise<ImportSheet> {
  try {
    return await readImportSheet(kind, bytes);
  } catch (error) {
    // A limit's refusal says which; anything else the readers stumble on is a broken file.
    if (error instanceof AppError) throw error;
    throw new ImportInvalidError(messages.imports.unreadable);
  }
}

async function receiveFile(request: FastifyRequest): Promise<MultipartFile> {
  let upload: MultipartFile | undefined;
  try {
    upload = await request.file({ limits: { fileSize: IMPORT_LIMITS.uploadBytes, files: 1 } });
  } catch (error) {
    throw uploadError(error);
  }
  if (!upload || upload.fieldname !== 'file') throw new ImportInvalidError(messages.imports.noFile);
  return upload;
}

async function readUpload(upload: MultipartFile): Promise<Buffer> {
  try {
    return await upload.toBuffer();
  } catch (error) {
    throw uploadError(error);
  }
}

function uploadError(error: unknown): AppError {
  const code = (error as { code?: string }).code;
  if (
    code === 'FST_REQ_FILE_TOO_LARGE' ||
    code === 'FST_FILES_LIMIT' ||
    code === 'FST_PARTS_LIMIT'
  ) {
    return ImportTooLargeError.upload();
  }
  return new ImportInvalidError(messages.imports.noFile);
}

/**
 * For each reference field of the export, the names of the rows this batch points at, with
 * one query per field and batch.
 */
async function referenceNames(
  db: Db,
  fields: FieldSpec[],
  rows: ApiRow[],
  references: ReadonlyMap<string, CrudConfig> | undefined,
): Promise<Map<string, Map<number, string>>> {
  const names = new Map<string, Map<number, string>>();
  for (const field of fields) {
    const target =
      field.kind === 'reference' && field.references && references?.get(field.references);
    if (!target) continue;
    const ids = [
      ...new Set(rows.map((row) => Number(valueAt(row, field.key))).filter(Number.isInteger)),
    ];
    if (ids.length === 0) continue;
    const title = sqlExpression(target, target.definition.titleField);
    const { rows: found } = await sql<{ id: number; title: string }>`
      SELECT id, ${sql.raw(title)} AS title FROM ${sql.table(snakeCase(target.table))}
      WHERE id = ANY(${ids})`.execute(db);
    names.set(field.key, new Map(found.map((row) => [row.id, row.title])));
  }
  return names;
}
