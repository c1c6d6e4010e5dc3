import { ConfigProvider, theme as antdTheme } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { useEffect, useMemo, type ReactNode } from 'react';
import { keepClearButtonsOutOfTabOrder } from '../components/clear-buttons-out-of-tab-order.js';
import { useMediaQuery } from '../components/use-media-query.js';
import { ToastHolder } from '../lib/toast-notices.js';
import {
  datePicker,
  scrollToError,
  select,
  theme,
  validateMessages,
} from '../components/antd-config.js';

/**
 * The base text of the pages (font, size, colour, line height), as antd's App would set it on an
 * element of its own: the frame uses App without one, and text outside antd's components, such
 * as the 404 page's, would otherwise fall back to the browser's default font.
 */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return (
    <div
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

/** Clear buttons are clicked, never tabbed to (clear-buttons-out-of-tab-order.ts). */
function ClearButtonsOutOfTabOrder() {
  useEffect(() => keepClearButtonsOutOfTabOrder(), []);
  return null;
}

/**
 * antd's theme, locale and defaults, the toasts' holder and the base text, around the signed-in
 * pages' frame (app/layout/app-layout.tsx). They are not around the login page, which draws
 * itself without antd so that it loads a fraction of the JavaScript (issue 21).
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  // A person who asked the system for less motion gets none: dialogs, menus and toasts appear in
  // place instead of zooming or sliding (WCAG 2.3.3). The browser tests ask for it too: antd's
  // motion first lays an element out where it ends, then shrinks it to start the zoom, and a click
  // aimed in between met the page behind (a dialog's button, a menu entry).
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const themeInUse = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme?.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <ConfigProvider
      locale={ptBR}
      theme={themeInUse}
      form={{ validateMessages, scrollToFirstError: scrollToError }}
      select={select}
      datePicker={datePicker}
    >
      <ToastHolder />
      <ClearButtonsOutOfTabOrder />
      <BaseText>{children}</BaseText>
    </ConfigProvider>
  );
}
