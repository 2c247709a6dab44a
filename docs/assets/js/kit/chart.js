// @ts-check
// Line charts in SVG, shared by Compare and the design lab: each series is told apart by its
// marker's shape and its line's dash, not only by its colour (the colours are the CSS's,
// srd-compare__series--N). Generic: it draws what it is given.

// Markers and dash patterns, one a series, in order.
export const SHAPES = ["circle", "square", "triangle", "diamond", "down", "cross", "plus", "bar"];
const DASHES = ["", "7 4", "2 3", "9 3 2 3", "14 4", "1 5", "5 2 1 2 1 2", "11 3 3 3"];

const SVG = "http://www.w3.org/2000/svg";

/** @typedef {Record<string, string | number | null | undefined>} Attributes  null or undefined: left out */
/**
 * Where a chart draws: its size, its margins and the plot inside them, in CSS pixels.
 * @typedef {{W: number, H: number, left: number, right: number, top: number, plotW: number, plotH: number}} Frame
 */
/** @typedef {{x: number, y: number, title: string}} Point  a marker's place and its tooltip */

/**
 * An SVG element.
 * @param {string} tag
 * @param {Attributes} [attrs]
 * @param {...(Node | string)} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== null && value !== undefined) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/**
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @returns {(points: [number, number][]) => string}  offsets in radii as SVG points
 */
function around(x, y, r) {
  return (points) => points.map(([dx, dy]) => `${(x + dx * r).toFixed(1)},${(y + dy * r).toFixed(1)}`).join(" ");
}

/**
 * A marker of `shape` (one of SHAPES) centred on (x, y).
 * @param {string} shape
 * @param {number} x
 * @param {number} y
 * @param {number} [r]
 * @returns {SVGElement}
 */
function marker(shape, x, y, r = 4.5) {
  const at = around(x, y, r);
  switch (shape) {
    case "circle": return svg("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r });
    case "square": return svg("rect", { x: (x - r * 0.85).toFixed(1), y: (y - r * 0.85).toFixed(1), width: (1.7 * r).toFixed(1), height: (1.7 * r).toFixed(1) });
    case "triangle": return svg("polygon", { points: at([[0, -1.1], [1, 0.75], [-1, 0.75]]) });
    case "diamond": return svg("polygon", { points: at([[0, -1.2], [1.1, 0], [0, 1.2], [-1.1, 0]]) });
    case "down": return svg("polygon", { points: at([[0, 1.1], [1, -0.75], [-1, -0.75]]) });
    case "cross": return svg("path", { d: `M${at([[-1, -1]])}L${at([[1, 1]])}M${at([[1, -1]])}L${at([[-1, 1]])}`, class: "srd-compare__stroke" });
    case "plus": return svg("path", { d: `M${at([[-1.2, 0]])}L${at([[1.2, 0]])}M${at([[0, -1.2]])}L${at([[0, 1.2]])}`, class: "srd-compare__stroke" });
    default: return svg("rect", { x: (x - r * 0.45).toFixed(1), y: (y - r * 1.2).toFixed(1), width: (0.9 * r).toFixed(1), height: (2.4 * r).toFixed(1) });
  }
}

/**
 * A small sample of series `index`'s line and marker, for a legend.
 * @param {number} index
 * @returns {SVGElement}
 */
export function swatch(index) {
  return svg("svg", { class: `srd-compare__swatch srd-compare__series--${index}`, viewBox: "0 0 36 14", width: "36", height: "14", "aria-hidden": "true", focusable: "false" },
    svg("line", { x1: "1", y1: "7", x2: "35", y2: "7", "stroke-dasharray": DASHES[index] || null, class: "srd-compare__line" }),
    svg("g", { class: "srd-compare__marks" }, marker(SHAPES[index], 18, 7, 4)));
}

/**
 * A chart's frame: `W` wide, `H` high, with room below for the x labels (more when turned).
 * @param {number} W
 * @param {number} H
 * @param {number} bottom
 * @returns {Frame}
 */
export function frame(W, H, bottom) {
  const left = 58;
  const right = 14;
  const top = 14;
  return { W, H, left, right, top, plotW: W - left - right, plotH: H - top - bottom };
}

/**
 * The y axis's line and the two axes' titles (the y title turned).
 * @param {Frame} f
 * @param {string} xTitle
 * @param {string} yTitle
 * @returns {SVGElement[]}
 */
export function axisTitles(f, xTitle, yTitle) {
  const { left, top, plotW, plotH, H } = f;
  return [svg("line", { x1: left, x2: left, y1: top, y2: top + plotH, class: "srd-compare__axis" }),
    svg("text", { x: left + plotW / 2, y: H - 8, "text-anchor": "middle", class: "srd-compare__title" }, xTitle),
    svg("text", { x: 14, y: top + plotH / 2, "text-anchor": "middle", class: "srd-compare__title",
      transform: `rotate(-90 14 ${top + plotH / 2})` }, yTitle)];
}

/**
 * Series `index`: its line through the points given and a marker (with its tooltip) on each;
 * a null point (no value there) is skipped. `name`, when given, is its data-series.
 * @param {number} index
 * @param {(Point | null)[]} points
 * @param {string | null} [name]
 * @returns {SVGElement}
 */
export function seriesGroup(index, points, name = null) {
  const group = svg("g", { class: `srd-compare__series srd-compare__series--${index}`, "data-series": name });
  /** @type {Point[]} */
  const placed = points.filter((point) => point !== null);
  const line = placed.map((point) => `${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(" ");
  group.append(svg("polyline", { points: line, class: "srd-compare__line", "stroke-dasharray": DASHES[index] || null }));
  const marks = svg("g", { class: "srd-compare__marks" });
  for (const point of placed) {
    const shape = marker(SHAPES[index], point.x, point.y);
    shape.append(svg("title", {}, point.title));
    marks.append(shape);
  }
  group.append(marks);
  return group;
}
