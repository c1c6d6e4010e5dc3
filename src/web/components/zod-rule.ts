import type { FormRule } from 'antd';
import type { z } from '../../shared/zod-messages.js';
import { samePath, toPathArray, type FieldPath } from './field-path.js';

/**
 * An antd Form rule that validates one field with the shared zod schema the API uses, so a rule is
 * written once (ARCHITECTURE "Forms"). The whole form is parsed and only this field's issue is
 * reported: that way cross-field refinements (the password confirmation) and fields inside
 * objects or tuples (`['address', 'zipCode']`, `['phones', 0]`) need nothing special.
 * `toInput` turns the form's values into what the API takes first, when they differ (money typed
 * as "1.234,50" travels as "1234.50"). `schema` may be a function that loads it, for a page that
 * does not load zod before the user types (the login page).
 */
export function zodRule<Values>(
  schema: z.ZodType | (() => Promise<z.ZodType>),
  path: FieldPath,
  toInput: (values: Values) => unknown = (values) => values,
): FormRule {
  const target = toPathArray(path);
  return (form) => ({
    validator: async () => {
      const loaded = typeof schema === 'function' ? await schema() : schema;
      const result = await loaded.safeParseAsync(toInput(form.getFieldsValue(true)));
      if (result.success) return;
      const issue = result.error.issues.find((candidate) => samePath(candidate.path, target));
      if (issue) throw new Error(issue.message);
    },
  });
}
