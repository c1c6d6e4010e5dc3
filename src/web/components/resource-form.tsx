import { DeleteOutlined, HistoryOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorCode } from '../../shared/error-codes.js';
import { messages } from '../../shared/messages.js';
import type { Permission } from '../../shared/permissions.js';
import type { FieldKind, ResourceDefinition } from '../../shared/resource.js';
import { ApiError } from '../lib/api-error.js';
import { queryKeys } from '../lib/query-keys.js';
import { usePermission } from '../lib/session.js';
import { toast } from '../lib/toast.js';
import { formatValue } from './format-value.js';
import { FormActions } from './form-actions.js';
import { HistoryDrawer } from './history-drawer.js';
import { getPath } from './object-path.js';
import { ReadOnlyValues } from './read-only-values.js';
import { ResourceField, type FieldContext } from './resource-field.js';
import type { ResourceFormOptions } from './resource-form-options.js';
import { fieldColumn, formSections } from './resource-form-layout.js';
import {
  schemaDefaults,
  toApiInput,
  toFormValues,
  type FormValues,
} from './resource-form-values.js';
import { useDeleteResource, useSaveResource } from './resource-mutations.js';
import { resourceApi, rowTitle, type ResourceRow } from './resource-row.js';
import { SaveRefusalAlert } from './save-refusal-alert.js';
import { saveRefusalOf } from './save-refusal.js';
import { useRecordForm } from './use-record-form.js';
import { ConfirmPopover } from './confirm-popover.js';

/** "Excluir cliente": the delete confirmation names what goes, not a bare "Excluir". */
const deleteLabel = (singular: string) =>
  `Excluir ${singular.charAt(0).toLocaleLowerCase('pt-BR')}${singular.slice(1)}`;

/** A computed field (a balance, the last access) as the list would show it. */
const readOnlyText = (kind: FieldKind, value: unknown) => formatValue({ kind }, value) || '—';

/**
 * The one form of a resource, for a new row (`row` null) and for an existing one. Fields come
 * from the definition and are validated by its schema as the user types; the server's answer
 * lands next to the fields. A stale version keeps what was typed and offers to reload; a row in
 * use cannot be deleted but can be inactivated. After saving or deleting it returns to the list.
 */
