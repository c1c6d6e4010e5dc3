import { Modal, Select } from 'antd';
import { useState } from 'react';
import {
  nfeEnvironmentLabels,
  nfeEnvironments,
  type NfeEnvironment,
} from '../../../shared/resources/company.js';

const options = nfeEnvironments.map((value) => ({ value, label: nfeEnvironmentLabels[value] }));

/**
 * "Ambiente da NF-e". Choosing Produção asks first: from then on every invoice issued has fiscal
 * value and goes to SEFAZ for real. Homologação is taken without a question.
 */
export function NfeEnvironmentSelect({
  value,
  onChange,
  disabled,
}: {
  value?: NfeEnvironment;
  onChange?: (value: NfeEnvironment) => void;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Select
        value={value}
        options={options}
        disabled={disabled}
        data-testid="nfe-environment"
        onChange={(chosen: NfeEnvironment) => {
          if (chosen === 'PRODUCTION' && value !== 'PRODUCTION') setAsking(true);
          else onChange?.(chosen);
        }}
      />
      <Modal
        open={asking}
        title="Emitir em produção?"
        okText="Usar produção"
        cancelText="Voltar"
        cancelButtonProps={{ autoFocus: true }}
        onOk={() => {
          setAsking(false);
          onChange?.('PRODUCTION');
        }}
        onCancel={() => setAsking(false)}
        destroyOnHidden
        data-testid="nfe-production-confirm"
      >
        Em produção, cada nota fiscal emitida tem valor fiscal: é enviada à SEFAZ e só pode ser
        desfeita por cancelamento dentro do prazo legal. Use homologação enquanto estiver testando.
      </Modal>
    </>
  );
}
