import type { FormRule } from 'antd';
import type { z } from '../../shared/zod-messages.js';
import { samePath, toPathArray, type FieldPath } from './field-path.js';

/**
 * An antd Form rule that validates one field with the shared zod schema the API uses, so a rule is
 * written once (ARCHITECTURE "Forms"). The whole form is parsed and only this field's issue is
 * reported: that way cross-field refinements (the password confirmation) and fields inside
 * objects or tuples (`['address', 'zipCode']`, `['phones', 0]`) need nothing special.
 * `toInput` turns the form's values into what the API takes first, when they differ (money typed
 * as "1.234,50" travels as "1234.50").
 */
export function zodRule<Values>(
  schema: z.ZodType,
  path: FieldPath,
  toInput: (values: Values) => unknown = (values) => values,
): FormRule {
  const target = toPathArray(path);
  return (form) => ({
    validator: async () => {
      const result = await schema.safeParseAsync(toInput(form.getFieldsValue(true)));
      if (result.success) return;
      const issue = result.error.issues.find((candidate) => samePath(candidate.path, target));
      if (issue) throw new Error(issue.message);
    },
  });
}
