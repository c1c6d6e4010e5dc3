import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-error.js';
import { PageSpinner } from './page-spinner.js';

/**
 * The states of one record read by id, as the document and edit pages show them: an id that
 * cannot be one, or a 404, is "`notFoundTitle`" with "Voltar para a lista"; another error is its
 * message with "Tentar novamente"; while on the way, the spinner; then `children(data)`.
 */
export function RecordQueryResult<T>({
  query,
  validId,
  notFoundTitle,
  onBack,
  children,
}: {
  query: UseQueryResult<T>;
  validId: boolean;
  notFoundTitle: string;
  onBack: () => void;
  children: (data: T) => ReactNode;
}) {
  if (!validId || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <Result
        status="404"
        title={notFoundTitle}
        extra={<Button onClick={onBack}>Voltar para a lista</Button>}
      />
    );
  }
  if (query.isError) {
    return (
      <Result
        status="error"
        title={query.error.message}
        extra={<Button onClick={() => void query.refetch()}>Tentar novamente</Button>}
      />
    );
  }
  if (query.isPending) return <PageSpinner />;
  return children(query.data);
}
