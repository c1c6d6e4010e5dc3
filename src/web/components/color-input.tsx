import { Button, ColorPicker, Input, Space } from 'antd';
import { messages } from '../../shared/messages.js';
import { ColorSwatch } from './color-swatch.js';

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A color as `#RRGGBB`: typed, or picked from the palette beside it, whose swatch shows the
 * color typed as soon as it is complete.
 *
 * The palette opens from a button of our own: antd's trigger, while no color is chosen, is a
 * button named "Clear color". Colors have no transparency and are only hexadecimal, so the
 * palette shows neither (whose controls antd names "Increase Value", "Decrease Value").
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
  const color = HEX.test(text) ? text : undefined;
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 260 }}>
      <ColorPicker
        value={color}
        disabled={disabled}
        format="hex"
        disabledAlpha
        disabledFormat
        onChangeComplete={(picked) => onChange?.(picked.toHexString().toUpperCase())}
      >
        <Button
          disabled={disabled}
          aria-label={messages.pickColor}
          icon={<ColorSwatch hex={color ?? 'transparent'} size={18} />}
        />
      </ColorPicker>
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