export function ResourceForm({
  definition,
  row,
  options,
  listPath,
}: {
  definition: ResourceDefinition;
  row: ResourceRow | null;
  options: ResourceFormOptions;
  /** Where "Voltar", saving and deleting lead: the list, with its filters. */
  listPath: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const keys = queryKeys.resource(definition.path);
  const canWrite = usePermission(`${definition.area}:write` as Permission);
  const canDelete = usePermission(`${definition.area}:delete` as Permission);
  const canReadHistory = usePermission('audit:read');

  const part = options.part;
  // What a row looks like in the form: its definition's fields, and the part's beside them.
  const formValuesOf = (source: ResourceRow | null): FormValues => ({
    ...toFormValues(
      definition,
      source ?? { ...schemaDefaults(definition.schema), ...options.newValues },
    ),
    ...part?.toFormValues(source),
  });
  const toInput = (values: FormValues) => ({
    ...toApiInput(definition, values),
    ...part?.toInput(values),
  });
  const [inUse, setInUse] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const readOnly = !canWrite;

  const save = useSaveResource(definition);

  const record = useRecordForm({
    record: row,
    initial: formValuesOf(null),
    toFormValues: formValuesOf,
    save,
    toVariables: (values, target) => ({ target, input: toInput(values) }),
    onSaved: () => {
      toast.success(messages.saved);
      return listPath;
    },
    // Not through the row's query: the page shows its spinner while that query fetches.
    reload: async (stale) => {
      const fresh = await resourceApi.get(definition.path, stale.id);
      queryClient.setQueryData(keys.detail(fresh.id), fresh);
      return fresh;
    },
    readOnly,
  });
  const { form, loaded } = record;
  const isNew = loaded === null;

  const schema = (!isNew && options.editSchema) || definition.schema;
  const locked = useMemo(
    () => new Set(loaded && options.lockedFields ? options.lockedFields(loaded) : []),
    [loaded, options],
  );
  const sections = useMemo(() => formSections(definition), [definition]);
  const historyDefinition = useMemo(
    () =>
      options.historyFields
        ? { ...definition, fields: [...definition.fields, ...options.historyFields] }
        : definition,
    [definition, options.historyFields],
  );
  const remove = useDeleteResource(definition, {
    onSuccess: () => {
      toast.success(messages.deleted);
      record.leave(listPath);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      if (error.is(ErrorCode.IN_USE)) setInUse(error.message);
      else toast.error(error.message, error.requestId);
    },
  });

  // "Inativar": the row as it was loaded, with active=false, so nothing half-typed goes along.
  const inactivate = useSaveResource(definition, {
    onSuccess: (saved) => {
      setInUse(null);
      record.adopt(saved);
      toast.success(messages.saved);
    },
    onError: (error) => {
      // Stale: the save's Alert takes over from this one.
      if (saveRefusalOf(error).kind === 'stale') setInUse(null);
      record.refuse(error);
    },
  });

  const hasActive = definition.fields.some((field) => field.key === 'active');
  const deletable = loaded !== null && canDelete && (options.canDelete?.(loaded) ?? true);
  const title = loaded ? rowTitle(definition, loaded) : 'Novo registro';

  const fieldContext = (key: string): FieldContext => ({
    schema,
    toInput,
    isNew,
    disabled: readOnly || locked.has(key),
  });

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">{definition.singular}</Typography.Text>
          <Typography.Title level={2} style={{ margin: 0, overflowWrap: 'anywhere' }}>
            {title}
          </Typography.Title>
        </div>
        {loaded && (
          <Flex gap={8} wrap>
            {canReadHistory && (
              <Button
                icon={<HistoryOutlined />}
                onClick={() => setHistoryOpen(true)}
                data-testid="history-button"
              >
                Histórico
              </Button>
            )}
            {deletable && (
              <ConfirmPopover
                title={messages.deleteConfirm}
                okText={deleteLabel(definition.singular)}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutate(loaded.id)}
              >
                <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                  Excluir
                </Button>
              </ConfirmPopover>
            )}
          </Flex>
        )}
      </Flex>

      <SaveRefusalAlert record={record} />
      {inUse && (
        <Alert
          type="warning"
          showIcon
          title={inUse}
          closable={{ onClose: () => setInUse(null) }}
          action={
            hasActive && canWrite && loaded?.active !== false ? (
              <Button
                size="small"
                loading={inactivate.isPending}
                onClick={() =>
                  inactivate.mutate({
                    target: loaded,
                    input: { ...toInput(formValuesOf(loaded)), active: false },
                  })
                }
              >
                Inativar
              </Button>
            ) : undefined
          }
        />
      )}
      {readOnly && (
        <Alert type="info" showIcon title="Você pode consultar este registro, mas não alterá-lo." />
      )}
      {loaded && options.notice?.(loaded)}

      <Form
        form={form}
        layout="vertical"
        initialValues={record.baseline}
        disabled={readOnly}
        onFinish={record.submit}
      >
        <Flex vertical gap={16}>
          {sections.map((section) => {
            const fields = section.fields.filter(
              (field) => (!field.readOnly || loaded) && !options.shownByPart?.includes(field.key),
            );
            const crowded = fields.length > 4;
            return (
              <Card key={section.title ?? 'fields'} title={section.title}>
                <Row gutter={16}>
                  {fields.map((field) => (
                    <Col key={field.key} {...fieldColumn(field, crowded)}>
                      {field.readOnly ? (
                        <Form.Item
                          label={field.label}
                          extra={field.help}
                          htmlFor={`readonly-${field.key}`}
                        >
                          <ReadOnlyValues>
                            <Input
                              id={`readonly-${field.key}`}
                              disabled
                              value={readOnlyText(field.kind, getPath(loaded, field.key))}
                            />
                          </ReadOnlyValues>
                        </Form.Item>
                      ) : (
                        <ResourceField
                          field={field}
                          ctx={fieldContext(field.key)}
                          render={options.customFields?.[field.key]?.({
                            row: loaded,
                            disabled: readOnly || locked.has(field.key),
                          })}
                        />
                      )}
                    </Col>
                  ))}
                </Row>
              </Card>
            );
          })}
          {part?.render({ row: loaded, schema, toInput, disabled: readOnly })}
          <FormActions
            onBack={() => navigate(listPath)}
            canSave={!readOnly}
            saving={record.saving}
          />
        </Flex>
      </Form>

      {loaded && canReadHistory && (
        <HistoryDrawer
          definition={historyDefinition}
          id={loaded.id}
          open={historyOpen}
          onClose={() => setHistoryOpen(false)}
        />
      )}
    </Flex>
  );
}
