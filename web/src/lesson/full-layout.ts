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
  stopLayingOutBeforeTargets();
}

/**
 * With every section's real height kept, a link lands exactly without the sections before its target laid out, so the
 * live page drops that selector: `:has(~ section :target)` made every change inside a figure recalculate the style of
 * the sections before it, about a millisecond per slider step (4 ms at a phone's CPU).
 */
function stopLayingOutBeforeTargets(): void {
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's sheet: not ours
    }
    for (let index = rules.length - 1; index >= 0; index--) {
      const rule = rules[index];
      if (!(rule instanceof CSSStyleRule) || !rule.selectorText.includes(':target')) continue;
      // The bundler may have split the selector list into rules of their own: keep whatever does not ask for :target.
      const kept = rule.selectorText.split(/,(?![^(]*\))/).filter((selector) => !selector.includes(':target'));
      if (kept.length) rule.selectorText = kept.join(',');
      else sheet.deleteRule(index);
    }
  }
}
