import { booleanFilter } from '../list-query.js';
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
});
export type Role = z.output<typeof roleOutputSchema>;
export type RoleInput = z.input<typeof roleUpdateSchema>;
