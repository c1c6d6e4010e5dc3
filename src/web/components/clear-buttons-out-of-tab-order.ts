/**
 * antd renders the clear (×) of a select, a date or a text input as a <button>, and offers no
 * prop for its tabindex, so Tab from a picked item stopped on its × instead of the next field:
 * what was typed next went nowhere, and the value after it into the wrong field (issue 16 §3).
 * A person clears with the mouse, or by selecting and deleting the text; the keyboard moves
 * between fields. So every such button gets tabindex -1 as it appears (still clickable, still
 * named "Limpar" for screen readers).
 */
const CLEAR_BUTTONS = [
  'button.ant-select-clear',
  'button.ant-picker-clear',
  'button.ant-input-clear-icon',
].join(', ');

function untab(root: ParentNode) {
  for (const button of root.querySelectorAll<HTMLButtonElement>(CLEAR_BUTTONS)) {
    if (button.tabIndex !== -1) button.tabIndex = -1;
  }
}

/** Watches `root` (the whole page) from now on; the returned function stops watching. */
export function keepClearButtonsOutOfTabOrder(root: HTMLElement = document.body): () => void {
  untab(root);
  const observer = new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(CLEAR_BUTTONS)) (node as HTMLButtonElement).tabIndex = -1;
        untab(node);
      }
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
