import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Table, Upload } from 'antd';
import { useState } from 'react';
import { messages } from '../../shared/messages.js';
import type { ResourceDefinition } from '../../shared/resource.js';
import { ApiError } from '../lib/api-error.js';
import { toast } from '../lib/toast.js';
import { importProblems, type ImportProblem } from './import-errors.js';
import { useImportResource } from './resource-mutations.js';

/** A cell whose text may break anywhere (a long e-mail or document in a message). */
const wrap = () => ({ style: { overflowWrap: 'anywhere' as const } });

interface ImportFailure {
  message: string;
  problems: ImportProblem[];
}

/**
 * "Importar": uploads a .xlsx or .csv with the list's columns. The server imports every row or
 * none; when it refuses, a modal lists each problem by line and field.
 */
export function ImportButton({ definition }: { definition: ResourceDefinition }) {
  const [failure, setFailure] = useState<ImportFailure | null>(null);

  const upload = useImportResource(definition, {
    onSuccess: ({ imported }) => toast.success(messages.imported(imported)),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      if (error.code !== 'IMPORT_INVALID' && Object.keys(error.fields).length === 0) {
        toast.error(error.message, error.requestId);
        return;
      }
      setFailure({ message: error.message, problems: importProblems(definition, error.fields) });
    },
  });

  return (
    <>
      <Upload
        accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          upload.mutate(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="import-button">
          Importar
        </Button>
      </Upload>
      <Modal
        open={failure !== null}
        title="Importação recusada"
        onCancel={() => setFailure(null)}
        footer={
          <Button type="primary" onClick={() => setFailure(null)}>
            Fechar
          </Button>
        }
        width={720}
      >
        {failure && (
          <>
            <Alert
              type="error"
              showIcon
              title={failure.message}
              description="Corrija a planilha e envie-a novamente."
              style={{ marginBottom: 16 }}
            />
            {failure.problems.length > 0 && (
              <Table<ImportProblem>
                rowKey="key"
                size="small"
                dataSource={failure.problems}
                pagination={failure.problems.length > 50 ? { pageSize: 50 } : false}
                // No sideways scroll: the columns share the modal's width and the text wraps,
                // so line, field and message are all read at once, even at 375 px.
                scroll={{ y: 360 }}
                columns={[
                  { key: 'line', dataIndex: 'line', title: 'Linha', width: 64 },
                  { key: 'field', dataIndex: 'field', title: 'Campo', width: '35%', onCell: wrap },
                  { key: 'message', dataIndex: 'message', title: 'Erro', onCell: wrap },
                ]}
              />
            )}
          </>
        )}
      </Modal>
    </>
  );
}
