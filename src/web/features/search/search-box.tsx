import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';

// The palette (its modal and query) loads on first use, not with every page.
const SearchPalette = lazy(async () => ({
  default: (await import('./search-palette.js')).SearchPalette,
}));

/**
 * The top bar's "Buscar": a box that opens the search palette (an icon button on small screens),
 * and Ctrl+K (⌘K on a Mac) from anywhere in the app.
 */
export function SearchBox({ compact }: { compact: boolean }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        // The browser's own Ctrl+K focuses its address bar's search.
        event.preventDefault();
        show();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      {compact ? (
        <Button
          type="text"
          icon={<SearchOutlined />}
          aria-label="Buscar (Ctrl+K)"
          aria-keyshortcuts="Control+K"
          data-testid="search-box"
          onClick={show}
        />
      ) : (
        // Named by its text, "Buscar Ctrl K" (a name that differs from what is shown confuses
        // speech input); the shortcut also said in aria-keyshortcuts.
        <Button
          data-testid="search-box"
          aria-keyshortcuts="Control+K"
          onClick={show}
          style={{ width: 200, justifyContent: 'space-between', color: 'rgba(0,0,0,0.57)' }}
        >
          <span>
            <SearchOutlined /> Buscar
          </span>
          <kbd style={{ fontSize: 11, fontFamily: 'inherit' }}>Ctrl K</kbd>
        </Button>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <SearchPalette open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
