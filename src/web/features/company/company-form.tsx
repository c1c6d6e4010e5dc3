import { Alert, Card, Col, Flex, Form, Input, Row, Select } from 'antd';
import { useState } from 'react';
import { states, ufs, type Uf } from '../../../shared/br/states.js';
import { messages } from '../../../shared/messages.js';
import {
  companyUpdateSchema,
  DEFAULT_OPENING_HOURS,
  INVOICE_SERIES_MAX,
  taxRegimes,
  type Company,
} from '../../../shared/resources/company.js';
import { allowClear } from '../../components/antd-config.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { FormActions } from '../../components/form-actions.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { MunicipalitySelect } from '../../components/municipality-select.js';
import { CepInput, CnpjInput, PhoneInput } from '../../components/masked-input.js';
import { PercentInput } from '../../components/percent-input.js';
import { StaleVersionAlert } from '../../components/stale-version-alert.js';
import { UfSelect } from '../../components/uf-select.js';
import { useFormDirty } from '../../components/use-form-dirty.js';
import { useUnsavedChangesPrompt } from '../../components/use-unsaved-changes-prompt.js';
import { zodRule } from '../../components/zod-rule.js';
import { ApiError } from '../../lib/api-error.js';
import { toast } from '../../lib/toast.js';
import { useReloadCompany, useSaveCompany } from './api.js';
import { CompanyCertificate } from './company-certificate.js';
import { toFormValues, toUpdateInput, type CompanyFormValues } from './company-form-values.js';
import { NfeEnvironmentSelect } from './nfe-environment-select.js';
import { countUpTo } from '../../components/text-limit.js';

const rule = (path: Parameters<typeof zodRule>[1]) => [zodRule(companyUpdateSchema, path)];

const taxRegimeOptions = Object.entries(taxRegimes).map(([value, label]) => ({
  value: Number(value),
  label: `${value} – ${label}`,
}));

const stateCodeOptions = ufs
  .map((uf) => ({ value: states[uf].ibge, label: `${states[uf].ibge} – ${uf}` }))
  .sort((a, b) => a.value.localeCompare(b.value));

/**
 * The company settings form (DOMAIN §12). It keeps the row it loaded, `version` included, until
 * it saves or the user asks to reload: a background refresh of the footer's copy must neither wipe
 * what is being typed nor slip a newer `version` under an edit made on older data.
 */
