import { ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * What the user may read but not change (a record without write permission, a computed value)
 * is shown in disabled inputs, whose text antd greys like a placeholder, so a filled field
 * looked empty. Inside this, disabled text has the normal text colour and reads as a value;
 * the disabled background still says it cannot be edited. `active` false changes nothing.
 */
export function ReadOnlyValues({
  active = true,
  children,
}: {
  active?: boolean;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <ConfigProvider theme={active ? { token: { colorTextDisabled: token.colorText } } : undefined}>
      {children}
    </ConfigProvider>
  );
}
