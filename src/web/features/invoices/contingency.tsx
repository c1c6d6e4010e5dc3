import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  emissionModeOfKey,
  NFE_CONTINGENCY_PATH,
  nfeContingencyInputSchema,
  nfeEmissionModeLabels,
  type NfeContingency,
  type NfeContingencyInput,
} from '../../../shared/resources/nfe-contingency.js';
import { formatDateTime } from '../../components/dates.js';
import { useDialogRefusal, DialogRefusal } from '../../components/dialog-refusal.js';
import { countUpTo } from '../../components/text-limit.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { zodRule } from '../../components/zod-rule.js';
import { http } from '../../lib/http.js';
import { toast } from '../../lib/toast.js';

/** The NF-e contingency mode (`/nfe/contingency`): read by the banner, switched from it. */
const PATH = `/${NFE_CONTINGENCY_PATH}`;
export const contingencyKey = ['nfe', 'contingency'] as const;

export function useNfeContingency(enabled: boolean) {
  return useQuery({
    queryKey: contingencyKey,
    queryFn: ({ signal }) => http.get<NfeContingency>(PATH, { signal, silent: true }),
    enabled,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** "Em contingência SVC-AN desde 27/11/2026 09:05". */
export const contingencyTitle = (contingency: NfeContingency) =>
  `Em contingência ${nfeEmissionModeLabels[contingency.mode]} desde ${formatDateTime(contingency.since)}`;

/** Turning it on (the dialog) or off: the answer is the new state, kept for every screen. */
function useSwitchContingency() {
  const queryClient = useQueryClient();
  const settle = (state: NfeContingency) => queryClient.setQueryData(contingencyKey, state);
  return {
    turnOn: useMutation({
      mutationFn: (input: NfeContingencyInput) =>
        // 409 (SEFAZ in operation) and 400 are the dialog's own.
        http.put<NfeContingency>(PATH, input, { silent: [400, 409, 422] }),
      onSuccess: settle,
    }),
    // 409 (an invoice sent in contingency still awaits SEFAZ) is a toast with the server's words.
    turnOff: useMutation({
      mutationFn: () => http.delete<NfeContingency>(PATH),
      onSuccess: (state) => {
        settle(state);
        toast.success('Emissão normal retomada.');
      },
    }),
  };
}

/** "Voltar ao normal", after a confirmation. */
export function LeaveContingencyButton() {
  const { turnOff } = useSwitchContingency();
  // The App's modal, not the static one: the question follows the frame's theme, locale and motion.
  const { modal } = App.useApp();
  return (
    <Button
      size="small"
      loading={turnOff.isPending}
      data-testid="contingency-off"
      onClick={() =>
        modal.confirm({
          title: 'Voltar à emissão normal?',
          content: 'As próximas notas serão enviadas à SEFAZ autorizadora da UF.',
          okText: 'Voltar ao normal',
          cancelText: 'Continuar em contingência',
          onOk: () => turnOff.mutateAsync().catch(() => undefined),
        })
      }
    >
      Voltar ao normal
    </Button>
  );
}

interface ReasonValues {
  reason?: string;
}

/**
 * "Entrar em contingência (SVC)": the reason each NF-e will carry (xJust, 15 to 256 characters).
 * The server asks the UF's authoriser again and refuses (409, said above the reason) when it is in
 * operation after all.
 */
export function EnterContingencyButton({ svc }: { svc: NfeContingency['contingencyMode'] }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ReasonValues>();
  const { refusal, refuse, clearRefusal } = useDialogRefusal(form);
  const submitOnce = useSingleSubmit();
  const { turnOn } = useSwitchContingency();
  const close = () => {
    clearRefusal();
    setOpen(false);
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid="contingency-on">
        Entrar em contingência (SVC)
      </Button>
      <Modal
        open={open}
        title={`Entrar em contingência${svc ? ` ${nfeEmissionModeLabels[svc]}` : ''}`}
        okText="Entrar em contingência"
        okButtonProps={{ loading: turnOn.isPending, ...{ 'data-testid': 'contingency-submit' } }}
        cancelText="Voltar"
        onCancel={close}
        onOk={() => form.submit()}
        destroyOnHidden
        data-testid="contingency-dialog"
      >
        <Form<ReasonValues>
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={(values) => {
            clearRefusal();
            submitOnce(() =>
              turnOn
                .mutateAsync({ reason: values.reason ?? '' })
                .then(() => {
                  toast.success('Contingência ativada: as próximas notas vão para a SVC.');
                  close();
                })
                .catch(refuse),
            );
          }}
        >
          <DialogRefusal message={refusal} />
          <Typography.Paragraph type="secondary">
            Enquanto a SEFAZ da UF estiver fora do ar, as notas são assinadas de novo com o tipo de
            emissão da contingência e enviadas à SVC
            {svc ? ` (${nfeEmissionModeLabels[svc]})` : ''}. A justificativa vai em cada nota.
          </Typography.Paragraph>
          <Form.Item
            label="Justificativa"
            name="reason"
            required
            rules={[zodRule(nfeContingencyInputSchema, 'reason')]}
          >
            <Input.TextArea
              {...countUpTo(256)}
              autoSize={{ minRows: 3, maxRows: 6 }}
              placeholder="Mínimo de 15 caracteres"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** The mode an invoice was issued in, read from its key's tpEmis: normal or an SVC. */
export function EmissionModeTag({ accessKey }: { accessKey: string }) {
  const mode = emissionModeOfKey(accessKey);
  return (
    <Tag color={mode === 'NORMAL' ? undefined : 'orange'} data-testid="emission-mode">
      {mode === 'NORMAL'
        ? 'Emissão normal'
        : `Emitida em contingência ${nfeEmissionModeLabels[mode]}`}
    </Tag>
  );
}
