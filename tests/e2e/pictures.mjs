// Measures what a chart really draws, in page pixels: marks in the SVG namespace have boxes and screen matrices; marks
// the browser does not draw (a wrong namespace, zero height) measure as nothing, so the checks built on these fail.

/** The geometry of one chart (an svg.chart matched by selector): plot area, bars, line vertices, dots, cells. */
export function chartPicture(page, selector) {
  return page.$eval(selector, (svg) => {
    const box = (element) => {
      const r = element.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    // A path's vertices (d3 writes "M x,y L x,y …") mapped through the element's own screen matrix.
    const vertices = (path) => {
      const matrix = path.getScreenCTM();
      const numbers = (path.getAttribute('d') ?? '').match(/-?\d*\.?\d+(?:e-?\d+)?/gi)?.map(Number) ?? [];
      const points = [];
      for (let i = 0; i + 1 < numbers.length; i += 2) {
        const p = new DOMPoint(numbers[i], numbers[i + 1]).matrixTransform(matrix);
        points.push([p.x, p.y]);
      }
      return points;
    };
    // A chart draws many marks as one path, a subpath ("M …") each: one box per mark, two of its corners (read from
    // the subpath's numbers by `corners`, undefined when they are not such a mark) mapped through the path's screen
    // matrix. The browser's own box of the path must hold exactly their union, so a path it reads differently (or not
    // at all) fails here.
    const marksOf = (path, what, pattern, corners) => {
      const matrix = path.getScreenCTM();
      const className = path.getAttribute('class');
      const one = new RegExp(`^${pattern}$`, 'i');
      const parts = (path.getAttribute('d') ?? '').split(/(?=M)/).filter(Boolean);
      const boxes = parts.map((part) => {
        const numbers = (part.match(one) ?? []).slice(1).map(Number);
        const ends = numbers.length ? corners(numbers) : undefined;
        if (!ends) throw new Error(`a ${what} path holds "${part}"`);
        const [a, b] = ends.map(([x, y]) => new DOMPoint(x, y).matrixTransform(matrix));
        const [left, top] = [Math.min(a.x, b.x), Math.min(a.y, b.y)];
        return { x: left, y: top, width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y), className };
      });
      const drawn = boxes.filter((b) => b.width > 0);
      if (drawn.length) {
        const browser = box(path);
        const union = {
          x: Math.min(...drawn.map((b) => b.x)),
          y: Math.min(...drawn.map((b) => b.y)),
          right: Math.max(...drawn.map((b) => b.x + b.width)),
          bottom: Math.max(...drawn.map((b) => b.y + b.height)),
        };
        const off = Math.max(
          Math.abs(browser.x - union.x),
          Math.abs(browser.y - union.y),
          Math.abs(browser.x + browser.width - union.right),
          Math.abs(browser.y + browser.height - union.bottom),
        );
        if (off > 0.5)
          throw new Error(
            `the browser draws ${what}s ${JSON.stringify(browser)}, the path says ${JSON.stringify(union)}`,
          );
      }
      return boxes;
    };
    const number = '(-?\\d*\\.?\\d+(?:e-?\\d+)?)';
    // A bar chart's series: a rectangle per bar, "M x,y h w v h h −w z", left to right as the categories run.
    const rectangles = (path) =>
      marksOf(path, 'bar', `M${number},${number}h${number}v${number}h${number}z`, ([x, y, w, h, back]) =>
        [x, y, w, h].every(Number.isFinite) && back === -w
          ? [
              [x, y],
              [x + w, y + h],
            ]
          : undefined,
      );
    // A line chart's dots: a circle per point, "M x−r,y a r,r 0 1,0 2r,0 a r,r 0 1,0 −2r,0".
    const arc = (n) => `a${n},${n} 0 1,0 ${n},0`;
    const discs = (path) =>
      marksOf(path, 'dot', `M${number},${number}${arc(number)}${arc(number)}`, ([left, y, r, r2, w, r3, r4, back]) =>
        [left, y, r].every(Number.isFinite) &&
        [r2, r3, r4].every((v) => v === r) &&
        Math.abs(w - 2 * r) < 1e-3 &&
        back === -w
          ? [
              [left, y - r],
              [left + w, y + r],
            ]
          : undefined,
      );
    const area = svg.querySelector('rect.plot-area');
    return {
      area: area ? box(area) : null,
      bars: [
        ...Array.from(svg.querySelectorAll('rect.bar'), (bar) => ({
          ...box(bar),
          className: bar.getAttribute('class'),
        })),
        ...Array.from(svg.querySelectorAll('path.bar'), rectangles)
          .flat()
          .sort((a, b) => a.x - b.x),
      ],
      lines: Array.from(svg.querySelectorAll('path.line'), (path) => ({
        className: path.getAttribute('class'),
        points: vertices(path),
        drawn: box(path),
      })),
      density: Array.from(svg.querySelectorAll('path.density'), (path) => ({
        points: vertices(path),
        drawn: box(path),
      })),
      dots: [
        ...Array.from(svg.querySelectorAll('path.dot'), discs).flat(),
        ...Array.from(svg.querySelectorAll('circle.dot, circle.goal'), (dot) => ({
          ...box(dot),
          className: dot.getAttribute('class'),
        })),
      ],
      references: Array.from(svg.querySelectorAll('line.reference'), (line) => ({
        ...box(line),
        className: line.getAttribute('class'),
      })),
      cells: Array.from(svg.querySelectorAll('rect.cell'), (cell) => ({
        ...box(cell),
        fill: cell.getAttribute('fill'),
      })),
      labels: Array.from(svg.querySelectorAll('text.reference-label'), (text) => ({
        ...box(text),
        className: text.getAttribute('class'),
        text: text.textContent,
      })),
    };
  });
}

