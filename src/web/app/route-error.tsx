import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/**
 * What a page shows when it crashes or its chunk cannot be loaded (typically a new version was
 * deployed while the tab was open): reloading fetches the current chunks.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);

  return (
    <Result
      status="500"
      title="Algo deu errado"
      subTitle="Não foi possível mostrar esta página. Recarregue e tente novamente."
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Recarregar
        </Button>
      }
    />
  );
}
