import { Form, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { reportFormError } from './apply-server-errors.js';
import { saveRefusalOf, type SaveRefusal } from './save-refusal.js';
import { useFormDirty } from './use-form-dirty.js';
import { useSingleSubmit } from './use-single-submit.js';
import { useUnsavedChangesPrompt } from './use-unsaved-changes-prompt.js';

/** The caller's save: a mutation (an api.ts hook that owns what it invalidates) or its like. */
export interface SaveMutation<TVariables, TSaved> {
  mutateAsync: (variables: TVariables) => Promise<TSaved>;
  isPending: boolean;
}

export interface RecordFormOptions<TRecord, TValues, TVariables, TSaved> {
  /** The record as it was read; null for a new one. */
  record: TRecord | null;
  /** A new record's first values, taken once: the lookups they came from may refetch. */
  initial?: TValues;
  /** What the form shows of a record (the baseline its dirty state compares with). */
  toFormValues: (record: TRecord) => TValues;
  save: SaveMutation<TVariables, TSaved>;
  /** The mutation's variables: the typed values, and the record with its version when editing. */
  toVariables: (values: TValues, record: TRecord | null) => TVariables;
  /** After a save (the toast is the caller's): where to go, or null to stay on the form. */
  onSaved: (saved: TSaved, record: TRecord | null) => string | null;
  /** Reads the record again, for "Recarregar" after someone else's save. */
  reload: (record: TRecord) => Promise<TRecord>;
  /** A form the user may only read never asks before leaving. */
  readOnly?: boolean;
}

export interface RecordForm<TRecord, TValues> {
  form: FormInstance<TValues>;
  /** The record the form edits: as read, reloaded or saved in place; null for a new one. */
  loaded: TRecord | null;
  baseline: TValues;
  dirty: boolean;
  /** The form's `onFinish`: saves once (a double click or Enter plus click acts once). */
  submit: (values: TValues) => void;
  saving: boolean;
  /** A refused save shown above the form (stale, or the document moved on); null otherwise. */
  refusal: Exclude<SaveRefusal, { kind: 'fields' }> | null;
  /** "Recarregar": the record as it is now, what was typed given up. */
  reload: () => void;
  reloading: boolean;
  /** Another request of the form (an "Inativar") refused: shown by the same policy as a save. */
  refuse: (error: unknown) => void;
  /** Takes `record` as the one edited (a save that stays on the form). */
  adopt: (record: TRecord) => void;
  /** Leaves for `path` once the leave prompt knows there is nothing to lose (after a delete). */
  leave: (path: string) => void;
}

/**
 * What every record form does around its fields (ARCHITECTURE "One document kit"): the values
 * loaded and their baseline, the dirty state and the question before leaving with unsaved changes,
 * one save at a time through the caller's mutation, and one policy for a refused save
 * (`saveRefusalOf`): someone else's save first offers "Recarregar" and keeps what was typed, a
 * document that moved on says so above the form, and field errors land on their fields.
 */
export function useRecordForm<TRecord, TValues extends object, TVariables, TSaved>(
  options: RecordFormOptions<TRecord, TValues, TVariables, TSaved>,
): RecordForm<TRecord, TValues> {
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<TValues>();
  const [loaded, setLoaded] = useState(options.record);
  // Taken once, as the record: a refetch behind the form must not move what it compares with.
  const [baseline, setBaseline] = useState<TValues>(() =>
    options.record ? options.toFormValues(options.record) : (options.initial ?? ({} as TValues)),
  );
  const [refusal, setRefusal] = useState<RecordForm<TRecord, TValues>['refusal']>(null);
  const [reloading, setReloading] = useState(false);
  const [leaving, setLeaving] = useState<string | null>(null);
  const dirty = useFormDirty(form, baseline);
  useUnsavedChangesPrompt(dirty && !options.readOnly && leaving === null);

  // Navigating away only once the prompt has been told there is nothing left to save.
  useEffect(() => {
    if (leaving !== null) navigate(leaving, { state: location.state });
  }, [leaving, navigate, location.state]);

  const adopt = (record: TRecord) => {
    const values = options.toFormValues(record);
    setLoaded(record);
    setBaseline(values);
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  };

  const refuse = (error: unknown) => {
    const place = saveRefusalOf(error);
    if (place.kind === 'fields') {
      reportFormError(form, error);
      return;
    }
    setRefusal(place);
    // The Alert sits above the form, out of sight of a Salvar pressed at its end.
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const submitOnce = useSingleSubmit();
  const submit = (values: TValues) => {
    if (leaving !== null) return;
    submitOnce(() =>
      options.save.mutateAsync(options.toVariables(values, loaded)).then((saved) => {
        setRefusal(null);
        const next = options.onSaved(saved, loaded);
        if (next !== null) setLeaving(next);
      }, refuse),
    );
  };

  const reload = () => {
    if (!loaded || reloading) return;
    setReloading(true);
    options
      .reload(loaded)
      .then((fresh) => {
        setRefusal(null);
        adopt(fresh);
      })
      // A failed read leaves the Alert where it is, to try again.
      .catch(() => undefined)
      .finally(() => setReloading(false));
  };

  return {
    form,
    loaded,
    baseline,
    dirty,
    submit,
    saving: options.save.isPending,
    refusal,
    reload,
    reloading,
    refuse,
    adopt,
    leave: setLeaving,
  };
}
