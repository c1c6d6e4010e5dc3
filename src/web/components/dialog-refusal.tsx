import { Alert, type FormInstance } from 'antd';
import { useState } from 'react';
import { ApiError } from '../lib/api-error.js';
import { reportFormError } from './apply-server-errors.js';

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

/**
 * A document dialog's refused action: a refusal of the action as a whole (409; also a 422 without
 * fields where the dialog says so, `wholeRule`: a rule of the whole action, such as stock short at
 * invoicing) kept for DialogRefusal above the fields, any other error's messages on the fields.
 */
export function useDialogRefusal(form: FormInstance, options: { wholeRule?: boolean } = {}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const refuse = (error: unknown) => {
    const whole =
      error instanceof ApiError &&
      (error.status === 409 ||
        (options.wholeRule === true &&
          error.status === 422 &&
          Object.keys(error.fields).length === 0));
    if (whole) setRefusal(error.message);
    else reportFormError(form, error);
  };
  return { refusal, refuse, clearRefusal: () => setRefusal(null) };
}
