// The base of every chart: an SVG root sized to its container, a plot area, persistent layers whose elements are
// created once and then updated in place, axes from d3-scale ticks, and a text alternative from the same numbers.
import { svgNs } from './svg.js';

export interface Box {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}

export type Attributes = Record<string, string | number>;

/** What setAttributes last wrote on each mark: a JS lookup, cheaper than asking the DOM back for every attribute. */
const written = new WeakMap<Element, Record<string, string>>();

/** Writes only the attributes whose value changed since the last call for this element (charts own their marks). */
export function setAttributes(element: Element, attributes: Attributes): void {
  let last = written.get(element);
  if (!last) written.set(element, (last = {}));
  for (const key in attributes) {
    const text = String(attributes[key]);
    if (last[key] === text) continue;
    last[key] = text;
    element.setAttribute(key, text);
  }
}

/**
 * Makes `parent` hold exactly `count` children of `tag` (reusing the ones it has), so a redraw moves existing marks
 * instead of rebuilding the chart.
 */
export function marks<K extends keyof SVGElementTagNameMap>(
  parent: SVGGElement,
  tag: K,
  count: number,
): readonly SVGElementTagNameMap[K][] {
  let existing = held.get(parent) as SVGElementTagNameMap[K][] | undefined;
  // Only marks() fills these groups: a count that disagrees means the group changed otherwise, so it is read again.
  if (!existing || existing.length !== parent.childElementCount) {
    existing = Array.from(parent.children) as SVGElementTagNameMap[K][];
    held.set(parent, existing);
  }
  if (existing.length < count) {
    const added = document.createDocumentFragment();
    while (existing.length < count) existing.push(added.appendChild(document.createElementNS(svgNs, tag)));
    parent.append(added);
  }
  while (existing.length > count) existing.pop()?.remove();
  return existing;
}

/** The marks each group holds, in order: a redraw reads them here instead of listing the group's children again. */
const held = new WeakMap<Element, Element[]>();

/** A path coordinate rounded to 3 decimals, as d3-shape's line() writes them. */
const round = (v: number): number => Math.round(v * 1000) / 1000;

/**
 * SVG path data through the points as d3-shape's line() writes it ("M0,1.5L2.25,3", rounded to 3 decimals), without
 * loading d3-shape.
 */
