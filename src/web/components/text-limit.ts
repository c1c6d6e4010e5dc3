import type { InputProps } from 'antd';

/**
 * A text field's limit as antd's `count`: a counter ("57 / 120") beside the text, turning red past
 * the limit, while the text itself stays as typed or pasted and the shared schema says "No máximo
 * 120 caracteres". `maxLength` would cut a long paste without a word, and what was cut off is lost
 * before anyone sees it.
 */
export function countUpTo(max: number | undefined): Pick<InputProps, 'count'> {
  return max === undefined ? {} : { count: { max, show: true } };
}
