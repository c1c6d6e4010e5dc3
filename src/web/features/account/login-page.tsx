import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../shared/messages.js';
import { paths, safeReturnUrl } from '../../lib/paths.js';
import { ApiError } from '../../lib/api-error.js';
import { endSession } from '../../lib/session.js';
import { loadLoginSchema, useSignIn } from './sign-in.js';

/** What the two fields hold (the schema's input type is wider: its e-mail is trimmed first). */
interface Typed {
  email: string;
  password: string;
}
type Field = keyof Typed;
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['email', 'password'];

/** The messages the shared schema gives for what is typed, by field; fetching it when needed. */
async function schemaErrors(values: Typed): Promise<FieldErrors> {
  const result = (await loadLoginSchema()).safeParse(values);
  const errors: FieldErrors = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** What the sign-in's failure says above the form: the attempt's answer, or why there is none. */
function attemptMessage(error: unknown): string {
  if (!(error instanceof Error)) return messages.errors.internal;
  if (error instanceof ApiError && error.requestId && error.status >= 500) {
    return `${error.message} ${messages.requestCode(error.requestId.slice(0, 8))}`;
  }
  return error.message;
}

/**
 * /account/login. Opening it ends the current session ("Sair" is just a visit here), and a
 * successful sign-in returns to `returnUrl` when it is a path of this app (DOMAIN §11).
 * `onSignIn` runs as the credentials are sent: the router starts loading the signed-in pages'
 * shell then, while the server checks the password.
 *
 * It is drawn with plain elements styled after antd's theme (app/plain-ui.css), not with antd's
 * components, whose style engine, Form and Input alone would take the page over the 200 KB of
 * gzipped JavaScript it may load (issue 21). The rules are still the API's schema: a field's
 * message shows under it when it is left or sent wrong, and goes as soon as it is right.
 */
export function LoginPage({ onSignIn }: { onSignIn?: () => void }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnUrl = safeReturnUrl(searchParams.get('returnUrl')) ?? paths.dashboard;
  const [values, setValues] = useState<Typed>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [showPassword, setShowPassword] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  useEffect(() => endSession(), []);

  const login = useSignIn({
    onSuccess: () => navigate(returnUrl, { replace: true }),
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fields as FieldErrors);
    },
  });
  const failure =
    login.error && !(login.error instanceof ApiError && Object.keys(login.error.fields).length)
      ? attemptMessage(login.error)
      : null;

  const change = async (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // A new attempt starts clean: the previous answer no longer applies to what is typed.
    if (login.error) login.reset();
    if (errors[field]) {
      const found = await schemaErrors(next);
      setErrors((shown) => ({ ...shown, [field]: found[field] }));
    }
  };

  const leave = async (field: Field) => {
    if (!values[field]) return;
    const found = await schemaErrors(values);
    setErrors((shown) => ({ ...shown, [field]: found[field] }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    const found = await schemaErrors(values);
    setErrors(found);
    const wrong = FIELDS.find((field) => found[field]);
    if (wrong) {
      inputs.current[wrong]?.focus();
      return;
    }
    onSignIn?.();
    login.mutate(values);
  };

  const described = (field: Field) => (errors[field] ? `login-${field}-error` : undefined);

  return (
    <main className="plain-page">
      <div className="plain-box">
        <h1 className="plain-title">Fabril</h1>
        <p className="plain-subtitle">Entre com seu e-mail e senha</p>
        {failure && (
          <div className="plain-alert" role="alert">
            {failure}
          </div>
        )}
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          // The first key or click in the form fetches the schema the fields are checked with.
          onKeyDown={() => void loadLoginSchema()}
          onPointerDown={() => void loadLoginSchema()}
        >
          <fieldset className="plain-fieldset" disabled={login.isPending}>
            <div className="plain-field">
              <label htmlFor="login-email">E-mail</label>
              <input
                id="login-email"
                ref={(element) => void (inputs.current.email = element)}
                className="plain-input"
                name="email"
                inputMode="email"
                autoComplete="username"
                autoFocus
                value={values.email}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={described('email')}
                onChange={(event) => void change('email', event.target.value)}
                onBlur={() => void leave('email')}
              />
              {errors.email && (
                <div id="login-email-error" className="plain-field-error">
                  {errors.email}
                </div>
              )}
            </div>
            <div className="plain-field">
              <label htmlFor="login-password">Senha</label>
              <div className="plain-input-with-action">
                <input
                  id="login-password"
                  ref={(element) => void (inputs.current.password = element)}
                  className="plain-input"
                  name="password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  value={values.password}
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={described('password')}
                  onChange={(event) => void change('password', event.target.value)}
                  onBlur={() => void leave('password')}
                />
                <button
                  type="button"
                  className="plain-input-action"
                  aria-controls="login-password"
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((shown) => !shown)}
                >
                  {showPassword ? 'Ocultar' : 'Mostrar'}
                </button>
              </div>
              {errors.password && (
                <div id="login-password-error" className="plain-field-error">
                  {errors.password}
                </div>
              )}
            </div>
            <button type="submit" className="plain-button" aria-busy={login.isPending}>
              {login.isPending && <span className="plain-spinner" aria-hidden />}
              Entrar
            </button>
          </fieldset>
        </form>
      </div>
    </main>
  );
}
