import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import {
  entryDirections,
  manualEntryInputSchema,
  transferInputSchema,
  type EntryDirection,
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
import {
  useManualEntry,
  useTransfer,
  type ManualEntryRequest,
  type TransferRequest,
} from './api.js';
import { countUpTo } from '../../components/text-limit.js';

/** What the modals hold: the amount as typed ("1.234,50"), the picked ids, `YYYY-MM-DD`. */
interface ManualEntryValues {
  direction?: EntryDirection;
  date?: string;
  amount?: string;
  description?: string;
  categoryId?: number;
}

interface TransferValues {
  toAccountId?: number;
  date?: string;
  amount?: string;
  description?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const money = (value: unknown) =>
  typeof value === 'string' ? (typedMoneyToDecimal(value) ?? value) : value;

/*
 * The bodies the modals send, typed as the requests they become once the fields' rules (the same
 * schemas) have passed: only then are they sent.
 */
const manualInput = (values: ManualEntryValues) =>
  ({
    direction: values.direction,
    date: values.date,
    amount: money(values.amount),
    description: text(values.description),
    categoryId: values.categoryId,
  }) as ManualEntryRequest;

const transferInput = (values: TransferValues) =>
  ({
    toAccountId: values.toAccountId,
    date: values.date,
    amount: money(values.amount),
    description: text(values.description) || undefined,
  }) as TransferRequest;

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

/** Says it was posted and closes (the hook has refreshed what the entry changed). */
const afterPosting = (onClose: () => void, message: string) => () => {
  toast.success(message);
  onClose();
};

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
  const [form] = Form.useForm<ManualEntryValues>();
  const direction = (Form.useWatch('direction', form) ?? 'DEBIT') as EntryDirection;
  const categories = useOptions(
    'financial-categories',
    { kind: direction === 'CREDIT' ? 'INCOME' : 'EXPENSE' },
    open,
  );
  const submitOnce = useSingleSubmit();
  const save = useManualEntry(accountId, {
    onSuccess: afterPosting(onClose, messages.finance.entryPosted),
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
        onFinish={(values) => submitOnce(() => save.mutateAsync(manualInput(values)))}
        onValuesChange={(changed: ManualEntryValues) => {
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
  const [form] = Form.useForm<TransferValues>();
  const accounts = useOptions('checking-accounts', {}, open);
  const submitOnce = useSingleSubmit();
  const save = useTransfer(accountId, {
    onSuccess: afterPosting(onClose, messages.finance.transferPosted),
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
        onFinish={(values) => submitOnce(() => save.mutateAsync(transferInput(values)))}
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
