import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages.js';
import { ValidationError } from './errors.js';

/**
 * PostgreSQL cannot store or compare a text holding the NUL character: a query that binds one
 * fails, which would answer 500. The shared text rules refuse it (with the other control
 * characters) wherever a schema describes the field; this hook covers everything else a request
 * carries to the database (search terms, filters, passwords, path parameters, object keys), so
 * every route answers 400 naming the field instead.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const fields: Record<string, string> = {};
    for (const input of [request.params, request.query, request.body]) {
      for (const path of pathsWithNul(input)) fields[path || '_'] ??= messages.invalid;
    }
    if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  });
}

/**
 * The field paths (`address.city`, `items.2.name`) whose string value or key holds a NUL.
 * Walked with a stack instead of recursion: a 1 MB body can nest arrays 500,000 deep.
 */
function pathsWithNul(input: unknown): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) found.push(path);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\0')) found.push(path);
        else stack.push({ value: child, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return found;
}
