import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Empty, Spin, Timeline, Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';
import type { AuditEntry } from '../../shared/api-error.js';
import type { ResourceDefinition } from '../../shared/resource.js';
import { http } from '../lib/http.js';
import { queryKeys } from '../lib/query-keys.js';
import { auditActionLabel, changeLines, type ChangeLine } from './audit-changes.js';
import { formatDateTime } from './dates.js';
import { ReferenceName } from './reference-name.js';
import { useMediaQuery } from './use-media-query.js';

function shownValue(line: ChangeLine, side: 'from' | 'to'): ReactNode {
  const id = side === 'from' ? line.fromId : line.toId;
  if (line.references && id !== undefined)
    return <ReferenceName resource={line.references} id={id} />;
  return line[side];
}

/**
 * A document's line: "Item 2 incluído: Produto Parafuso, Quantidade 3", "Item 1 alterado:
 * Quantidade 5 → 8", "Item 3 removido: Produto Arruela, Quantidade 1".
 */
function LineChangeItem({ line }: { line: ChangeLine }) {
  const { change, fields } = line.line!;
  return (
    <li>
      <Typography.Text strong>
        {line.label}
        {fields.length > 0 && ':'}
      </Typography.Text>
      {fields.map((field, index) => (
        <Fragment key={field.key}>
          {index > 0 ? ', ' : ' '}
          {field.label}{' '}
          {change === 'changed' ? (
            <>
              <Typography.Text type="secondary">{shownValue(field, 'from')}</Typography.Text>
              {' → '}
              {shownValue(field, 'to')}
            </>
          ) : (
            shownValue(field, change === 'added' ? 'to' : 'from')
          )}
        </Fragment>
      ))}
    </li>
  );
}

/** "Label: de → para"; a creation only shows what was set, a deletion what there was. */
function Change({ line, action }: { line: ChangeLine; action: string }) {
  if (line.line) return <LineChangeItem line={line} />;
  const created = action === 'create' || action === 'import';
  return (
    <li>
      <Typography.Text strong>{line.label}:</Typography.Text>{' '}
      {line.summary !== undefined ? (
        line.summary
      ) : created ? (
        shownValue(line, 'to')
      ) : action === 'delete' ? (
        shownValue(line, 'from')
      ) : (
        <>
          <Typography.Text type="secondary">{shownValue(line, 'from')}</Typography.Text>
          {' → '}
          {shownValue(line, 'to')}
        </>
      )}
    </li>
  );
}

/**
 * "Histórico" of a record: who did what and when, newest first, each changed field with its
 * label and its values as the screens show them.
 */
export function HistoryDrawer({
  definition,
  id,
  open,
  onClose,
}: {
  definition: ResourceDefinition;
  id: number;
  open: boolean;
  onClose: () => void;
}) {
  const wide = useMediaQuery('(min-width: 576px)');
  const history = useQuery({
    queryKey: queryKeys.resource(definition.path).audit(id),
    queryFn: ({ signal }) =>
      http.get<{ items: AuditEntry[] }>('/audit', {
        query: { entity: definition.path, entityId: id },
        signal,
      }),
    enabled: open,
    staleTime: 0,
  });

  return (
    <Drawer
      title="Histórico"
      open={open}
      onClose={onClose}
      size={wide ? 480 : '100%'}
      data-testid="history-drawer"
      destroyOnHidden
    >
      <>
        {history.isPending ? (
          <Spin />
        ) : history.isError ? (
          <Alert type="error" showIcon title="Não foi possível carregar o histórico." />
        ) : history.data.items.length === 0 ? (
          <Empty description="Nenhuma alteração registrada." />
        ) : (
          <Timeline
            items={history.data.items.map((entry) => {
              const lines = changeLines(definition, entry.changes);
              return {
                key: entry.id,
                content: (
                  <div data-testid="history-entry">
                    <Typography.Text strong>{auditActionLabel(entry.action)}</Typography.Text>
                    <Typography.Text type="secondary">
                      {' · '}
                      {formatDateTime(entry.at)} · {entry.userName ?? 'sistema'}
                    </Typography.Text>
                    {lines.length > 0 && (
                      <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
                        {lines.map((line) => (
                          <Change key={line.key} line={line} action={entry.action} />
                        ))}
                      </ul>
                    )}
                  </div>
                ),
              };
            })}
          />
        )}
      </>
    </Drawer>
  );
}
