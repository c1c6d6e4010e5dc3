import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState, type ComponentRef } from 'react';
import { isCalendarDate, typedDate } from './typed-date.js';

/**
 * A date picked or typed as dd/mm/aaaa and kept in the form as `YYYY-MM-DD`, the way the API
 * takes it, so the shared schema validates what is sent.
 *
 * What is typed reaches the form when the field is left or on Enter, at once: the picker itself
 * commits it only after its calendar has closed, a frame later, so a quick click (or a tap) on
 * "Salvar" found no date yet and only closed the calendar. Text that is no date stays in
 * the field (`preserveInvalidOnBlur`) and in the form, for the schema to refuse ("Data
 * inexistente: 31/02/2026" for a day that does not exist).
 */
export function DateInput({
  value,
  onChange,
  disabled,
  id,
}: {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  id?: string;
}) {
  const picker = useRef<ComponentRef<typeof DatePicker>>(null);
  // While the form holds text that is no date, the picker keeps its last date: a picker emptied
  // under the user's hands would wipe the text being corrected.
  const [shown, setShown] = useState(isCalendarDate(value) ? value : undefined);
  const next = !value ? undefined : isCalendarDate(value) ? value : shown;
  if (next !== shown) setShown(next);

  const commitTyped = () => {
    const text = picker.current?.nativeElement.querySelector('input')?.value ?? '';
    const typed = typedDate(text);
    if (typed !== (value ?? undefined)) onChange?.(typed);
  };

  return (
    <DatePicker
      ref={picker}
      id={id}
      value={next ? dayjs(next) : null}
      format="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      disabled={disabled}
      preserveInvalidOnBlur
      onChange={(date) => onChange?.(date ? date.format('YYYY-MM-DD') : undefined)}
      onBlur={commitTyped}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        commitTyped();
        // Enter confirms the date and closes the calendar (the picker's own handling goes on);
        // it must not also submit the form around it, half filled.
        event.preventDefault();
      }}
      style={{ width: '100%', maxWidth: 220 }}
    />
  );
}
