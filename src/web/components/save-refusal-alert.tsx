import { Alert } from 'antd';
import type { RecordForm } from './use-record-form.js';
import { StaleVersionAlert } from './stale-version-alert.js';

/**
 * A record form's refused save, above the form (`useRecordForm`'s policy): someone else's save
 * with "Recarregar", or the server's word that the document moved on, with `movedOn` saying what
 * may be edited ("Somente uma ordem em rascunho pode ser alterada.").
 */
export function SaveRefusalAlert({
  record,
  movedOn,
}: {
  record: Pick<RecordForm<unknown, object>, 'refusal' | 'reload' | 'reloading'>;
  movedOn?: string;
}) {
  const { refusal } = record;
  if (!refusal) return null;
  return (
    <div data-testid="save-refusal">
      {refusal.kind === 'stale' ? (
        <StaleVersionAlert
          message={refusal.message}
          reloading={record.reloading}
          onReload={record.reload}
        />
      ) : (
        <Alert type="error" showIcon title={refusal.message} description={movedOn} />
      )}
    </div>
  );
}
