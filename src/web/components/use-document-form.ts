import type { FormRule } from 'antd';
import type { z } from '../../shared/zod-messages.js';
import { toast } from '../lib/toast.js';
import { useDocumentReload, type DocumentRead } from './document-form-page.js';
import type { FieldPath } from './field-path.js';
import { useRecordForm, type RecordForm, type SaveMutation } from './use-record-form.js';
import { zodRule } from './zod-rule.js';

export interface DocumentFormOptions<TDetail, TValues, TVariables, TSaved> {
  /** The document's list and pages: a save leads to `${basePath}/${saved.id}`. */
  basePath: string;
  /** The document as read; undefined for a new one. */
  record: TDetail | undefined;
  /** A new document's first values. */
  initial?: TValues;
  toFormValues: (document: TDetail) => TValues;
  save: SaveMutation<TVariables, TSaved>;
  /** What Salvar sends: the typed values, and the document with its version when editing. */
  toSave: (values: TValues, document: TDetail | null) => TVariables;
  /** The toasts of a save: of a document edited, and of a new one. */
  messages: { saved: string; created: string };
  /** How "Recarregar" reads the document again. */
  read: DocumentRead<TDetail>;
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
  /** What the schema checks of the typed values, when not `toSave(…).input`. */
  toInput?: (values: TValues, document: TDetail | null) => unknown;
}

export interface DocumentForm<TDetail, TValues> {
  record: RecordForm<TDetail, TValues>;
  form: RecordForm<TDetail, TValues>['form'];
  loaded: TDetail | null;
  /** A field's rule by the shared schema (the update's once the document exists). */
  validate: (field: FieldPath) => FormRule;
  /** A line table's cell rules: the schema's rule of the cell. */
  cellRules: (path: (string | number)[]) => FormRule[];
}

/**
 * The set-up of a document's form (purchase, production and requested orders, invoices): the
 * record form whose save toasts "saved" or "created" and leads to the document, "Recarregar" by
 * the document's read, and the fields' rules by the shared create or update schema.
 */
export function useDocumentForm<
  TDetail extends { id: number },
  TValues extends object,
  TVariables extends { input: unknown },
  TSaved extends { id: number },
>(
  options: DocumentFormOptions<TDetail, TValues, TVariables, TSaved>,
): DocumentForm<TDetail, TValues> {
  const { basePath, toSave, messages: toasts } = options;
  const record = useRecordForm({
    record: options.record ?? null,
    initial: options.initial,
    toFormValues: options.toFormValues,
    save: options.save,
    toVariables: toSave,
    onSaved: (saved, loaded) => {
      toast.success(loaded ? toasts.saved : toasts.created);
      return `${basePath}/${saved.id}`;
    },
    reload: useDocumentReload(options.read),
  });
  const { form, loaded } = record;

  const toInput = (values: TValues) =>
    options.toInput ? options.toInput(values, loaded) : toSave(values, loaded).input;
  const schema = loaded ? options.updateSchema : options.createSchema;
  const validate = (field: FieldPath) => zodRule(schema, field, toInput);
  const cellRules = (path: (string | number)[]) => [validate(path)];

  return { record, form, loaded, validate, cellRules };
}
