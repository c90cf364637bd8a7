/**
 * Repairs what SVAR Gantt's markup says to assistive technology (axe-core, WCAG 2.2 4.1.2), for as long as the
 * chart is shown; the library draws rows again as it scrolls, so the repairs follow its changes:
 * - the WBS grid's rows open and close (`aria-expanded`), which is a tree grid's, not a grid's: `role="treegrid"`;
 * - its row indexes start at 0, which ARIA does not allow: they are taken off (every row drawn is in the DOM, in
 *   order, so a reader still counts them);
 * - the column resize grips are presentation with a label: the label goes (the chart is read only);
 * - the bars' scrolling area takes the keyboard's focus, so it can be scrolled without a mouse, and is named.
 * Returns the function that stops following.
 */
export function repairGanttAria(root: HTMLElement, chartLabel: string): () => void {
  let pending = 0;
  const repair = () => {
    pending = 0;
    root.querySelectorAll('[role="grid"]').forEach((grid) => {
      if (grid.querySelector('[aria-expanded]')) grid.setAttribute('role', 'treegrid');
    });
    root.querySelectorAll('[aria-rowindex]').forEach((row) => row.removeAttribute('aria-rowindex'));
    root
      .querySelectorAll('[role="presentation"][aria-label]')
      .forEach((grip) => grip.removeAttribute('aria-label'));
    root.querySelectorAll<HTMLElement>('.wx-chart').forEach((chart) => {
      if (chart.tabIndex < 0) chart.tabIndex = 0;
      if (!chart.getAttribute('aria-label')) chart.setAttribute('aria-label', chartLabel);
    });
  };
  const observer = new MutationObserver(() => {
    if (pending === 0) pending = requestAnimationFrame(repair);
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['role', 'aria-rowindex', 'aria-label'],
  });
  repair();
  return () => {
    observer.disconnect();
    if (pending !== 0) cancelAnimationFrame(pending);
  };
}
