import { Input } from 'antd';
import { lazy, Suspense, type ComponentProps } from 'react';

/*
 * The palette and the calendar are among the largest pieces of Ant Design and only a few forms
 * and lists have them (colors, dates, periods): they load with the first such field instead of
 * with every screen.
 * The wrappers take the props Form.Item gives its child and hand them to the real input.
 */
const ColorInput = lazy(() =>
  import('./color-input.js').then((module) => ({ default: module.ColorInput })),
);
const DateInput = lazy(() =>
  import('./date-input.js').then((module) => ({ default: module.DateInput })),
);
const DateRangeFilter = lazy(() =>
  import('./date-range-filter.js').then((module) => ({ default: module.DateRangeFilter })),
);

export function LazyColorInput(props: ComponentProps<typeof ColorInput>) {
  return (
    <Suspense fallback={<Input disabled style={{ maxWidth: 260 }} />}>
      <ColorInput {...props} />
    </Suspense>
  );
}

export function LazyDateInput(props: ComponentProps<typeof DateInput>) {
  return (
    <Suspense fallback={<Input disabled style={{ maxWidth: 220 }} />}>
      <DateInput {...props} />
    </Suspense>
  );
}

export function LazyDateRangeFilter(props: ComponentProps<typeof DateRangeFilter>) {
  return (
    <Suspense fallback={<Input disabled style={{ width: 260 }} />}>
      <DateRangeFilter {...props} />
    </Suspense>
  );
}
