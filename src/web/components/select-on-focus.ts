import type { FocusEvent, MouseEvent } from 'react';

/**
 * Props for a text input whose pre-filled value ("0,00", "0") a person replaces rather than
 * extends: entering the field selects all of it, so typing 150 gives "150", not "0,00150".
 */
export const selectOnFocus = {
  onFocus: (event: FocusEvent<HTMLInputElement>) => event.target.select(),
  // The click that focused the field would put the caret where it landed, undoing the selection;
  // a click in a field already focused (no longer all selected) places the caret as usual.
  onMouseUp: (event: MouseEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const allSelected =
      input.value !== '' && input.selectionStart === 0 && input.selectionEnd === input.value.length;
    if (allSelected) event.preventDefault();
  },
};
