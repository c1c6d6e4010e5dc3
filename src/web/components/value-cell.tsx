import { CheckOutlined } from '@ant-design/icons';
import { Space, Tag } from 'antd';
import { ColorSwatch } from './color-swatch.js';
import { formatValue, type ValueSpec } from './format-value.js';

// antd's green tag writes #389e0d on #f6ffed (3.4:1); its next shade, green-8, passes WCAG AA.
const YES_TEXT = '#237804';

/** A list cell: the formatted text, with a tag for yes/no and a swatch for colors. */
export function ValueCell({ spec, value }: { spec: ValueSpec; value: unknown }) {
  if (spec.kind === 'boolean') {
    return value ? (
      <Tag color="green" icon={<CheckOutlined />} style={{ color: YES_TEXT }}>
        Sim
      </Tag>
    ) : (
      <Tag>Não</Tag>
    );
  }
  if (spec.kind === 'color' && typeof value === 'string' && value !== '') {
    return (
      <Space size={6}>
        <ColorSwatch hex={value} />
        <span>{value}</span>
      </Space>
    );
  }
  return <>{formatValue(spec, value)}</>;
}
