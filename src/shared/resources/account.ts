import { email, password, requiredText } from '../text-fields.js';
import { messages } from '../messages.js';
import type { Permission } from '../permissions.js';
import { z } from '../zod-messages.js';

export const loginSchema = z.object({
  email: email(),
  password: z.string().min(1).max(200),
});
export type LoginInput = z.input<typeof loginSchema>;

/** The signed-in user as the browser keeps it (DOMAIN §11). */
export interface UserToken {
  id: number;
  name: string;
  email: string;
  roleName: string;
  permissions: Permission[];
}

export interface LoginResponse {
  accessToken: string;
  userToken: UserToken;
}

export const profileSchema = z.object({ name: requiredText(120) });
export type ProfileInput = z.input<typeof profileSchema>;

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1),
    newPassword: password(),
    confirmation: z.string().min(1),
  })
  .refine((v) => v.newPassword === v.confirmation, {
    message: messages.mismatch,
    path: ['confirmation'],
  });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;
