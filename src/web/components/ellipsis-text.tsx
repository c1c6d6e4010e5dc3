import { Typography, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';

/**
 * How wide a text cell may grow. The lists size their columns to their content (and scroll
 * sideways when that is wider than the screen), so without a cap one long name took 730 px of
 * a 1280 px screen and pushed the other columns out of sight.
 */
const MAX_TEXT_WIDTH = 360;

/**
 * A list cell's long text on one line, ending in "…" past `MAX_TEXT_WIDTH`, with the whole text
 * in a tooltip on hover (only when something was cut). `children` is what the cell shows (a
 * link to the record); `text` is what the tooltip says.
 */
export function EllipsisText({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Typography.Text
      ellipsis={{ tooltip: { title: text, placement: 'topLeft' } }}
      style={{ maxWidth: MAX_TEXT_WIDTH }}
    >
      {children ?? text}
    </Typography.Text>
  );
}

/**
 * The column side of it: a fixed layout that cuts the cell instead of growing the column, and no
 * native `title` (the tooltip says it, once).
 */
export const ellipsisColumn = {
  ellipsis: { showTitle: false },
} satisfies Pick<TableColumnType<object>, 'ellipsis'>;