export function CompanyForm({ company, readOnly }: { company: Company; readOnly: boolean }) {
  const [form] = Form.useForm<CompanyFormValues>();
  const [loaded, setLoaded] = useState(company);
  const [baseline, setBaseline] = useState(() => toFormValues(company));
  const [conflict, setConflict] = useState<string | null>(null);
  const dirty = useFormDirty(form, baseline);
  useUnsavedChangesPrompt(dirty && !readOnly);

  const adopt = (row: Company) => {
    const values = toFormValues(row);
    setLoaded(row);
    setBaseline(values);
    form.setFieldsValue(values);
  };

  const save = useSaveCompany({
    onSuccess: (row) => {
      setConflict(null);
      adopt(row);
      toast.success(messages.saved);
    },
    onError: (error) => {
      // Someone saved first: say so and keep what was typed, so nothing is lost by the refusal.
      if (error instanceof ApiError && error.status === 409) setConflict(error.message);
      else reportFormError(form, error);
    },
  });

  const reload = useReloadCompany({
    onSuccess: (row) => {
      setConflict(null);
      adopt(row);
    },
    onError: (error) =>
      toast.error(error.message, error instanceof ApiError ? error.requestId : undefined),
  });

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={baseline}
      disabled={readOnly}
      onFinish={(values) => save.mutate(toUpdateInput(values, loaded.version))}
      onValuesChange={(changed: Partial<CompanyFormValues>) => {
        // The IBGE code follows the UF unless the user already chose one.
        const uf: Uf | undefined = changed.address?.state;
        if (uf && !form.getFieldValue('stateCode'))
          form.setFieldValue('stateCode', states[uf].ibge);
      }}
    >
      {conflict && (
        <StaleVersionAlert
          message={conflict}
          reloading={reload.isPending}
          onReload={() => reload.mutate()}
          style={{ marginBottom: 16 }}
        />
      )}
      {readOnly && (
        <Alert
          type="info"
          showIcon
          title="Você pode consultar os dados da empresa, mas só um administrador pode alterá-los."
          style={{ marginBottom: 16 }}
        />
      )}
      <Flex vertical gap={16}>
        <Card title="Identificação">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Razão social" name="legalName" required rules={rule('legalName')}>
                <Input {...countUpTo(120)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Nome fantasia" name="tradeName" rules={rule('tradeName')}>
                <Input {...countUpTo(120)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="CNPJ" name="cnpj" rules={rule('cnpj')}>
                <CnpjInput />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Inscrição estadual"
                name="stateRegistration"
                rules={rule('stateRegistration')}
              >
                <Input {...countUpTo(20)} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="Endereço">
          <Row gutter={16}>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                label="CEP"
                name={['address', 'zipCode']}
                rules={rule(['address', 'zipCode'])}
              >
                <CepInput />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={12}>
              <Form.Item
                label="Logradouro"
                name={['address', 'street']}
                rules={rule(['address', 'street'])}
              >
                <Input {...countUpTo(120)} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                label="Número"
                name={['address', 'number']}
                rules={rule(['address', 'number'])}
              >
                <Input {...countUpTo(20)} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8}>
              <Form.Item
                label="Complemento"
                name={['address', 'complement']}
                rules={rule(['address', 'complement'])}
              >
                <Input {...countUpTo(60)} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                label="Bairro"
                name={['address', 'district']}
                rules={rule(['address', 'district'])}
              >
                <Input {...countUpTo(60)} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                label="Cidade"
                name={['address', 'city']}
                rules={rule(['address', 'city'])}
              >
                <Input {...countUpTo(60)} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={4}>
              <Form.Item label="UF" name={['address', 'state']} rules={rule(['address', 'state'])}>
                <UfSelect />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8}>
              <Form.Item
                label="Município (IBGE)"
                name={['address', 'cityCode']}
                rules={rule(['address', 'cityCode'])}
                extra="Preenchido pela cidade e UF; escolha na lista quando não for"
              >
                <MunicipalitySelect addressPath={['address']} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="Contato">
          <Row gutter={16}>
            {[0, 1, 2].map((index) => (
              <Col xs={24} md={8} key={index}>
                <Form.Item
                  label={`Telefone ${index + 1}`}
                  name={['phones', index]}
                  rules={rule(['phones', index])}
                >
                  <PhoneInput />
                </Form.Item>
              </Col>
            ))}
            <Col xs={24} md={12}>
              <Form.Item label="E-mail" name="email" rules={rule('email')}>
                <Input inputMode="email" {...countUpTo(254)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Horário de funcionamento"
                name="openingHours"
                rules={rule('openingHours')}
              >
                <Input {...countUpTo(200)} placeholder={DEFAULT_OPENING_HOURS} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="Fiscal">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                label="Código da UF (IBGE)"
                name="stateCode"
                rules={rule('stateCode')}
                extra="Usado na chave de acesso das notas fiscais."
              >
                <Select
                  options={stateCodeOptions}
                  allowClear={allowClear}
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="Selecione"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Regime tributário (CRT)"
                name="taxRegime"
                required
                rules={rule('taxRegime')}
              >
                <Select options={taxRegimeOptions} data-testid="tax-regime" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Ambiente da NF-e"
                name="nfeEnvironment"
                required
                rules={rule('nfeEnvironment')}
                extra="Em homologação as notas são de teste, sem valor fiscal."
              >
                <NfeEnvironmentSelect />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Série da NF-e"
                name="invoiceSeries"
                required
                rules={rule('invoiceSeries')}
                extra={`De 0 a ${INVOICE_SERIES_MAX}; a numeração das notas segue por série.`}
              >
                <Input inputMode="numeric" maxLength={3} data-testid="invoice-series" />
              </Form.Item>
            </Col>
          </Row>
          <CompanyCertificate certificate={company.certificate} readOnly={readOnly} />
        </Card>

        <Card title="Financeiro">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                label="Chave PIX"
                name="pixKey"
                rules={rule('pixKey')}
                extra="CPF, CNPJ, e-mail, celular com +55 ou chave aleatória. Usada no PIX copia e cola das contas a receber."
              >
                <Input {...countUpTo(77)} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="Estoque">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                label="Estoque fechado até"
                name="stockClosedThrough"
                rules={rule('stockClosedThrough')}
                extra="Movimentações de estoque até esta data ficam bloqueadas."
              >
                <LazyDateInput />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="Produção">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                label="Tolerância de produção a maior (%)"
                name="productionTolerancePercent"
                required
                rules={rule('productionTolerancePercent')}
                extra="Uma ordem de produção pode ser concluída com até esta porcentagem acima da quantidade planejada."
              >
                <PercentInput />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <FormActions canSave={!readOnly} saving={save.isPending} />
      </Flex>
    </Form>
  );
}
