// A long lesson's sections skip style and layout while far from the window (content-visibility: auto in lesson.css),
// so the first screen paints without laying out the rest; the sections before the one a link targets are laid out
// in full (:has(… :target)), so the link lands exactly, scripts or not. When the live lesson replaces the written
// one, its new sections have only an estimated height until they are laid out once: those from the top through the
// reader's place are measured here, in one forced layout, and keep their real height (contain-intrinsic-size) while
// skipped, so the place is found again exactly. The rest are laid out as they come near, and the browser keeps their
// heights from then on (its `auto`); a phone spent over a second laying out the whole lesson in one task here.

/**
 * Lays out the lesson's sections from the first through the last one holding any of `places` (the reader's place,
 * the address's target), none if none does, and keeps their heights for the times they are skipped.
 */
export function layOutLessonThrough(places: (Element | null | undefined)[]): void {
  const sections = [...document.querySelectorAll<HTMLElement>('.lesson-body > section')];
  const holding = (place: Element | null | undefined) => sections.findIndex((s) => place && s.contains(place));
  const measured = sections.slice(0, Math.max(-1, ...places.map(holding)) + 1);
  // Only these are laid out in full (the page's full-layout class would lay out every section); every height is read
  // before any is written, as a write between two reads would lay them out again.
  measured.forEach((section) => section.style.setProperty('content-visibility', 'visible'));
  const heights = measured.map((section) => {
    const style = getComputedStyle(section);
    const edges = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'] as const;
    return edges.reduce((height, edge) => height - (parseFloat(style[edge]) || 0), section.offsetHeight);
  });
  measured.forEach((section, i) => {
    section.style.removeProperty('content-visibility');
    section.style.containIntrinsicSize = `auto ${Math.max(0, heights[i] ?? 0)}px`;
  });
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
