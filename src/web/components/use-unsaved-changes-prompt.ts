import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Leaving a form with unsaved changes asks first (ARCHITECTURE "Patterns"): a navigation inside
 * the app is held by the router until the user answers; closing or reloading the tab gets the
 * browser's own question, the only one a page may ask there.
 */
export function useUnsavedChangesPrompt(dirty: boolean): void {
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  // The blocker object changes on every render; one question per blocked navigation is enough.
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: 'Descartar alterações?',
      content: 'Há alterações não salvas neste formulário. Deseja sair mesmo assim?',
      okText: 'Sair sem salvar',
      okButtonProps: { danger: true },
      cancelText: 'Continuar editando',
      // The safe answer has the focus: an Enter pressed out of habit does not throw the work away.
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium and Safari still need returnValue set to show the dialog.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
