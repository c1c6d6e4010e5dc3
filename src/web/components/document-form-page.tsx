import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Button, Flex, Form, Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { Permission } from '../../shared/permissions.js';
import { paths } from '../lib/paths.js';
import { usePermission } from '../lib/session.js';
import { FormActions } from './form-actions.js';
import { RecordQueryResult } from './record-query-result.js';
import { useListPath } from './resource-form-page.js';
import { SaveRefusalAlert } from './save-refusal-alert.js';
import type { RecordForm } from './use-record-form.js';

/** How a document is read by its id: the query key of its detail and the request. */
export interface DocumentRead<TDetail> {
  queryKey: (id: number | string) => QueryKey;
  get: (id: number | string, signal?: AbortSignal) => Promise<TDetail>;
}

const isValidId = (id: string) => /^\d{1,15}$/.test(id);

/**
 * `…/new` and `…/:id/edit` of a document: `newForm` for the first; for the second the document
 * read afresh (an id that cannot be one, a 404 or another error shown as the document page shows
 * them) handed to `editForm`.
 */
export function DocumentFormRoute<TDetail>({
  basePath,
  read,
  notFoundTitle,
  newForm,
  editForm,
}: {
  basePath: string;
  read: DocumentRead<TDetail>;
  /** "Ordem de compra não encontrada". */
  notFoundTitle: string;
  newForm: ReactNode;
  editForm: (document: TDetail) => ReactNode;
}) {
  const { id } = useParams();
  if (id === undefined) return newForm;
  return (
    <EditDocument basePath={basePath} id={id} read={read} notFoundTitle={notFoundTitle}>
      {editForm}
    </EditDocument>
  );
}

function EditDocument<TDetail>({
  basePath,
  id,
  read,
  notFoundTitle,
  children,
}: {
  basePath: string;
  id: string;
  read: DocumentRead<TDetail>;
  notFoundTitle: string;
  children: (document: TDetail) => ReactNode;
}) {
  const navigate = useNavigate();
  const validId = isValidId(id);
  const query = useQuery({
    queryKey: read.queryKey(id),
    queryFn: ({ signal }) => read.get(id, signal),
    enabled: validId,
    staleTime: 0,
  });
  return (
    <RecordQueryResult
      query={query}
      validId={validId}
      notFoundTitle={notFoundTitle}
      onBack={() => navigate(basePath)}
    >
      {children}
    </RecordQueryResult>
  );
}

/** "Recarregar" of a document form: the document read again, and kept as its detail. */
export function useDocumentReload<TDetail extends { id: number }>(read: DocumentRead<TDetail>) {
  const client = useQueryClient();
  return (detail: TDetail) =>
    client.fetchQuery({
      queryKey: read.queryKey(detail.id),
      queryFn: ({ signal }) => read.get(detail.id, signal),
      staleTime: 0,
    });
}

/**
 * The skeleton of a document's form (purchase orders, production orders, bills): "Nova …" or
 * "Editar: OC-000042" under the area's name, the refused save's Alert, the form with the caller's
 * cards and line tables, and Voltar/Salvar. Without write permission it is "Acesso negado"; a
 * document whose status its machine allows no `edit` from is `notEditable` with "Voltar".
 * Voltar leads to the document, or for a new one to the list as it was left.
 */
export function DocumentFormPage<
  TDetail extends { id: number; status: S },
  S extends string,
  TValues extends object,
>({
  record,
  basePath,
  area,
  newTitle,
  titleOf,
  permission,
  machine,
  notEditable,
  onValuesChange,
  children,
}: {
  record: RecordForm<TDetail, TValues>;
  basePath: string;
  /** Over the title: "Ordens de Compra". */
  area: string;
  /** "Nova ordem de compra". */
  newTitle: string;
  /** The document in "Editar: …": its number, or a bill's description. */
  titleOf: (document: TDetail) => string;
  permission: Permission;
  /** The document's status machine: the form shows where it allows `edit`. */
  machine: { can: (status: S, action: 'edit') => boolean };
  /** "Somente uma ordem em rascunho pode ser alterada." */
  notEditable: string;
  onValuesChange?: (changed: Partial<TValues>) => void;
  /** The header card, the line tables and whatever else the document's form has. */
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const canWrite = usePermission(permission);
  const listPath = useListPath(basePath);
  const { loaded } = record;
  const backPath = loaded ? `${basePath}/${loaded.id}` : listPath;

  if (!canWrite) return <Navigate to={paths.accessDenied} replace />;
  if (loaded && !machine.can(loaded.status, 'edit')) {
    return (
      <Result
        status="warning"
        title={notEditable}
        extra={<Button onClick={() => navigate(backPath)}>Voltar</Button>}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Text type="secondary">{area}</Typography.Text>
        <Typography.Title level={2} style={{ margin: 0, overflowWrap: 'anywhere' }}>
          {loaded ? `Editar: ${titleOf(loaded)}` : newTitle}
        </Typography.Title>
      </div>

      <SaveRefusalAlert record={record} movedOn={notEditable} />

      <Form<TValues>
        form={record.form}
        layout="vertical"
        initialValues={record.baseline}
        onValuesChange={onValuesChange}
        onFinish={record.submit}
      >
        <Flex vertical gap={16}>
          {children}
          <FormActions
            onBack={() => navigate(backPath, { state: location.state })}
            canSave
            saving={record.saving}
          />
        </Flex>
      </Form>
    </Flex>
  );
}
