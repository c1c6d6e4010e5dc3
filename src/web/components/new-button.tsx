import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import type { ListLocationState } from './resource-form-page.js';

/** A list's button to its create form; the list's search goes along for the form's "Voltar". */
export function NewButton({
  to,
  state,
  label = 'Novo',
}: {
  to: string;
  state: ListLocationState;
  label?: string;
}) {
  const navigate = useNavigate();
  return (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => navigate(to, { state })}
      data-testid="new-button"
    >
      {label}
    </Button>
  );
}
