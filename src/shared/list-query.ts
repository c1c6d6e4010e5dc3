import { z } from './zod-messages.js';

/** The query every list takes (ARCHITECTURE "Lists"); entity filters are added per resource. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: z
    .string()
    .regex(/^-?[a-zA-Z]+(\.[a-zA-Z]+)*$/)
    .optional(),
  q: z.string().trim().max(100).optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;

/** `?active=true|false` as sent by a URL. */
export const booleanFilter = () =>
  z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional();
