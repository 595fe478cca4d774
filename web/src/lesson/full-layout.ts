// A long lesson's sections skip style and layout while far from the window (content-visibility: auto in lesson.css),
// so the first screen paints without laying out the rest; the sections before the one a link targets are laid out
// in full (:has(… :target)), so the link lands exactly, scripts or not. When the live lesson replaces the written
// one, its new sections have only an estimated height until they are laid out once: measured here, in one forced
// layout, each keeps its real height (contain-intrinsic-size) while it is skipped, and nothing moves.

const className = 'full-layout';

/** Lays out every section of the page now and keeps its height for the times it is skipped. */
export function layOutWholeLesson(): void {
  const root = document.documentElement;
  root.classList.add(className);
  for (const section of document.querySelectorAll<HTMLElement>('.lesson-body > section')) {
    const style = getComputedStyle(section);
    const edges = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'] as const;
    const content = edges.reduce((height, edge) => height - (parseFloat(style[edge]) || 0), section.offsetHeight);
    section.style.containIntrinsicSize = `auto ${Math.max(0, content)}px`;
  }
  root.classList.remove(className);
}
