import { booleanFilter } from '../list-query.js';
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
});
export type User = z.output<typeof userOutputSchema>;
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
