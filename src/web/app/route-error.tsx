import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/**
 * What a page shows when it crashes or its chunk cannot be loaded (typically a new version was
 * deployed while the tab was open): reloading fetches the current chunks. Drawn without antd
 * (app/plain-ui.css), since it must show even when antd's chunk is the one that failed.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);

  return (
    <div className="plain-page" role="alert">
      <div className="plain-box">
        <h1 className="plain-title">Algo deu errado</h1>
        <p className="plain-subtitle">
          Não foi possível mostrar esta página. Recarregue e tente novamente.
        </p>
        <button type="button" className="plain-button" onClick={() => window.location.reload()}>
          Recarregar
        </button>
      </div>
    </div>
  );
}
