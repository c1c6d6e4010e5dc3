import { Button, Drawer, Flex, Form } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { messages } from '../../shared/messages.js';
import type { ResourceDefinition } from '../../shared/resource.js';
import { toast } from '../lib/toast.js';
import { reportFormError } from './apply-server-errors.js';
import { ReferenceCreateContext, type OpenCreateDrawer } from './reference-create-context.js';
import { ResourceField } from './resource-field.js';
import { formSections } from './resource-form-layout.js';
import { useSaveResource } from './resource-mutations.js';
import {
  schemaDefaults,
  toApiInput,
  toFormValues,
  type FormValues,
} from './resource-form-values.js';
import { referencedDefinition, type ResourceRow } from './resource-row.js';
import { useSingleSubmit } from './use-single-submit.js';

interface Request {
  definition: ResourceDefinition;
  onCreated: (row: ResourceRow) => void;
}

/**
 * "+ Novo" of the pickers (reference-select.tsx): one drawer for the whole app with the
 * resource's own fields (the generic ResourceField, validated by the resource's schema) that
 * creates the row through its create route and hands it back to the picker that asked, which
 * selects it. The document being typed stays as it was underneath.
 */
export function ReferenceCreateProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<Request | null>(null);
  const open = useCallback<OpenCreateDrawer>((resource, onCreated) => {
    const definition = referencedDefinition(resource);
    if (definition) setRequest({ definition, onCreated });
  }, []);
  return (
    <ReferenceCreateContext.Provider value={open}>
      {children}
      {request && (
        <CreateDrawer
          key={request.definition.path}
          request={request}
          onClose={() => setRequest(null)}
        />
      )}
    </ReferenceCreateContext.Provider>
  );
}

function CreateDrawer({ request, onClose }: { request: Request; onClose: () => void }) {
  const { definition, onCreated } = request;
  const [form] = Form.useForm<FormValues>();
  const initial = useMemo(
    () => toFormValues(definition, schemaDefaults(definition.schema)),
    [definition],
  );
  // The whole definition but what the server computes, in one column.
  const fields = useMemo(
    () => formSections(definition).flatMap((section) => section.fields.filter((f) => !f.readOnly)),
    [definition],
  );
  const toInput = (values: FormValues) => toApiInput(definition, values);
  const submitOnce = useSingleSubmit();

  const create = useSaveResource(definition, {
    onSuccess: (row) => {
      toast.success(messages.saved);
      onCreated(row);
      onClose();
    },
    onError: (error) => reportFormError(form, error),
  });

  const title = `${definition.gender === 'f' ? 'Nova' : 'Novo'} ${definition.singular.toLowerCase()}`;
  return (
    <Drawer open title={title} onClose={onClose} size="min(480px, 100vw)">
      {/* No drawer within the drawer: its pickers offer no "+ Novo". */}
      <ReferenceCreateContext.Provider value={null}>
        <Form
          form={form}
          // Its fields' ids start with the name, apart from the same fields of the form beneath.
          name={`new-${definition.path}`}
          layout="vertical"
          initialValues={initial}
          onFinish={(values) =>
            submitOnce(() => create.mutateAsync({ target: null, input: toInput(values) }))
          }
        >
          {fields.map((field) => (
            <ResourceField
              key={field.key}
              field={field}
              ctx={{ schema: definition.schema, toInput, isNew: true, disabled: false }}
            />
          ))}
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onClose}>Cancelar</Button>
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              Salvar
            </Button>
          </Flex>
        </Form>
      </ReferenceCreateContext.Provider>
    </Drawer>
  );
}
