import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, theme, Typography, type FormRule } from 'antd';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { afterEnter, type LineFocus } from './line-table-values.js';

export type Line = Record<string, unknown>;

/** One column of a line table: the line's field its cells edit. */
export interface LineColumn {
  /** The line's field (`quantity`). */
  key: string;
  title: string;
  /** The cell's least width in px; past the screen's width the table scrolls inside itself. */
  width: number;
  align?: 'left' | 'right';
  required?: boolean;
  /**
   * The cell's input; its Form.Item hands it value and onChange. `label` names it for a screen
   * reader ("Quantidade, linha 2"), as the column's title is not its label.
   */
  input?: (cell: { index: number; label: string }) => ReactNode;
  /** Instead of an input: what the cell shows for its line (a line's cost). */
  show?: (index: number) => ReactNode;
}

export interface LineTableProps {
  /** The form's list of lines (`components`). */
  name: string;
  columns: LineColumn[];
  /** What "Adicionar" puts in a new line. */
  newLine: () => Line;
  /** "Adicionar insumo". */
  addLabel: string;
  /** Shown when there is no line. */
  emptyText: string;
  /** A cell's rules, by its path in the form (`['components', 2, 'quantity']`). */
  cellRules?: (path: (string | number)[]) => FormRule[];
  /** A row under the lines: what they add up to, computed by the caller from the lines. */
  totals?: (lines: Line[]) => ReactNode;
  disabled?: boolean;
}

const REMOVE_WIDTH = 48;

/**
 * The editable lines of a document (a bill of materials, an order's items) inside an antd Form:
 * one Form.List whose cells are form fields, so the shared schema's messages and the server's
 * (`components.2.quantity`) appear under the cell they concern and a message about the whole list
 * (`components`) under the table. Keyboard: Enter in a cell goes to the next cell (line-table-values
 * `afterEnter`), from a line's last to the next line, adding one after the last, and never
 * submits the form; where a list is open (a picker's options) Enter picks from it, and on a picker
 * with nothing chosen yet it opens the list. Each line's "Remover" button is reached by Tab. On a
 * narrow screen the table scrolls inside itself.
 */
