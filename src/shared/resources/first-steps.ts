import type { Permission } from '../permissions.js';
import { z } from '../zod-messages.js';

/**
 * "Primeiros passos" (issue 16 §15): what a new company does before its first document. A step
 * is done once the company has it, whoever did it; each belongs to the permission that can do it.
 */
export const firstSteps = {
  company: { label: 'Dados da empresa', permission: 'company:write' },
  client: { label: 'Primeiro cliente', permission: 'clients:write' },
  product: { label: 'Primeiro produto', permission: 'products:write' },
} as const satisfies Record<string, { label: string; permission: Permission }>;

export type FirstStepKey = keyof typeof firstSteps;
export const firstStepKeys = Object.keys(firstSteps) as [FirstStepKey, ...FirstStepKey[]];

/**
 * `GET /dashboard/first-steps`: the steps the signed-in user may act on, in order, each done or
 * not. A user who may act on none gets none, and sees no checklist.
 */
export const firstStepsSchema = z.strictObject({
  steps: z.array(z.strictObject({ key: z.enum(firstStepKeys), done: z.boolean() })),
});
export type FirstSteps = z.infer<typeof firstStepsSchema>;
