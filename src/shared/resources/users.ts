import { booleanFilter } from '../list-query.js';
import { activeLabels, defineResource } from '../resource.js';
import { email, id, password, requiredText, version } from '../fields.js';
import { z } from '../zod-messages.js';

/** Usuários (DOMAIN §10): the e-mail is the login; the password is write-only. */
const userFields = {
  name: requiredText(120),
  email: email(),
  roleId: id(),
  active: z.boolean().default(true),
};
export const userCreateSchema = z.object({ ...userFields, password: password() });
export const userUpdateSchema = z.object({
  ...userFields,
  // Left empty on an edit, the password stays as it is.
  password: z.preprocess((v) => (v === '' ? undefined : v), password().optional()),
  version: version(),
});
export const userFiltersSchema = z.object({ active: booleanFilter(), roleId: id().optional() });

export const userOutputSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  roleId: z.number(),
  roleName: z.string(),
  active: z.boolean(),
  lastLoginAt: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.number().nullable(),
  updatedBy: z.number().nullable(),
});
export type User = z.output<typeof userOutputSchema>;

export const users = defineResource({
  path: 'users',
  area: 'users',
  label: 'Usuários',
  singular: 'Usuário',
  gender: 'm',
  uniqueFields: { email: 'este e-mail' },
  schema: userCreateSchema,
  filtersSchema: userFiltersSchema,
  fields: [
    { key: 'name', label: 'Nome', kind: 'text', required: true, maxLength: 120 },
    { key: 'email', label: 'E-mail', kind: 'email', required: true },
    { key: 'roleId', label: 'Perfil', kind: 'reference', references: 'roles', required: true },
    { key: 'password', label: 'Senha', kind: 'password', help: 'Pelo menos 8 caracteres' },
    { key: 'active', label: 'Ativo', kind: 'boolean' },
    { key: 'lastLoginAt', label: 'Último acesso', kind: 'date', readOnly: true },
  ],
  columns: [
    { key: 'name', label: 'Nome', sortable: true },
    { key: 'email', label: 'E-mail', sortable: true },
    { key: 'roleName', label: 'Perfil', mobile: true },
    { key: 'lastLoginAt', label: 'Último acesso', kind: 'date', sortable: true },
    { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true, mobile: true },
  ],
  listFields: ['name', 'email', 'roleName', 'lastLoginAt', 'active'],
  filters: [
    { key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels },
    { key: 'roleId', label: 'Perfil', kind: 'reference', references: 'roles' },
  ],
  searchFields: ['name', 'email'],
  defaultSort: 'name',
  titleField: 'name',
});

/** A row of the users' list: what its columns show. */
export const userSummarySchema = userOutputSchema.pick({
  id: true,
  name: true,
  email: true,
  roleName: true,
  lastLoginAt: true,
  active: true,
});
export type UserSummary = z.output<typeof userSummarySchema>;
