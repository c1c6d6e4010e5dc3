import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, theme, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { LoginInput } from '../../../shared/resources/account.js';
import { paths, safeReturnUrl } from '../../lib/paths.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { zodRule } from '../../components/zod-rule.js';
import { ApiError } from '../../lib/api-error.js';
import { endSession } from '../../lib/session.js';
import { ATTEMPT_ERRORS, loadLoginSchema, useSignIn } from './sign-in.js';

/**
 * /account/login. Opening it ends the current session ("Sair" is just a visit here), and a
 * successful sign-in returns to `returnUrl` when it is a path of this app (DOMAIN §11).
 * `onSignIn` runs as the credentials are sent: the router starts loading the signed-in pages'
 * shell then, while the server checks the password.
 */
export function LoginPage({ onSignIn }: { onSignIn?: () => void }) {
  const [form] = Form.useForm<LoginInput>();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnUrl = safeReturnUrl(searchParams.get('returnUrl')) ?? paths.dashboard;

  useEffect(() => endSession(), []);

  const login = useSignIn({
    onSuccess: () => navigate(returnUrl, { replace: true }),
    onError: (error) => {
      if (!(error instanceof ApiError && ATTEMPT_ERRORS.includes(error.status))) {
        reportFormError(form, error);
      }
    },
  });

  const attemptError =
    login.error instanceof ApiError && ATTEMPT_ERRORS.includes(login.error.status)
      ? login.error.message
      : null;

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16 }}>
      {/*
       * antd's bordered Card as its styles draw it (theme tokens), not the Card component, which
       * brings its tabs, their dropdown and menu, and its skeleton along: 21 KB of gzipped
       * JavaScript the login page would load for a box (issue 21).
       */}
      <div
        style={{
          boxSizing: 'border-box',
          position: 'relative',
          width: '100%',
          maxWidth: 400,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          fontFamily: token.fontFamily,
        }}
      >
        <Typography.Title level={2} style={{ textAlign: 'center', color: '#1f5fa8', margin: 0 }}>
          Fabril
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          Entre com seu e-mail e senha
        </Typography.Paragraph>
        {attemptError && (
          <Alert type="error" showIcon title={attemptError} style={{ marginBottom: 16 }} />
        )}
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={login.isPending}
          onFinish={(values) => {
            onSignIn?.();
            login.mutate(values);
          }}
          // A new attempt starts clean: the previous answer no longer applies to what is typed.
          onValuesChange={() => attemptError && login.reset()}
          // The first key or click in the form fetches the schema its rules check (sign-in.ts).
          onKeyDown={() => void loadLoginSchema()}
          onPointerDown={() => void loadLoginSchema()}
        >
          <Form.Item label="E-mail" name="email" rules={[zodRule(loadLoginSchema, 'email')]}>
            <Input prefix={<MailOutlined />} autoComplete="username" autoFocus inputMode="email" />
          </Form.Item>
          <Form.Item label="Senha" name="password" rules={[zodRule(loadLoginSchema, 'password')]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            Entrar
          </Button>
        </Form>
      </div>
    </Flex>
  );
}
