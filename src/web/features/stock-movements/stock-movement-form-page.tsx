import { Card, Col, Flex, Form, Input, Radio, Row, Typography, type FormRule } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorCode } from '../../../shared/error-codes.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { quantityFitsUnit } from '../../../shared/fields.js';
import { messages } from '../../../shared/messages.js';
import {
  stockMovementInputSchema,
  stockMovementTypeLabels,
  stockMovementTypes,
  type StockMovementType,
} from '../../../shared/resources/stock-movements.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { scrollToError } from '../../components/antd-config.js';
import { FormActions } from '../../components/form-actions.js';
import { useItem } from '../../components/item-lookups.js';
import { ItemSelect } from '../../components/item-select.js';
import { stockedItems } from '../../components/item-sets.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { MoneyInput } from '../../components/money-input.js';
import { QuantityInput } from '../../components/quantity-input.js';
import { MAX_QUANTITY_DECIMALS, typedQuantityToDecimal } from '../../components/quantity-text.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import type { ListLocationState } from '../../components/resource-form-page.js';
import { useFormDirty } from '../../components/use-form-dirty.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { useUnsavedChangesPrompt } from '../../components/use-unsaved-changes-prompt.js';
import { zodRule } from '../../components/zod-rule.js';
import { ApiError } from '../../lib/api-error.js';
import { paths } from '../../lib/paths.js';
import { usePermission } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { useCreateMovement, useUnitDecimals } from './api.js';
import {
  fieldLabel,
  movementFields,
  quantityField,
  toMovementInput,
  type MovementField,
  type MovementFormValues,
} from './movement-form.js';
import { ShortageAlert } from './shortage-alert.js';
import type { Shortage } from './shortage-text.js';
import { countUpTo } from '../../components/text-limit.js';

const required: FormRule = { required: true, message: messages.required };
const validate = (field: string) => zodRule(stockMovementInputSchema, field, toMovementInput);

/** "Em KG, até 3 casas decimais": the unit a quantity is typed in, next to the field. */
function unitHelp(unitCode: string | undefined, decimals: number | undefined): string {
  if (!unitCode) return 'Escolha o item para ver a unidade.';
  if (decimals === undefined) return `Em ${unitCode}.`;
  if (decimals === 0) return `Em ${unitCode}, sem casas decimais.`;
  return `Em ${unitCode}, até ${decimals} ${decimals === 1 ? 'casa decimal' : 'casas decimais'}.`;
}

/**
 * Half a row from 768 px: the item beside its location, the quantity (whose messages are long)
 * beside the cost or the date. A transfer's two locations share the half beside the item.
 */
const columnWidth = (type: StockMovementType, field: MovementField) =>
  type === 'TRANSFER' && (field === 'fromLocationId' || field === 'toLocationId') ? 6 : 12;

const fieldHelp: Partial<Record<MovementField, string>> = {
  unitCost: 'Em branco, a entrada vale o custo médio atual do item.',
  countedQuantity: 'O saldo do local passa a ser esta quantidade; a diferença é registrada.',
};

/**
 * "Nova movimentação" (DOMAIN §4): the type first, then what it needs. Quantities keep to the
 * item's unit; a movement beyond the balance shows DOMAIN's message at the quantity and every
 * shortage in an Alert. An error never clears what was typed.
 */
