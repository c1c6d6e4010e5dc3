import { z } from 'zod';
import { id } from '../../shared/fields.js';

export const idParams = z.object({ id: id() });

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