export function polylinePath(points: readonly (readonly [number, number])[]): string {
  if (!Array.isArray(points)) throw new TypeError('polylinePath: points must be an array of [x, y] pairs');
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${round(x)},${round(y)}`).join('');
}

/**
 * One bar as path data, "M x,y h width v height h −width z" rounded to 3 decimals as polylinePath rounds; a bar
 * that is not a number draws nothing, as a rect given NaN did.
 */
export function rectanglePath(x: number, y: number, width: number, height: number): string {
  if (![x, y, width, height].every(Number.isFinite)) return '';
  return `M${round(x)},${round(y)}h${round(width)}v${round(height)}h${-round(width)}z`;
}

/**
 * One dot as path data: a circle of radius r around (x, y), "M x−r,y a r,r 0 1,0 2r,0 a r,r 0 1,0 −2r,0", rounded as
 * rectanglePath rounds; a dot that is not a number draws nothing, as a circle given NaN did.
 */
export function discPath(x: number, y: number, r: number): string {
  if (![x, y, r].every(Number.isFinite)) return '';
  const left = round(x - r);
  const width = round(2 * r);
  return `M${left},${round(y)}a${r},${r} 0 1,0 ${width},0a${r},${r} 0 1,0 ${-width},0`;
}

/** One vertical segment (an error bar) from (x, y1) to (x, y2) as path data, "M x,y1 V y2", rounded the same way. */
export function segmentPath(x: number, y1: number, y2: number): string {
  if (![x, y1, y2].every(Number.isFinite)) return '';
  return `M${round(x)},${round(y1)}V${round(y2)}`;
}

/** Writes the text only when it changed since the last call for this element (read from JS, not the DOM). */
export function setText(element: Element, text: string): void {
  if (texts.get(element) === text) return;
  texts.set(element, text);
  if (element.textContent !== text) writeText(element, text);
}

/**
 * Sets an element's text as textContent would, but changes its one text node in place when it has one: a new node
 * would be styled and laid out afresh at every step, the old one thrown away for the collector.
 */
export function writeText(element: Element, text: string): void {
  const only = element.firstChild;
  if (text !== '' && only instanceof Text && only === element.lastChild) only.data = text;
  else element.textContent = text;
}

const texts = new WeakMap<Element, string>();

export interface Tick {
  at: number;
  label: string;
}

export abstract class Chart {
  readonly element: SVGSVGElement;
  protected readonly plot: SVGGElement;
  /** The plot area itself (not drawn), so tests and readers know where marks must lie. */
  private readonly area: SVGRectElement;
  private readonly layers = new Map<string, SVGGElement>();
  private observer?: ResizeObserver;
  private width = 0;

  protected constructor(
    protected readonly box: Box,
    className: string,
    private readonly minWidth = 300,
  ) {
    this.element = document.createElementNS(svgNs, 'svg');
    setAttributes(this.element, { role: 'img', class: `chart ${className}` });
    this.plot = document.createElementNS(svgNs, 'g');
    this.area = document.createElementNS(svgNs, 'rect');
    this.area.setAttribute('class', 'plot-area');
    this.plot.append(this.area);
    this.element.append(this.plot);
    this.resize(0);
  }

  /** A named group inside the plot area, created on first use, in the order of first use. */
  protected layer(name: string): SVGGElement {
    let group = this.layers.get(name);
    if (!group) {
      group = document.createElementNS(svgNs, 'g');
      group.setAttribute('class', `layer ${name}`);
      this.plot.append(group);
      this.layers.set(name, group);
    }
    return group;
  }

  protected get inner(): { width: number; height: number } {
    const { width, height, margin } = this.box;
    return { width: width - margin.left - margin.right, height: height - margin.top - margin.bottom };
  }

  /** Draws again from the last data; subclasses call it at the end of draw(). */
  protected abstract render(): void;

  protected describe(summary: string): void {
    setAttributes(this.element, { 'aria-label': summary });
  }

  /** Sizes the viewBox to the width the chart really has, so 12 px text stays 12 px on a phone. */
  protected fit(): void {
    if (!this.observer && typeof ResizeObserver !== 'undefined') {
      const container = this.element.parentElement;
      if (container) {
        this.observer = new ResizeObserver((entries) => {
          const seen = Math.round(entries[0]?.contentRect.width ?? 0);
          if (seen && Math.abs(seen - this.width) > 8) {
            this.resize(seen);
            this.render();
          }
        });
        this.observer.observe(container);
        if (container.isConnected) this.resize(container.clientWidth);
        else requestAnimationFrame(() => this.fitOncePlaced(container));
      }
    }
  }

  /**
   * A chart first drawn before its figure is in the page (its result came before the figure was placed) measures
   * nothing, and its resize watcher stays silent while the section holding it skips layout (content-visibility,
   * off screen): it would keep the fallback width until scrolled to, then change height. Measured once placed.
   */
  private fitOncePlaced(container: HTMLElement): void {
    if (!this.observer) return; // disposed: the figure left the page
    if (!container.isConnected) {
      requestAnimationFrame(() => this.fitOncePlaced(container));
      return;
    }
    const seen = container.clientWidth;
    if (seen && Math.abs(seen - this.width) > 8) {
      this.resize(seen);
      this.render();
    }
  }

  private resize(available: number): void {
    this.width = available;
    // Before the first draw measures the container, a phone's width is the better guess: the chart then mounts
    // about as tall as it draws, and the figure below it does not jump.
    const guess = typeof innerWidth === 'number' && innerWidth > 0 ? Math.min(640, innerWidth - 40) : 640;
    this.box.width = Math.round(Math.min(760, Math.max(this.minWidth, available || guess)));
    setAttributes(this.element, { viewBox: `0 0 ${this.box.width} ${this.box.height}` });
    setAttributes(this.plot, { transform: `translate(${this.box.margin.left},${this.box.margin.top})` });
    const { width, height } = this.inner;
    setAttributes(this.area, { x: 0, y: 0, width, height });
  }

  /** Tick labels and grid lines along an axis, updated in place. */
  protected axis(name: string, orient: 'left' | 'bottom', ticks: Tick[], grid: boolean, axisTitle?: string): void {
    const { width, height } = this.inner;
    const group = this.layer(`axis ${name}`);
    const labels = marks(this.sublayer(group, 'labels'), 'text', ticks.length);
    const lines = marks(this.sublayer(group, 'grid'), 'line', grid ? ticks.length : 0);
    ticks.forEach((tick, i) => {
      const label = labels[i] as SVGTextElement;
      if (orient === 'left') {
        setAttributes(label, { x: -6, y: tick.at, class: 'tick', 'text-anchor': 'end', 'dominant-baseline': 'middle' });
        if (grid)
          setAttributes(lines[i] as SVGLineElement, { x1: 0, x2: width, y1: tick.at, y2: tick.at, class: 'grid' });
      } else {
        setAttributes(label, { x: tick.at, y: height + 18, class: 'tick', 'text-anchor': 'middle' });
        if (grid)
          setAttributes(lines[i] as SVGLineElement, { x1: tick.at, x2: tick.at, y1: 0, y2: height, class: 'grid' });
      }
      setText(label, tick.label);
    });
    const title = marks(this.sublayer(group, 'title'), 'text', axisTitle ? 1 : 0)[0];
    if (title && axisTitle) {
      const position: Attributes =
        orient === 'left'
          ? { x: -this.box.margin.left + 4, y: -14, class: 'tick axis-label', 'text-anchor': 'start' }
          : { x: width / 2, y: height + 34, class: 'tick axis-label', 'text-anchor': 'middle' };
      setAttributes(title, position);
      setText(title, axisTitle);
    }
  }

  protected sublayer(group: SVGGElement, name: string): SVGGElement {
    let named = this.sublayers.get(group);
    if (!named) this.sublayers.set(group, (named = new Map()));
    const known = named.get(name);
    if (known?.parentNode === group) return known;
    const found = Array.from(group.children).find((child) => child.getAttribute('data-part') === name) as
      SVGGElement | undefined;
    const sublayer = found ?? document.createElementNS(svgNs, 'g');
    if (!found) {
      sublayer.setAttribute('data-part', name);
      group.append(sublayer);
    }
    named.set(name, sublayer);
    return sublayer;
  }

  /** Each group's sublayers by name, so an axis redrawn at every step does not search its group's children. */
  private readonly sublayers = new WeakMap<SVGGElement, Map<string, SVGGElement>>();

  private dragListener?: (at: { x: number; y: number }) => void;

  /**
   * Lets a pointer place a guess on the chart (a prediction waits): `listener` hears each pressed or dragged point in
   * plot coordinates; undefined stops it. The keyboard places the same guess with the prediction's own slider.
   */
  protected dragGuess(listener: ((at: { x: number; y: number }) => void) | undefined): void {
    if (!this.dragListener && listener) {
      const at = (event: PointerEvent) => {
        const matrix = this.plot.getScreenCTM()?.inverse();
        if (!matrix) return;
        const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix);
        this.dragListener?.({ x: point.x, y: point.y });
      };
      this.element.addEventListener('pointerdown', (event) => {
        if (!this.dragListener) return;
        this.element.setPointerCapture(event.pointerId);
        event.preventDefault();
        at(event);
      });
      this.element.addEventListener('pointermove', (event) => {
        if (this.element.hasPointerCapture(event.pointerId)) at(event);
      });
    }
    this.dragListener = listener;
  }

  /** Releases the resize observer (the widget left the page). */
  dispose(): void {
    this.observer?.disconnect();
    this.observer = undefined;
  }
}

export function tickLabel(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  // Thousands read as "20k" (a learner compares them with 65504); "2e+4" reads as a formula.
  if (magnitude >= 1e4 && magnitude < 1e7 && Number.isInteger(value / 1000)) {
    return `${value / 1000}k`.replace('-', '−');
  }
  if (magnitude >= 1e4 || magnitude < 1e-3) return value.toExponential(0).replace('-', '−');
  return String(Number(value.toPrecision(3))).replace('-', '−');
}
