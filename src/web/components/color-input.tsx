import { ColorPicker, Input, Space } from 'antd';

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A color as `#RRGGBB`: typed, or picked from the palette beside it, whose swatch shows the
 * color typed as soon as it is complete.
 */
export function ColorInput({
  value,
  onChange,
  disabled,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
}) {
  const text = value ?? '';
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 260 }}>
      <ColorPicker
        value={HEX.test(text) ? text : undefined}
        disabled={disabled}
        format="hex"
        onChangeComplete={(color) => onChange?.(color.toHexString().toUpperCase())}
        aria-label="Escolher cor"
      />
      <Input
        id={id}
        value={text}
        disabled={disabled}
        maxLength={7}
        placeholder="#RRGGBB"
        onChange={(event) => {
          const typed = event.target.value.trim().toUpperCase();
          onChange?.(typed === '' || typed.startsWith('#') ? typed : `#${typed}`);
        }}
      />
    </Space.Compact>
  );
}
