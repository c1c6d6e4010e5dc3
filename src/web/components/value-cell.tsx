import { CheckOutlined } from '@ant-design/icons';
import { Space, Tag } from 'antd';
import { ColorSwatch } from './color-swatch.js';
import { formatValue, type ValueSpec } from './format-value.js';

/** A list cell: the formatted text, with a tag for yes/no and a swatch for colors. */
export function ValueCell({ spec, value }: { spec: ValueSpec; value: unknown }) {
  if (spec.kind === 'boolean') {
    return value ? (
      <Tag color="green" icon={<CheckOutlined />}>
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
