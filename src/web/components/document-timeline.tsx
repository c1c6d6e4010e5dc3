import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Spin, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { AuditEntry } from '../../shared/api-error.js';
import { http } from '../lib/http.js';
import { queryKeys } from '../lib/query-keys.js';
import { usePermission } from '../lib/session.js';
import { timelineHeadline } from './document-actions.js';

/**
 * One line of the timeline: an audit entry (its author, time and status change), told under
 * `what` instead of its action's label when given — several entries merged into one, say.
 */
export interface TimelineStep {
  entry: AuditEntry;
  what?: string;
}

/** What the timeline reads of a status machine: its statuses' labels. */
interface StatusLabels {
  statuses: Readonly<Record<string, string>>;
}

/** The status an entry moved the document between, as the machine labels it. */
function statusChange(entry: AuditEntry, machine: StatusLabels | undefined): string | null {
  const change = entry.changes.status;
  if (!machine || !change || change.from === change.to) return null;
  const label = (value: unknown) =>
    typeof value === 'string' ? (machine.statuses[value] ?? value) : '—';
  return change.from === undefined || change.from === null
    ? label(change.to)
    : `${label(change.from)} → ${label(change.to)}`;
}

/**
 * What happened to a document, oldest first so that it reads as its story: one line per audit
 * entry ("Aprovada por Ana em 24/11/2026 10:05"), the status it moved between and whatever
 * `describe` adds (a receipt's invoice number). It reads GET /audit under the same key as the
 * Histórico drawer, so invalidating the resource (`resourceKeys(entity).all`) refreshes it after
 * an action. Shown only to users with audit:read. `steps` lets a document tell several entries as
 * one line (an action and the answer recorded right after it).
 */
export function DocumentTimeline({
  entity,
  entityId,
  labels = {},
  machine,
  describe,
  steps,
}: {
  /** The resource's path name (`purchase-orders`). */
  entity: string;
  entityId: number;
  /** Action → headline verb, in the document's gender ({ create: 'Criada', approve: 'Aprovada' }). */
  labels?: Record<string, string>;
  /** The document's status machine, whose labels name the statuses an entry moved between. */
  machine?: StatusLabels;
  describe?: (entry: AuditEntry) => ReactNode;
  /** The lines to show from the entries, oldest first; one line per entry when absent. */
  steps?: (entries: readonly AuditEntry[]) => TimelineStep[];
}) {
  const allowed = usePermission('audit:read');
  const history = useQuery({
    queryKey: queryKeys.resource(entity).audit(entityId),
    queryFn: ({ signal }) =>
      http.get<{ items: AuditEntry[] }>('/audit', {
        query: { entity, entityId },
        signal,
        silent: true,
        redirectOnForbidden: false,
      }),
    enabled: allowed,
    staleTime: 0,
  });

  if (!allowed) return null;
  if (history.isPending) return <Spin />;
  if (history.isError)
    return <Alert type="error" showIcon title="Não foi possível carregar o histórico." />;
  if (history.data.items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nada registrado ainda." />;

  // The API answers newest first; the story reads from the start.
  const entries = [...history.data.items].reverse();
  const lines = steps ? steps(entries) : entries.map((entry): TimelineStep => ({ entry }));
  return (
    <Timeline
      data-testid="document-timeline"
      items={lines.map(({ entry, what }) => {
        const moved = statusChange(entry, machine);
        const extra = describe?.(entry);
        return {
          key: entry.id,
          content: (
            <div data-testid="timeline-entry">
              <Typography.Text>
                {timelineHeadline(entry, what === undefined ? labels : { [entry.action]: what })}
              </Typography.Text>
              {moved && (
                <div>
                  <Typography.Text type="secondary">{moved}</Typography.Text>
                </div>
              )}
              {extra && <div>{extra}</div>}
            </div>
          ),
        };
      })}
    />
  );
}
