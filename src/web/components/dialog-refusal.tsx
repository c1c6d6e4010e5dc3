import { Alert } from 'antd';

/**
 * What a document's dialog (Receber, Concluir, Pagar / Receber) says when the server refused the
 * action as a whole, such as a document another tab cancelled meanwhile (409): an Alert above
 * its fields, as DocumentActionBar says a refusal under its buttons. Nothing without one.
 */
export function DialogRefusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      style={{ marginBottom: 12 }}
      data-testid="dialog-refusal"
    />
  );
}