export function StockMovementFormPage({ basePath }: { basePath: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const canWrite = usePermission('stockMovements:write');
  const listSearch = (location.state as ListLocationState | null)?.listSearch ?? '';
  const listPath = `${basePath}${listSearch}`;

  const [form] = Form.useForm<MovementFormValues>();
  const baseline = useMemo<MovementFormValues>(() => ({ date: todayInSaoPaulo() }), []);
  const type = Form.useWatch('type', form) as StockMovementType | undefined;
  const itemId = Form.useWatch('itemId', form) as number | undefined;
  const item = useItem(itemId);
  const units = useUnitDecimals();
  const unitDecimals = item.data ? units.byId(item.data.unitId) : undefined;
  const decimals = unitDecimals ?? MAX_QUANTITY_DECIMALS;

  const [shortage, setShortage] = useState<{ message: string; shortages: Shortage[] } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const dirty = useFormDirty(form, baseline);
  useUnsavedChangesPrompt(dirty && !leaving);

  useEffect(() => {
    if (leaving) navigate(listPath);
  }, [leaving, listPath, navigate]);

  const submitOnce = useSingleSubmit();

  const save = useCreateMovement({
    onSuccess: () => {
      toast.success(messages.stock.posted);
      setLeaving(true);
    },
    onError: (error, input) => {
      if (!(error instanceof ApiError)) return;
      const stockProblem =
        error.is(ErrorCode.INSUFFICIENT_STOCK) || error.is(ErrorCode.NEGATIVE_PAST_BALANCE);
      if (stockProblem && input.type) {
        // The quantity is what the user can change: the message goes there, the list above.
        const name = quantityField(input.type);
        form.setFields([{ name, errors: [error.message] }]);
        form.scrollToField(name, scrollToError);
        setShortage({
          message: error.message,
          shortages: error.is(ErrorCode.INSUFFICIENT_STOCK) ? error.details : [],
        });
      } else {
        reportFormError(form, error);
      }
    },
  });

  if (!canWrite) return <Navigate to={paths.accessDenied} replace />;

  const fitsUnit: FormRule = {
    validator: async (_rule, typed: string | undefined) => {
      const decimal = typedQuantityToDecimal(typed ?? '');
      if (unitDecimals === undefined || decimal === undefined) return;
      // A value that is no number is the schema's to refuse.
      if (!/^-?\d+(\.\d+)?$/.test(decimal)) return;
      if (!quantityFitsUnit(decimal, unitDecimals)) {
        throw new Error(messages.tooManyUnitDecimals(unitDecimals));
      }
    },
  };
  const notFuture: FormRule = {
    validator: async (_rule, date: string | undefined) => {
      if (date && /^\d{4}-\d{2}-\d{2}$/.test(date) && date > todayInSaoPaulo()) {
        throw new Error(messages.stock.futureDate);
      }
    },
  };

  const control = (field: MovementField) => {
    switch (field) {
      case 'fromLocationId':
      case 'toLocationId':
      case 'locationId':
        return <ReferenceSelect resource="stock-locations" offerNew />;
      case 'quantity':
      case 'countedQuantity':
        return (
          <QuantityInput decimals={decimals} unit={item.data?.unitCode} style={{ maxWidth: 220 }} />
        );
      case 'unitCost':
        return <MoneyInput placeholder="0,0000" style={{ maxWidth: 220 }} />;
    }
  };

  const rulesOf = (field: MovementField): FormRule[] => {
    if (field === 'unitCost') return [validate(field)];
    if (field === 'quantity' || field === 'countedQuantity') {
      // The unit's limit first: "1,2345" is beyond the unit before it is beyond 3 places.
      return [required, fitsUnit, validate(field)];
    }
    return [required, validate(field)];
  };

  const helpOf = (field: MovementField) => {
    if (field === 'quantity' || field === 'countedQuantity') {
      const unit = unitHelp(item.data?.unitCode, unitDecimals);
      return field === 'countedQuantity' ? `${fieldHelp.countedQuantity} ${unit}` : unit;
    }
    if (field === 'toLocationId' && type === 'TRANSFER') return 'Diferente da origem.';
    return fieldHelp[field];
  };

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Text type="secondary">Movimentação de Estoque</Typography.Text>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Nova movimentação
        </Typography.Title>
      </div>

      {shortage && (
        <ShortageAlert
          message={shortage.message}
          shortages={shortage.shortages}
          decimals={decimals}
          onClose={() => setShortage(null)}
        />
      )}

      <Form<MovementFormValues>
        form={form}
        layout="vertical"
        initialValues={baseline}
        onValuesChange={() => {
          if (shortage) setShortage(null);
        }}
        onFinish={(values) => {
          // Enter in a field and a click on "Salvar" must not post the movement twice.
          if (!leaving) submitOnce(() => save.mutateAsync(toMovementInput(values)));
        }}
      >
        <Flex vertical gap={16}>
          <Card>
            <Row gutter={16}>
              <Col span={24}>
                <Form.Item label="Tipo" name="type" rules={[required]}>
                  <Radio.Group
                    options={stockMovementTypes.map((value) => ({
                      value,
                      label: stockMovementTypeLabels[value],
                    }))}
                  />
                </Form.Item>
              </Col>
              {type && (
                <>
                  <Col xs={24} md={12}>
                    <Form.Item
                      label="Item"
                      name="itemId"
                      rules={[required, validate('itemId')]}
                      extra="Produto ou insumo, pelo código ou nome."
                    >
                      <ItemSelect items={stockedItems} />
                    </Form.Item>
                  </Col>
                  {movementFields[type].map((field) => (
                    <Col key={field} xs={24} md={columnWidth(type, field)}>
                      <Form.Item
                        label={fieldLabel(type, field)}
                        name={field}
                        rules={rulesOf(field)}
                        required={field !== 'unitCost'}
                        extra={helpOf(field)}
                        validateFirst
                        dependencies={
                          field === 'toLocationId'
                            ? ['fromLocationId']
                            : field === 'quantity' || field === 'countedQuantity'
                              ? ['itemId']
                              : undefined
                        }
                      >
                        {control(field)}
                      </Form.Item>
                    </Col>
                  ))}
                  <Col xs={24} md={12}>
                    <Form.Item
                      label="Data"
                      name="date"
                      rules={[required, validate('date'), notFuture]}
                      validateFirst
                    >
                      <LazyDateInput />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Form.Item label="Observações" name="notes" rules={[validate('notes')]}>
                      <Input.TextArea {...countUpTo(500)} autoSize={{ minRows: 2, maxRows: 6 }} />
                    </Form.Item>
                  </Col>
                </>
              )}
            </Row>
          </Card>
          <FormActions onBack={() => navigate(listPath)} canSave saving={save.isPending} />
        </Flex>
      </Form>
    </Flex>
  );
}
