import { booleanFilter } from '../list-query.js';
import { activeLabels, defineResource } from '../resource.js';
import { allPermissions, type Permission } from '../permissions.js';
import { optionalText, requiredText, version } from '../fields.js';
import { z } from '../zod-messages.js';

/** Perfis de Usuários (DOMAIN §10). */
export const roleSchema = z.object({
  name: requiredText(60),
  description: optionalText(255),
  permissions: z.array(z.enum(allPermissions as [Permission, ...Permission[]])).default([]),
  active: z.boolean().default(true),
});
export const roleUpdateSchema = roleSchema.extend({ version: version() });
export const roleFiltersSchema = z.object({ active: booleanFilter() });

export const roleOutputSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  isSystem: z.boolean(),
  active: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.number().nullable(),
  updatedBy: z.number().nullable(),
});
export type Role = z.output<typeof roleOutputSchema>;
export type RoleInput = z.input<typeof roleUpdateSchema>;

export const roles = defineResource({
  path: 'roles',
  area: 'roles',
  label: 'Perfis de Usuários',
  singular: 'Perfil de usuário',
  schema: roleSchema,
  filtersSchema: roleFiltersSchema,
  fields: [
    { key: 'name', label: 'Nome', kind: 'text', required: true, maxLength: 60 },
    { key: 'description', label: 'Descrição', kind: 'textarea', maxLength: 255 },
    { key: 'permissions', label: 'Permissões', kind: 'permissions' },
    { key: 'active', label: 'Ativo', kind: 'boolean' },
  ],
  columns: [
    { key: 'name', label: 'Nome', sortable: true },
    { key: 'description', label: 'Descrição', sortable: true },
    { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true },
  ],
  filters: [{ key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels }],
  searchFields: ['name', 'description'],
  defaultSort: 'name',
  titleField: 'name',
});
