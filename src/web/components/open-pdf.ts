import { useState } from 'react';
import { messages } from '../../shared/messages.js';
import { ApiError, apiErrorFrom } from '../lib/api-error.js';
import { authStorage } from '../lib/auth-storage.js';
import { API_PREFIX } from '../lib/http.js';
import { toast } from '../lib/toast.js';

/**
 * Opens a printable document (`/purchase-orders/7/pdf`) in a new tab. A plain link could not
 * carry the Authorization header, so the PDF is fetched with the token, as exports are, and the
 * tab shows it from an object URL. The tab is opened at once, while the click still counts as
 * the user's (a tab opened after an await is a blocked pop-up), and pointed at the PDF when it
 * arrives; a failure closes it and says why in a toast.
 */
async function openPdf(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const headers: Record<string, string> = { Accept: 'application/pdf' };
    const token = authStorage.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(`${API_PREFIX}${path}`, { headers, credentials: 'same-origin' });
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => undefined);
      throw apiErrorFrom(response.status, body, response.headers.get('x-request-id'));
    }
    const url = URL.createObjectURL(await response.blob());
    if (tab && !tab.closed) tab.location.href = url;
    else window.location.assign(url);
    // Revoked a minute later: the tab reads the blob after navigating to it.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    if (error instanceof ApiError) toast.error(error.message, error.requestId);
    else toast.error(messages.errors.network);
  }
}

/** A "Imprimir" button's state: `open(path)` opens the PDF (openPdf), `opening` while it loads. */
export function usePdfOpener() {
  const [opening, setOpening] = useState(false);
  const open = async (path: string) => {
    setOpening(true);
    try {
      await openPdf(path);
    } finally {
      setOpening(false);
    }
  };
  return { opening, open };
}
