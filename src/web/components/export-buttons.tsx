import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { exportFileName, type ExportFormat } from '../../shared/export-file-name.js';
import type { ResourceDefinition } from '../../shared/resource.js';
import { http } from '../lib/http.js';
import type { ListParams } from './list-params.js';

/**
 * "Exportar XLSX" / "Exportar CSV": every row of the list as it is filtered, searched and sorted
 * now (the server ignores paging for exports).
 */
export function ExportButtons({
  definition,
  params,
}: {
  /** A resource's definition, or any list's API path and screen name. */
  definition: Pick<ResourceDefinition, 'path' | 'label'>;
  params: ListParams;
}) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      // The server names the file; the same name is the fallback when its header does not arrive.
      await http.download(`/${definition.path}/export`, exportFileName(definition.label, format), {
        query: { format, sort: params.sort, q: params.q, ...params.filters },
      });
    } catch {
      // The HTTP client has already shown the error.
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'xlsx'}
        disabled={busy !== null}
        onClick={() => void run('xlsx')}
        data-testid="export-xlsx"
      >
        Exportar XLSX
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'csv'}
        disabled={busy !== null}
        onClick={() => void run('csv')}
        data-testid="export-csv"
      >
        Exportar CSV
      </Button>
    </>
  );
}
