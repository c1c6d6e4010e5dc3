import { booleanFilter } from '../list-query.js';
import { activeLabels, defineResource } from '../resource.js';
import { actionLabels, allPermissions, areas, type Area, type Permission } from '../permissions.js';
import { optionalText, requiredText, version } from '../fields.js';
import { z } from '../zod-messages.js';

/**
 * Every other action on an area needs the area's read: its screens are reached by reading, so
 * "Incluir/alterar" without "Consultar" would grant something the role can never use. The message
 * names the first area that breaks the rule; undefined when none does.
 */
export function missingReadMessage(permissions: readonly string[]): string | undefined {
  const granted = new Set(permissions);
  for (const area of Object.keys(areas) as Area[]) {
    if (granted.has(`${area}:read`)) continue;
    const others = areas[area].actions.filter((action) => granted.has(`${area}:${action}`));
    if (others.length === 0) continue;
    const quoted = (action: string) => `"${actionLabels[action]}"`;
    return `Para ${others.map(quoted).join(' ou ')} em ${areas[area].label}, marque também ${quoted('read')}.`;
  }
  return undefined;
}

/** Perfis de Usuários (DOMAIN §10). */
export const roleSchema = z.object({
  name: requiredText(60),
  description: optionalText(255),
  permissions: z
    .array(z.enum(allPermissions as [Permission, ...Permission[]]))
    .superRefine((permissions, ctx) => {
      const message = missingReadMessage(permissions);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .default([]),
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

export const roles = defineResource({
  path: 'roles',
  area: 'roles',
  label: 'Perfis de Usuários',
  singular: 'Perfil de usuário',
  gender: 'm',
  uniqueFields: { name: 'este nome' },
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
    { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true, mobile: true },
  ],
  listFields: ['name', 'description', 'active'],
  filters: [{ key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels }],
  searchFields: ['name', 'description'],
  defaultSort: 'name',
  titleField: 'name',
});

/** A row of the roles' list: what its columns show (the permissions are the form's). */
export const roleSummarySchema = roleOutputSchema.pick({
  id: true,
  name: true,
  description: true,
  active: true,
});
export type RoleSummary = z.output<typeof roleSummarySchema>;
