import { z } from 'zod';
import { messages } from './messages.js';

/**
 * Maps zod's issues to the pt-BR messages of the product, once for every schema on both sides.
 * A schema that needs a specific text ("CPF inválido") passes it explicitly and wins over this map.
 */
function ptBrIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return messages.required;
      if (issue.expected === 'number' || issue.expected === 'int') return messages.notANumber;
      return messages.invalid;
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return messages.required;
      if (issue.origin === 'array' && issue.minimum === 1) return messages.required;
      if (issue.origin === 'string') return messages.wrongLength;
      return messages.outOfRange;
    case 'too_big':
      if (issue.origin === 'string') return messages.tooLong(Number(issue.maximum));
      return messages.outOfRange;
    case 'invalid_format':
      if (issue.format === 'email') return messages.invalidEmail;
      if (issue.format === 'regex') return messages.pattern;
      return messages.invalid;
    default:
      return messages.invalid;
  }
}

z.config({ customError: ptBrIssueMessage });

export { z };