const slack = 1.5; // px: anti-aliasing and stroke widths

/** Every mark lies inside the plot area. */
export function assertInside(assert, area, marks, what) {
  assert.ok(area && area.width > 50 && area.height > 50, `${what}: the plot area is drawn (${JSON.stringify(area)})`);
  for (const m of marks) {
    const [x, y, w, h] =
      'points' in m ? [m.points[0]?.[0] ?? NaN, m.points[0]?.[1] ?? NaN, 0, 0] : [m.x, m.y, m.width, m.height];
    assert.ok(
      x >= area.x - slack &&
        x + w <= area.x + area.width + slack &&
        y >= area.y - slack &&
        y + h <= area.y + area.height + slack,
      `${what}: a mark at (${x}, ${y}, ${w}×${h}) lies outside the plot area ${JSON.stringify(area)}`,
    );
  }
}

/** Bar heights proportional to the values (bars start at zero), to within a pixel. */
export function assertProportional(assert, heights, values, what) {
  assert.equal(heights.length, values.length, `${what}: one bar per value`);
  const top = values.reduce((best, v, i) => (Math.abs(v) > Math.abs(values[best]) ? i : best), 0);
  assert.ok(
    Math.abs(values[top]) > 0 && heights[top] > 10,
    `${what}: the largest bar is drawn (${heights[top]} px for ${values[top]})`,
  );
  const pxPerUnit = heights[top] / Math.abs(values[top]);
  heights.forEach((h, i) => {
    assert.ok(
      Math.abs(h - Math.abs(values[i]) * pxPerUnit) <= slack,
      `${what}: bar ${i} is ${h} px for ${values[i]}, expected ${Math.abs(values[i]) * pxPerUnit}`,
    );
  });
  return pxPerUnit;
}

/** A line's vertical pixels follow its values through one affine map (on a log axis: of their logarithms). */
export function assertFollows(assert, points, values, what, { log = false } = {}) {
  assert.equal(points.length, values.length, `${what}: one vertex per value`);
  const v = values.map((x) => (log ? Math.log10(x) : x));
  const lo = v.indexOf(Math.min(...v));
  const hi = v.indexOf(Math.max(...v));
  assert.ok(v[hi] > v[lo], `${what}: the values vary`);
  const scale = (points[hi][1] - points[lo][1]) / (v[hi] - v[lo]);
  assert.ok(scale < -0.5, `${what}: larger values are drawn higher (${scale} px per unit)`);
  points.forEach(([, y], i) => {
    const expected = points[lo][1] + (v[i] - v[lo]) * scale;
    assert.ok(
      Math.abs(y - expected) <= slack,
      `${what}: vertex ${i} at y = ${y}, expected ${expected} for ${values[i]}`,
    );
  });
}

/** The horizontal pixel spread of drawn bars that hold any samples: from the leftmost to the rightmost. */
export function spreadOf(bars, threshold = 0.5) {
  const filled = bars.filter((b) => b.height > threshold);
  if (!filled.length) return 0;
  return Math.max(...filled.map((b) => b.x + b.width)) - Math.min(...filled.map((b) => b.x));
}

/** No two drawn boxes (labels, say) share a pixel. */
export function assertApart(assert, boxes, what) {
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b) => {
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      assert.ok(apart, `${what}: "${a.text}" ${JSON.stringify(a)} overlaps "${b.text}" ${JSON.stringify(b)}`);
    }),
  );
}
