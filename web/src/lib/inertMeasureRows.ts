// antd's tables with a fixed header and `scroll.x: 'max-content'` measure their columns with a
// hidden copy of the header row (`tr.ant-table-measure-row`, aria-hidden) that holds a second,
// focusable "select all" box: keyboard users tab into an invisible checkbox and screen readers
// are told of a hidden control (axe: aria-hidden-focus, serious). Every such row is made inert.

const MEASURE_ROW = 'tr.ant-table-measure-row';

function quiet(root: ParentNode): void {
  for (const row of root.querySelectorAll<HTMLElement>(MEASURE_ROW)) if (!row.inert) row.inert = true;
}

/** Watches the document for measure rows from now on. */
export function makeMeasureRowsInert(): void {
  if (typeof MutationObserver === 'undefined') return;
  quiet(document);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        if (node.matches(MEASURE_ROW)) node.inert = true;
        else quiet(node);
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}
