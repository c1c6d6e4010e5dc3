import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, notification, theme as antdTheme } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { useEffect, type ReactNode } from 'react';
import { keepClearButtonsOutOfTabOrder } from '../components/clear-buttons-out-of-tab-order.js';
import { queryClient } from '../lib/query-client.js';
import { notificationConfig, registerNotificationApi } from '../lib/toast.js';
import {
  datePicker,
  scrollToError,
  select,
  theme,
  validateMessages,
} from '../components/antd-config.js';

/**
 * The toasts' holder: hands a notification instance that follows the ConfigProvider's theme and
 * locale to lib/toast, usable outside React. antd's App component would give one too, but it
 * brings the modal and message APIs that only signed-in pages use, so App wraps those pages
 * (app/layout/app-layout.tsx) and the login page does without it.
 */
function Toasts() {
  const [api, holder] = notification.useNotification(notificationConfig);
  useEffect(() => registerNotificationApi(api), [api]);
  return holder;
}

/**
 * The base text of every page (font, size, colour, line height), as antd's App sets it on its
 * element: App itself wraps only the signed-in pages, and text outside antd's components, such as
 * the error page's, would otherwise fall back to the browser's default font.
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

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={ptBR}
        theme={theme}
        form={{ validateMessages, scrollToFirstError: scrollToError }}
        select={select}
        datePicker={datePicker}
      >
        <Toasts />
        <ClearButtonsOutOfTabOrder />
        <BaseText>{children}</BaseText>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
