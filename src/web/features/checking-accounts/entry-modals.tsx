import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import {
  entryDirections,
  manualEntryInputSchema,
  transferInputSchema,
  type EntryDirection,
  type ManualEntryInput,
  type TransferInput,
} from '../../../shared/resources/account-entries.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { MoneyInput } from '../../components/money-input.js';
import { typedMoneyToDecimal } from '../../components/money-text.js';
import { resourceApi } from '../../components/resource-row.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { zodRule } from '../../components/zod-rule.js';
import { queryKeys } from '../../lib/query-keys.js';
import { toast } from '../../lib/toast.js';
import { keysChangedByEntries, statementApi } from './api.js';
import { countUpTo } from '../../components/text-limit.js';

type Values = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const money = (value: unknown) =>
  typeof value === 'string' ? (typedMoneyToDecimal(value) ?? value) : value;

const manualInput = (values: Values) => ({
  direction: values.direction,
  date: values.date,
  amount: money(values.amount),
  description: text(values.description),
  categoryId: values.categoryId,
});

const transferInput = (values: Values) => ({
  toAccountId: values.toAccountId,
  date: values.date,
  amount: money(values.amount),
  description: text(values.description) || undefined,
});

/** Active rows of a resource as options, by name (the pickers here list at most 100). */
function useOptions(path: string, filters: Record<string, string>, open: boolean) {
  const query = { page: 1, pageSize: 100, sort: 'name', active: 'true', ...filters };
  return useQuery({
    queryKey: queryKeys.resource(path).list(query),
    queryFn: ({ signal }) => resourceApi.list(path, query, signal),
    placeholderData: keepPreviousData,
    enabled: open,
  });
}

/** Closes and refreshes what the entry changed: balances, statements, the accounts, reports. */
function useAfterPosting(onClose: () => void, message: string) {
  const queryClient = useQueryClient();
  return () => {
    toast.success(message);
    for (const queryKey of keysChangedByEntries) void queryClient.invalidateQueries({ queryKey });
    onClose();
  };
}

/**
 * "Lançamento manual": a credit or a debit on this account (a bank fee, an adjustment) with the
 * category that feeds the DRE, an income one for a credit, an expense one for a debit.
 */
export function ManualEntryModal({
  accountId,
  open,
  onClose,
}: {
  accountId: number;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const direction = (Form.useWatch('direction', form) ?? 'DEBIT') as EntryDirection;
  const categories = useOptions(
    'financial-categories',
    { kind: direction === 'CREDIT' ? 'INCOME' : 'EXPENSE' },
    open,
  );
  const done = useAfterPosting(onClose, messages.finance.entryPosted);
  const submitOnce = useSingleSubmit();
  const save = useMutation({
    mutationFn: (values: Values) =>
      statementApi.manualEntry(accountId, manualInput(values) as ManualEntryInput),
    onSuccess: done,
    onError: (error) => reportFormError(form, error),
  });
  const rule = (field: string) => zodRule(manualEntryInputSchema, field, manualInput);

  return (
    <Modal
      title="Lançamento manual"
      open={open}
      onCancel={onClose}
      okText="Lançar"
      cancelText="Cancelar"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ direction: 'DEBIT', date: todayInSaoPaulo() }}
        onFinish={(values) => submitOnce(() => save.mutateAsync(values))}
        onValuesChange={(changed: Values) => {
          // A category of the other kind would be refused: the picker starts over.
          if ('direction' in changed) form.setFieldValue('categoryId', undefined);
        }}
      >
        <Form.Item name="direction" label="Tipo" rules={[rule('direction')]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={Object.entries(entryDirections).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="date" label="Data" rules={[rule('date')]} required>
          <LazyDateInput />
        </Form.Item>
        <Form.Item name="amount" label="Valor" rules={[rule('amount')]} required>
          <MoneyInput style={{ maxWidth: 220 }} />
        </Form.Item>
        <Form.Item name="description" label="Descrição" rules={[rule('description')]} required>
          <Input {...countUpTo(200)} />
        </Form.Item>
        <Form.Item name="categoryId" label="Categoria" rules={[rule('categoryId')]} required>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Selecione"
            loading={categories.isFetching}
            options={(categories.data?.items ?? []).map((row) => ({
              value: row.id,
              label: String(row.name),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** "Transferência": from this account to another active one, two entries at once. */
export function TransferModal({
  accountId,
  open,
  onClose,
}: {
  accountId: number;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const accounts = useOptions('checking-accounts', {}, open);
  const done = useAfterPosting(onClose, messages.finance.transferPosted);
  const submitOnce = useSingleSubmit();
  const save = useMutation({
    mutationFn: (values: Values) =>
      statementApi.transfer(accountId, transferInput(values) as TransferInput),
    onSuccess: done,
    onError: (error) => reportFormError(form, error),
  });
  const rule = (field: string) => zodRule(transferInputSchema, field, transferInput);

  return (
    <Modal
      title="Transferência"
      open={open}
      onCancel={onClose}
      okText="Transferir"
      cancelText="Cancelar"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ date: todayInSaoPaulo() }}
        onFinish={(values) => submitOnce(() => save.mutateAsync(values))}
      >
        <Form.Item name="toAccountId" label="Para a conta" rules={[rule('toAccountId')]} required>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Selecione"
            loading={accounts.isFetching}
            options={(accounts.data?.items ?? [])
              .filter((row) => row.id !== accountId)
              .map((row) => ({ value: row.id, label: String(row.name) }))}
          />
        </Form.Item>
        <Form.Item name="date" label="Data" rules={[rule('date')]} required>
          <LazyDateInput />
        </Form.Item>
        <Form.Item name="amount" label="Valor" rules={[rule('amount')]} required>
          <MoneyInput style={{ maxWidth: 220 }} />
        </Form.Item>
        <Form.Item
          name="description"
          label="Descrição"
          rules={[rule('description')]}
          extra="Vazia: “Transferência para …” e “Transferência de …”"
        >
          <Input {...countUpTo(200)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
