import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
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

/** Hands the themed notification instance of antd's App to lib/toast, usable outside React. */
function ToastBridge() {
  const { notification } = App.useApp();
  useEffect(() => registerNotificationApi(notification), [notification]);
  return null;
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
        <App notification={notificationConfig}>
          <ToastBridge />
          <ClearButtonsOutOfTabOrder />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