export function LineTable({
  name,
  columns,
  newLine,
  addLabel,
  emptyText,
  cellRules,
  totals,
  disabled = false,
}: LineTableProps) {
  const { token } = theme.useToken();
  const form = Form.useFormInstance();
  const watched = Form.useWatch(name, form) as Line[] | undefined;
  const lines = watched ?? [];
  const table = useRef<HTMLTableElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the lines have re-rendered after an add or a remove (the list's
  // value is watched above, so each of them renders this table again).
  const pendingFocus = useRef<LineFocus | null>(null);
  const moveFocus = (focus: LineFocus) => {
    const target =
      focus.kind === 'add'
        ? addButton.current
        : table.current?.querySelector<HTMLElement>(
            focus.kind === 'cell'
              ? `tr[data-line="${focus.index}"] td[data-column="${focus.column}"] :is(input, textarea, button)`
              : `tr[data-line="${focus.index}"] button[data-remove]`,
          );
    target?.focus();
  };
  useEffect(() => {
    if (!pendingFocus.current) return;
    moveFocus(pendingFocus.current);
    pendingFocus.current = null;
  });

  const cell = (align: LineColumn['align'], width: number) => ({
    padding: `${token.paddingXS}px`,
    minWidth: width,
    textAlign: align ?? 'left',
    verticalAlign: 'top' as const,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
  });
  // The cells Enter moves between (a cost shown after them takes no input).
  const inputColumns = columns.flatMap((column, at) => (column.input ? [at] : []));
  const tableWidth = columns.reduce((sum, column) => sum + column.width, REMOVE_WIDTH);

  return (
    <Form.List name={name}>
      {(fields, { add, remove }, { errors }) => {
        // In the capture phase, before the cell's input: Enter would otherwise submit the form
        // from a text input, or open a picker that already has its value.
        const onCellKey = (event: KeyboardEvent, index: number, column: number) => {
          const target = event.target as HTMLElement;
          if (event.key !== 'Enter' || event.nativeEvent.isComposing || disabled) return;
          if (target.tagName === 'TEXTAREA' || target.getAttribute('aria-expanded') === 'true') {
            return;
          }
          const key = columns[column]!.key;
          const empty = [undefined, null, ''].includes(
            form.getFieldValue([name, fields[index]!.name, key]) as string | null | undefined,
          );
          if (target.getAttribute('role') === 'combobox' && empty) return;
          event.preventDefault();
          event.stopPropagation();
          const next = afterEnter(index, fields.length, column, inputColumns);
          const focus = { kind: 'cell', index: next.index, column: next.column } as const;
          if (next.add) {
            add(newLine());
            pendingFocus.current = focus;
          } else moveFocus(focus);
        };
        return (
          <Flex vertical gap={8}>
            {/* Relative: the hidden header text (absolute) scrolls with the table, not the page. */}
            <div
              style={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
              data-testid={`lines-${name}`}
            >
              <table
                ref={table}
                style={{ width: '100%', minWidth: tableWidth, borderCollapse: 'collapse' }}
              >
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th
                        key={column.key}
                        scope="col"
                        style={{
                          ...cell(column.align, column.width),
                          fontWeight: token.fontWeightStrong,
                          background: token.colorFillAlter,
                        }}
                      >
                        {column.title}
                        {column.required && (
                          <span aria-hidden style={{ color: token.colorError, marginLeft: 4 }}>
                            *
                          </span>
                        )}
                      </th>
                    ))}
                    <th style={{ ...cell('left', REMOVE_WIDTH), background: token.colorFillAlter }}>
                      <span style={srOnly}>Ações</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {fields.length === 0 && (
                    <tr>
                      <td colSpan={columns.length + 1} style={cell('left', 0)}>
                        <Typography.Text type="secondary">{emptyText}</Typography.Text>
                      </td>
                    </tr>
                  )}
                  {fields.map((field, index) => (
                    <tr key={field.key} data-line={index}>
                      {columns.map((column, columnIndex) => (
                        <td
                          key={column.key}
                          data-column={columnIndex}
                          style={cell(column.align, column.width)}
                          onKeyDownCapture={
                            column.input
                              ? (event) => onCellKey(event, index, columnIndex)
                              : undefined
                          }
                        >
                          {column.input ? (
                            <Form.Item
                              name={[field.name, column.key]}
                              rules={cellRules?.([name, field.name, column.key])}
                              style={{ margin: 0 }}
                            >
                              {column.input({
                                index: field.name,
                                label: `${column.title}, linha ${index + 1}`,
                              })}
                            </Form.Item>
                          ) : (
                            <div style={{ paddingBlock: token.paddingXXS + 1 }}>
                              {column.show?.(field.name)}
                            </div>
                          )}
                        </td>
                      ))}
                      <td style={cell('left', REMOVE_WIDTH)}>
                        {!disabled && (
                          <Button
                            type="text"
                            danger
                            data-remove
                            icon={<DeleteOutlined />}
                            aria-label={`Remover linha ${index + 1}`}
                            title="Remover linha"
                            onClick={() => {
                              remove(field.name);
                              pendingFocus.current =
                                index < fields.length - 1
                                  ? { kind: 'remove', index }
                                  : { kind: 'add', index: 0 };
                            }}
                          />
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {/* Below the scrolling table, so a narrow screen shows it without scrolling. */}
            {totals && fields.length > 0 && (
              <div style={{ textAlign: 'right', paddingInline: token.paddingXS }}>
                {totals(lines)}
              </div>
            )}
            <Form.ErrorList errors={errors} />
            {!disabled && (
              <div>
                <Button
                  ref={addButton}
                  icon={<PlusOutlined />}
                  onClick={() => {
                    add(newLine());
                    pendingFocus.current = {
                      kind: 'cell',
                      index: fields.length,
                      column: inputColumns[0] ?? 0,
                    };
                  }}
                >
                  {addLabel}
                </Button>
              </div>
            )}
          </Flex>
        );
      }}
    </Form.List>
  );
}

/** Read by screen readers, not shown: the remove column's header. */
const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
