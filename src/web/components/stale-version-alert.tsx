import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';

/**
 * The 409 of a stale edit: the server's message and "Recarregar", while the form keeps what the
 * user typed until they choose to reload.
 */
export function StaleVersionAlert(props: {
  message: string;
  reloading: boolean;
  onReload: () => void;
  style?: CSSProperties;
}) {
  return (
    <Alert
      type="warning"
      showIcon
      title={props.message}
      style={props.style}
      action={
        <Button size="small" loading={props.reloading} onClick={props.onReload}>
          Recarregar
        </Button>
      }
    />
  );
}
