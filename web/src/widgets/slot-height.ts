// The room a widget's slot keeps on the page until the widget mounts, so the text below it does not jump.

/** Pixels, the mounted widget's height: `wide` on screens over 600 px (measured at 1280), `narrow` up to 600 (375). */
export interface SlotHeight {
  readonly wide: number;
  readonly narrow: number;
}
