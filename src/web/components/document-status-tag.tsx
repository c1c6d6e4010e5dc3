import { Tag } from 'antd';
import type { StatusMachine } from '../../shared/status-machine.js';
import { defaultStatusTone, toneColors, type StatusTone } from './document-actions.js';

/**
 * A document's status as a tag ("Aprovada"), labelled by its machine and coloured by the caller
 * (`tones`) or by the status's place in the lifecycle: first grey, between blue, partial gold,
 * last green, cancelled red.
 */
export function DocumentStatusTag<S extends string>({
  machine,
  status,
  tones,
}: {
  machine: Pick<StatusMachine<S, string>, 'statuses' | 'label'>;
  status: S;
  tones?: Partial<Record<S, StatusTone>>;
}) {
  const tone = tones?.[status] ?? defaultStatusTone(machine, status);
  return (
    <Tag
      color={toneColors[tone]}
      style={{ marginInlineEnd: 0 }}
      data-testid="document-status"
      data-status={status}
    >
      {machine.label(status)}
    </Tag>
  );
}
