// Where the labels of vertical lines go so that none overlaps another: a guess drawn beside ±2σ must stay readable.

export interface LineLabel {
  /** The line's x in the plot. */
  at: number;
  /** The label's measured width. */
  width: number;
}

export interface PlacedLabel {
  anchor: 'start' | 'end';
  /** Where the text starts (anchor start) or ends (anchor end). */
  x: number;
  /** 0 for the top row, then one row lower each. */
  row: number;
}

/** Space between a line and its label, and between two labels on one row. */
const gap = 5;

/**
 * Each label on the first row where it touches no label placed before it: on its line's roomier side if it fits
 * there, else on the other side, else a row lower. Labels stay within [0, plotWidth] where they fit at all.
 */
export function placeLineLabels(labels: readonly LineLabel[], plotWidth: number): PlacedLabel[] {
  const taken: { left: number; right: number; row: number }[] = [];
  return labels.map(({ at, width }) => {
    // The side with more room first: a line in the right part of the plot has its label on its left.
    const sides: PlacedLabel['anchor'][] = at > plotWidth * 0.7 ? ['end', 'start'] : ['start', 'end'];
    const span = (anchor: PlacedLabel['anchor']) =>
      anchor === 'start' ? { left: at + gap, right: at + gap + width } : { left: at - gap - width, right: at - gap };
    const fits = (anchor: PlacedLabel['anchor']) => {
      const { left, right } = span(anchor);
      return left >= 0 && right <= plotWidth;
    };
    const inside = sides.filter(fits);
    const choices = inside.length ? inside : sides.slice(0, 1);
    for (let row = 0; ; row++) {
      const anchor = choices.find((side) => {
        const { left, right } = span(side);
        return taken.every((t) => t.row !== row || right + gap <= t.left || left >= t.right + gap);
      });
      if (anchor) {
        taken.push({ ...span(anchor), row });
        return { anchor, x: anchor === 'start' ? at + gap : at - gap, row };
      }
    }
  });
}
