import { Form } from 'antd';
import { useItem } from './item-lookups.js';
import { QuantityInput } from './quantity-input.js';
import { useUnitDecimals } from './stock-lookups.js';

/**
 * A line table's quantity cell (LineTable's `input`): in the decimals and with the code of the
 * unit of the item picked on the same line (`[list, index, 'itemId']`), as every document with
 * item lines shows it (`itemField` names the line's item where it is not `itemId`: `productId`).
 * Form.Item hands it value and onChange.
 */
export function LineQuantity({
  list,
  index,
  value,
  onChange,
  label,
  itemField = 'itemId',
}: {
  /** The form's list of lines (`items`). */
  list: string;
  index: number;
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  itemField?: string;
}) {
  const form = Form.useFormInstance();
  const itemId = Form.useWatch([list, index, itemField], form) as number | undefined;
  const item = useItem(itemId);
  const units = useUnitDecimals();
  return (
    <QuantityInput
      aria-label={label}
      value={value}
      onChange={onChange}
      unit={item.data?.unitCode}
      decimals={units(item.data?.unitId)}
    />
  );
}
