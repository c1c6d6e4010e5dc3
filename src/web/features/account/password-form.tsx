import { Button, Card, Form, Input, type FormInstance } from 'antd';
import { messages } from '../../../shared/messages.js';
import {
  passwordChangeSchema,
  type PasswordChangeInput,
} from '../../../shared/resources/account.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { zodRule } from '../../components/zod-rule.js';
import { toast } from '../../lib/toast.js';
import { useChangePassword } from './api.js';

export const emptyPasswordChange: PasswordChangeInput = {
  currentPassword: '',
  newPassword: '',
  confirmation: '',
};

/**
 * Password change: current, new and confirmation. A wrong current password comes back as a 422
 * naming `currentPassword`, shown next to that field like any validation message.
 */
export function PasswordForm({ form }: { form: FormInstance<PasswordChangeInput> }) {
  const change = useChangePassword({
    onSuccess: () => {
      form.resetFields();
      toast.success(messages.passwordChanged);
    },
    onError: (error) => reportFormError(form, error),
  });

  return (
    <Card title="Alterar senha">
      <Form
        form={form}
        layout="vertical"
        initialValues={emptyPasswordChange}
        onFinish={(values) => change.mutate(values)}
      >
        <Form.Item
          label="Senha atual"
          name="currentPassword"
          required
          rules={[zodRule(passwordChangeSchema, 'currentPassword')]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="Nova senha"
          name="newPassword"
          required
          rules={[zodRule(passwordChangeSchema, 'newPassword')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirmação"
          name="confirmation"
          required
          dependencies={['newPassword']}
          rules={[zodRule(passwordChangeSchema, 'confirmation')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Alterar senha
        </Button>
      </Form>
    </Card>
  );
}
