import { Button, Card, Descriptions, Form, Input, type FormInstance } from 'antd';
import { messages } from '../../../shared/messages.js';
import {
  profileSchema,
  type ProfileInput,
  type UserToken,
} from '../../../shared/resources/account.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { zodRule } from '../../components/zod-rule.js';
import { toast } from '../../lib/toast.js';
import { useSaveProfile } from './api.js';
import { countUpTo } from '../../components/text-limit.js';

/**
 * The user's own name; e-mail and role are shown, but only an administrator changes them. The
 * page owns the form instance and the saved values, to ask once about unsaved changes of both
 * forms of the page.
 */
export function ProfileForm({
  form,
  user,
  saved,
  onSaved,
}: {
  form: FormInstance<ProfileInput>;
  user: UserToken;
  saved: ProfileInput;
  onSaved: (values: ProfileInput) => void;
}) {
  const save = useSaveProfile({
    onSuccess: (updated) => {
      form.setFieldsValue({ name: updated.name });
      onSaved({ name: updated.name });
      toast.success(messages.saved);
    },
    onError: (error) => reportFormError(form, error),
  });

  return (
    <Card title="Dados pessoais">
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          { key: 'email', label: 'E-mail', children: user.email },
          { key: 'role', label: 'Perfil', children: user.roleName },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        initialValues={saved}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item label="Nome" name="name" required rules={[zodRule(profileSchema, 'name')]}>
          <Input autoComplete="name" {...countUpTo(120)} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Salvar
        </Button>
      </Form>
    </Card>
  );
}
