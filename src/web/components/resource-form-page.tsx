import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { Permission } from '../../shared/permissions.js';
import type { ResourceDefinition } from '../../shared/resource.js';
import { paths } from '../lib/paths.js';
import { ApiError } from '../lib/api-error.js';
import { queryKeys } from '../lib/query-keys.js';
import { usePermission } from '../lib/session.js';
import { PageSpinner } from './page-spinner.js';
import { ReadOnlyValues } from './read-only-values.js';
import type { ResourceFormOptions } from './resource-form-options.js';
import { ResourceForm } from './resource-form.js';
import { resourceApi } from './resource-row.js';

/** The list's query string, handed over by the list so "Voltar" returns to the same page. */
export interface ListLocationState {
  listSearch?: string;
}

/** The list at `basePath` as the user left it (page, filters), for "Voltar" and after a save. */
export function useListPath(basePath: string): string {
  const location = useLocation();
  return `${basePath}${(location.state as ListLocationState | null)?.listSearch ?? ''}`;
}

/**
 * `…/new` and `…/:id` of a resource: loads the row (or starts an empty one) and shows the one
 * form. Creating needs `<area>:write`; anyone who may read the area may open a row, read-only
 * without `write`.
 */
export function ResourceFormPage({
  definition,
  basePath,
  options = {},
}: {
  definition: ResourceDefinition;
  basePath: string;
  options?: ResourceFormOptions;
}) {
  const { id } = useParams();
  const navigate = useNavigate();
  const canWrite = usePermission(`${definition.area}:write` as Permission);
  const listPath = useListPath(basePath);
  const validId = id !== undefined && /^\d{1,15}$/.test(id);

  const row = useQuery({
    queryKey: queryKeys.resource(definition.path).detail(id ?? 'new'),
    queryFn: ({ signal }) => resourceApi.get(definition.path, id!, signal, true),
    enabled: validId,
    // The form keeps the row it opened with; a background refetch must not replace it.
    staleTime: 0,
    refetchOnMount: 'always',
  });

  if (id === undefined) {
    if (!canWrite) return <Navigate to={paths.accessDenied} replace />;
    return (
      <ResourceForm
        key="new"
        definition={definition}
        row={null}
        options={options}
        listPath={listPath}
      />
    );
  }
  if (!validId || (row.isError && row.error instanceof ApiError && row.error.status === 404)) {
    return (
      <Result
        status="404"
        title="Registro não encontrado"
        subTitle="Ele pode ter sido excluído por outro usuário."
        extra={<Button onClick={() => navigate(listPath)}>Voltar para a lista</Button>}
      />
    );
  }
  if (row.isError) {
    return (
      <Result
        status="error"
        title={row.error.message}
        extra={<Button onClick={() => void row.refetch()}>Tentar novamente</Button>}
      />
    );
  }
  if (row.isPending || row.isFetching) return <PageSpinner />;
  return (
    <ReadOnlyValues active={!canWrite}>
      <ResourceForm
        key={row.data.id}
        definition={definition}
        row={row.data}
        options={options}
        listPath={listPath}
      />
    </ReadOnlyValues>
  );
}
