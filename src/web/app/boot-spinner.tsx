/**
 * Shown while the first page's chunk is on the way, before antd has loaded (the pages' own
 * PageSpinner is antd's): a plain spinner in the theme's colour (app/plain-ui.css).
 */
export function BootSpinner() {
  return (
    <div className="plain-page" aria-busy="true">
      <span className="plain-spinner plain-spinner-large" role="status" aria-label="Carregando" />
    </div>
  );
}
