import {
  Col,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Switch,
  type FormRule,
  type RadioGroupProps,
} from 'antd';
import { useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';
import { messages } from '../../shared/messages.js';
import type { FieldSpec } from '../../shared/resource.js';
import type { z } from '../../shared/zod-messages.js';
import { allowClear } from './antd-config.js';
import { DocumentInput } from './document-input.js';
import { enumOptions } from './enum-options.js';
import { LazyColorInput, LazyDateInput } from './lazy-inputs.js';
import { CepInput, PhoneInput } from './masked-input.js';
import { MoneyInput } from './money-input.js';
import { MunicipalitySelect } from './municipality-select.js';
import { fieldName } from './object-path.js';
import { PercentInput } from './percent-input.js';
import { QuantityInput } from './quantity-input.js';
import { MAX_QUANTITY_DECIMALS } from './quantity-text.js';
import { ReferenceSelect } from './reference-select.js';
import { selectOnFocus } from './select-on-focus.js';
import { countUpTo } from './text-limit.js';
import { confirmationKey, type FormValues } from './resource-form-values.js';
import { UfSelect } from './uf-select.js';
import { zodRule } from './zod-rule.js';

export interface FieldContext {
  /** The schema the form validates with (create or edit). */
  schema: z.ZodType;
  toInput: (values: FormValues) => unknown;
  isNew: boolean;
  /** This field cannot be changed (read-only user, or a rule of the row). */
  disabled: boolean;
}

/** An enum with few options reads better as radio buttons than as a drop-down. */
const RADIO_LIMIT = 3;

/**
 * A radio group has no focus() of its own, so the form could not focus it when it is the first
 * wrong field on Salvar (Form's focusField): it focuses the chosen button, or the first.
 */
function RadioEnum({ ref, ...props }: RadioGroupProps & { ref?: Ref<unknown> }) {
  const group = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => ({
    get nativeElement() {
      return group.current;
    },
    focus: () => {
      const find = (selector: string) => group.current?.querySelector<HTMLInputElement>(selector);
      (find('input:checked') ?? find('input'))?.focus();
    },
  }));
  return <Radio.Group ref={group} optionType="button" buttonStyle="solid" {...props} />;
}

function EnumInput({ field, ...props }: { field: FieldSpec } & Record<string, unknown>) {
  const options = enumOptions(field.options);
  if (options.length <= RADIO_LIMIT) return <RadioEnum options={options} {...props} />;
  return (
    <Select
      placeholder="Selecione"
      options={options}
      // An optional code (the IPI's CST) can be emptied again.
      allowClear={field.required ? undefined : allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
    />
  );
}

/**
 * The input of a field's kind. `disabled` is passed only when true: an explicit `false` would
 * override the disabled state of a read-only form.
 */
function control(field: FieldSpec, personType: unknown, locked: boolean): ReactNode {
  const disabled = locked || undefined;
  switch (field.kind) {
    case 'textarea':
      return (
        <Input.TextArea
          disabled={disabled}
          {...countUpTo(field.maxLength)}
          autoSize={{ minRows: 2, maxRows: 8 }}
        />
      );
    case 'enum':
      return <EnumInput field={field} disabled={disabled} />;
    case 'money':
      return <MoneyInput disabled={disabled} />;
    case 'unitCost':
      // Money that may have up to 4 places: the money input keeps what it cannot show in cents.
      return <MoneyInput disabled={disabled} placeholder="0,0000" />;
    case 'quantity':
      // The definition does not know the item's unit: the 3 places any quantity may have, and
      // the server refuses more than the unit allows.
      return <QuantityInput disabled={disabled} decimals={MAX_QUANTITY_DECIMALS} />;
    case 'percent':
      return <PercentInput disabled={disabled} />;
    case 'integer':
      // A text box, not InputNumber, which silently drops what is no number ("1a2" was saved
      // as 1): the text stays as typed and the shared schema says "Valor deve ser um número".
      return (
        <Input
          disabled={disabled}
          inputMode="numeric"
          autoComplete="off"
          {...selectOnFocus}
          style={{ maxWidth: 220 }}
        />
      );
    case 'color':
      return <LazyColorInput disabled={disabled} />;
    case 'date':
      return <LazyDateInput disabled={disabled} />;
    case 'email':
      return <Input disabled={disabled} inputMode="email" maxLength={254} autoComplete="off" />;
    case 'phone':
      return <PhoneInput disabled={disabled} />;
    case 'cep':
      return <CepInput disabled={disabled} />;
    case 'uf':
      return <UfSelect disabled={disabled} />;
    case 'municipality':
      // The address it belongs to: `address.cityCode` follows `address.state` and `address.city`.
      return (
        <MunicipalitySelect disabled={disabled} addressPath={fieldName(field.key).slice(0, -1)} />
      );
    case 'document':
      return <DocumentInput disabled={disabled} personType={personType} />;
    case 'reference':
      return <ReferenceSelect disabled={disabled} resource={field.references ?? ''} offerNew />;
    case 'password':
      return <Input.Password disabled={disabled} autoComplete="new-password" maxLength={200} />;
    default:
      return <Input disabled={disabled} {...countUpTo(field.maxLength)} />;
  }
}

/** The document's mask follows the person type chosen in the same form. */
function DocumentItem(props: { field: FieldSpec; ctx: FieldContext; rules: FormRule[] }) {
  const form = Form.useFormInstance();
  const personType: unknown = Form.useWatch('personType', form);
  return (
    <Form.Item
      label={props.field.label}
      name={fieldName(props.field.key)}
      required={props.field.required}
      extra={props.field.help}
      rules={props.rules}
      dependencies={['personType']}
    >
      {control(props.field, personType, props.ctx.disabled)}
    </Form.Item>
  );
}

/**
 * One field of a resource form, by its kind, validated by the shared schema on the whole form's
 * values (so a CPF is checked against the person type chosen). A password gets its
 * "Confirmação" beside it.
 */
export function ResourceField({
  field,
  ctx,
  render,
}: {
  field: FieldSpec;
  ctx: FieldContext;
  /** Replaces the input (roles' permission matrix); it receives value/onChange from the form. */
  render?: ReactNode;
}) {
  const name = fieldName(field.key);
  const rules = [zodRule(ctx.schema, name, ctx.toInput)];

  if (field.kind === 'document' && !render) {
    return <DocumentItem field={field} ctx={ctx} rules={rules} />;
  }

  if (field.kind === 'password') {
    const help = ctx.isNew ? field.help : 'Deixe em branco para manter a senha atual';
    return (
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label={field.label}
            name={name}
            required={ctx.isNew}
            extra={help}
            rules={rules}
          >
            {control(field, undefined, ctx.disabled)}
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Confirmação"
            name={confirmationKey(field)}
            required={ctx.isNew}
            dependencies={[name]}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, confirmation: string | undefined) => {
                  const password = (getFieldValue(name) as string | undefined) ?? '';
                  if ((confirmation ?? '') !== password) throw new Error(messages.mismatch);
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
    );
  }

  return (
    <Form.Item
      label={field.label}
      name={name}
      required={field.required}
      extra={field.help}
      rules={rules}
      valuePropName={field.kind === 'boolean' ? 'checked' : undefined}
    >
      {render ??
        (field.kind === 'boolean' ? (
          <Switch disabled={ctx.disabled || undefined} />
        ) : (
          control(field, undefined, ctx.disabled)
        ))}
    </Form.Item>
  );
}
