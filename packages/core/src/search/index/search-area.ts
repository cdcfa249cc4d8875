import { latToY, lngToX } from './mercator.ts';

/**
 * A search area for the in-memory index (issue 9 §2–§3; issue 17 will add user-drawn shapes): the union of polygons,
 * each a GeoJSON polygon — an outer ring then its holes, [lng, lat] degrees. Rings may be open or closed.
 */
export type AreaPolygon = [number, number][][];

/**
 * Cells per side of a polygon's coarse grid (each cell: outside, inside, or crossed by an edge): 64, or about twice
 * the square root of its edge count for a detailed outline (a state: ~230), at most 512, so a band holds few edges.
 */
function gridSize(edges: number): number {
  return Math.min(512, Math.max(64, Math.ceil(2 * Math.sqrt(edges))));
}
const OUTSIDE = 0;
const INSIDE = 1;
const MIXED = 2;
/** SearchArea.classifyRect answers: the rectangle is wholly outside, wholly inside, or crosses the border. */
export const AREA_OUTSIDE = OUTSIDE;
export const AREA_INSIDE = INSIDE;
export const AREA_MIXED = MIXED;

/**
 * One polygon (outer ring + holes) compiled for fast point tests in normalised Web-Mercator x/y (mercator.ts): its
 * bbox, a grid (gridSize per side) of cells known to be wholly inside or outside, and, for cells crossed by the border, an
 * even-odd crossing test over only the edges of the point's horizontal band. Exact for the polygon whose vertices are
 * the given ones joined by straight lines in Mercator (at city scale indistinguishable from lines in degrees).
 */
class CompiledPolygon {
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
  private readonly ex1: Float64Array;
  private readonly ey1: Float64Array;
  private readonly ex2: Float64Array;
  private readonly ey2: Float64Array;
  /** CSR of edges per band: band b holds bandEdges[bandStart[b] .. bandStart[b + 1]). */
  private readonly bandStart: Int32Array;
  private readonly bandEdges: Int32Array;
  private readonly cells: Uint8Array;
  /** Cells per side (gridSize). */
  private readonly g: number;
  private readonly sx: number;
  private readonly sy: number;

  constructor(polygon: AreaPolygon) {
    const xs: number[] = [];
    const ys: number[] = [];
    const edges: number[] = [];
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    polygon.forEach((ring, r) => {
      const pts = ring.filter((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]));
      if (pts.length < 3) return;
      const n = pts.length;
      for (let i = 0; i < n; i++) {
        const a = pts[i]!;
        const b = pts[(i + 1) % n]!;
        if (a[0] === b[0] && a[1] === b[1]) continue;
        const x1 = lngToX(a[0]); const y1 = latToY(a[1]);
        edges.push(x1, y1, lngToX(b[0]), latToY(b[1]));
        if (r === 0) {
          minX = Math.min(minX, x1); maxX = Math.max(maxX, x1); minY = Math.min(minY, y1); maxY = Math.max(maxY, y1);
        }
      }
    });
    const m = edges.length / 4;
    const GRID = gridSize(m);
    this.g = GRID;
    this.cells = new Uint8Array(GRID * GRID);
    this.ex1 = new Float64Array(m); this.ey1 = new Float64Array(m); this.ex2 = new Float64Array(m); this.ey2 = new Float64Array(m);
    for (let e = 0; e < m; e++) {
      this.ex1[e] = edges[4 * e]!; this.ey1[e] = edges[4 * e + 1]!; this.ex2[e] = edges[4 * e + 2]!; this.ey2[e] = edges[4 * e + 3]!;
    }
    if (!(maxX > minX) || !(maxY > minY)) {
      // No outer ring with an area: contains nothing.
      minX = 1; maxX = 0; minY = 1; maxY = 0;
    }
    this.minX = minX; this.maxX = maxX; this.minY = minY; this.maxY = maxY;
    this.sx = maxX > minX ? GRID / (maxX - minX) : 0;
    this.sy = maxY > minY ? GRID / (maxY - minY) : 0;
    // Bands (the grid's rows): the edges whose y range overlaps each.
    const counts = new Int32Array(GRID + 1);
    const rowsOf = (e: number): [number, number] => {
      const lo = Math.min(this.ey1[e]!, this.ey2[e]!);
      const hi = Math.max(this.ey1[e]!, this.ey2[e]!);
      return [this.clampCell((lo - minY) * this.sy), this.clampCell((hi - minY) * this.sy)];
    };
    for (let e = 0; e < m; e++) {
      const [r0, r1] = rowsOf(e);
      for (let r = r0; r <= r1; r++) counts[r + 1]!++;
    }
    for (let r = 0; r < GRID; r++) counts[r + 1] = counts[r + 1]! + counts[r]!;
    this.bandStart = counts.slice();
    this.bandEdges = new Int32Array(counts[GRID]!);
    const fill = counts.slice();
    for (let e = 0; e < m; e++) {
      const [r0, r1] = rowsOf(e);
      for (let r = r0; r <= r1; r++) this.bandEdges[fill[r]!++] = e;
      // Cells an edge may cross (its bbox's cells, a superset) are MIXED.
      const lo = Math.min(this.ex1[e]!, this.ex2[e]!);
      const hi = Math.max(this.ex1[e]!, this.ex2[e]!);
      const c0 = this.clampCell((lo - minX) * this.sx);
      const c1 = this.clampCell((hi - minX) * this.sx);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.cells[r * GRID + c] = MIXED;
    }
    // A cell no edge crosses is wholly inside or wholly outside: its centre says which.
    for (let r = 0; r < GRID; r++) {
      for (let c = 0; c < GRID; c++) {
        if (this.cells[r * GRID + c] === MIXED) continue;
        const x = minX + (c + 0.5) / this.sx;
        const y = minY + (r + 0.5) / this.sy;
        this.cells[r * GRID + c] = this.crossings(x, y, r) ? INSIDE : OUTSIDE;
      }
    }
  }

  private clampCell(v: number): number {
    return Math.max(0, Math.min(this.g - 1, Math.floor(v)));
  }

  /** Even-odd ray casting over the edges of band `row`: true when (x, y) is inside. */
  private crossings(x: number, y: number, row: number): boolean {
    let inside = false;
    const { ex1, ey1, ex2, ey2, bandEdges } = this;
    for (let j = this.bandStart[row]!, end = this.bandStart[row + 1]!; j < end; j++) {
      const e = bandEdges[j]!;
      const y1 = ey1[e]!;
      const y2 = ey2[e]!;
      if (y1 > y !== y2 > y && x < ((ex2[e]! - ex1[e]!) * (y - y1)) / (y2 - y1) + ex1[e]!) inside = !inside;
    }
    return inside;
  }

  /**
   * Where the rectangle [x0, x1] × [y0, y1] lies: AREA_OUTSIDE (no point of it is inside), AREA_INSIDE (every point
   * is), else AREA_MIXED. Conservative: MIXED may be answered for a rectangle that is in fact wholly on one side.
   */
  classifyRect(x0: number, x1: number, y0: number, y1: number): number {
    if (x1 < this.minX || x0 > this.maxX || y1 < this.minY || y0 > this.maxY) return OUTSIDE;
    const partlyOut = x0 < this.minX || x1 > this.maxX || y0 < this.minY || y1 > this.maxY;
    const c0 = this.clampCell((x0 - this.minX) * this.sx);
    const c1 = this.clampCell((x1 - this.minX) * this.sx);
    const r0 = this.clampCell((y0 - this.minY) * this.sy);
    const r1 = this.clampCell((y1 - this.minY) * this.sy);
    let seen = -1;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const cell = this.cells[r * this.g + c]!;
        if (cell === MIXED) return MIXED;
        if (seen === -1) seen = cell;
        else if (seen !== cell) return MIXED;
      }
    }
    if (seen === INSIDE) return partlyOut ? MIXED : INSIDE;
    return OUTSIDE;
  }

  contains(x: number, y: number): boolean {
    if (x < this.minX || x > this.maxX || y < this.minY || y > this.maxY) return false;
    const r = this.clampCell((y - this.minY) * this.sy);
    const c = this.clampCell((x - this.minX) * this.sx);
    const cell = this.cells[r * this.g + c]!;
    if (cell !== MIXED) return cell === INSIDE;
    return this.crossings(x, y, r);
  }
}

/**
 * A compiled search area: the union of its polygons, in normalised Web-Mercator (x east, y south, 0..1). Build it
 * once per place (compileArea) and keep it: building costs O(vertices + grid cells) per polygon, a test O(1) for most points
 * and O(edges of one band) near the border.
 */
export class SearchArea {
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
  private readonly parts: CompiledPolygon[];
  /** Issue 17: another area this one is intersected with (a place and a drawn area), or null. */
  private readonly and: SearchArea | null;

  constructor(polygons: readonly AreaPolygon[], parts?: CompiledPolygon[], and?: SearchArea) {
    this.parts = parts ?? polygons.map((p) => new CompiledPolygon(p)).filter((p) => p.maxX > p.minX);
    this.and = and ?? null;
    this.minX = Math.min(...this.parts.map((p) => p.minX), 1);
    this.maxX = Math.max(...this.parts.map((p) => p.maxX), 0);
    this.minY = Math.min(...this.parts.map((p) => p.minY), 1);
    this.maxY = Math.max(...this.parts.map((p) => p.maxY), 0);
    if (this.and) {
      this.minX = Math.max(this.minX, this.and.minX); this.maxX = Math.min(this.maxX, this.and.maxX);
      this.minY = Math.max(this.minY, this.and.minY); this.maxY = Math.min(this.maxY, this.and.maxY);
    }
  }

  /**
   * Issue 17: the intersection of this area and `other` (a place's outline and a drawn area): a point is inside when
   * both contain it. Shares the compiled polygons (no recompiling); `other` must not itself be an intersection.
   */
  intersect(other: SearchArea): SearchArea {
    return new SearchArea([], this.parts, other);
  }

  /** True when the normalised Mercator point (x, y) lies in one of the polygons (inside its outer ring, in no hole). */
  contains(x: number, y: number): boolean {
    const parts = this.parts;
    let inside = false;
    for (let i = 0; i < parts.length; i++) if (parts[i]!.contains(x, y)) { inside = true; break; }
    return inside && (this.and === null || this.and.contains(x, y));
  }

  /**
   * Where a rectangle of normalised Mercator lies against the union: AREA_INSIDE when one polygon holds all of it,
   * AREA_OUTSIDE when every polygon misses it, else AREA_MIXED (then test its points one by one). Conservative.
   */
  classifyRect(x0: number, x1: number, y0: number, y1: number): number {
    let result = OUTSIDE;
    const parts = this.parts;
    for (let i = 0; i < parts.length; i++) {
      const c = parts[i]!.classifyRect(x0, x1, y0, y1);
      if (c === INSIDE) { result = INSIDE; break; }
      if (c === MIXED) result = MIXED;
    }
    if (this.and === null || result === OUTSIDE) return result;
    const other = this.and.classifyRect(x0, x1, y0, y1);
    if (other === OUTSIDE) return OUTSIDE;
    return result === INSIDE && other === INSIDE ? INSIDE : MIXED;
  }

  /** True when the area holds no polygon with an area (then it contains nothing). */
  get empty(): boolean {
    return this.parts.length === 0 || (this.and !== null && (this.and.empty || this.minX > this.maxX || this.minY > this.maxY));
  }
}

/** Compiles polygons ([outer ring, ...holes] of [lng, lat] degrees; their union is the area) for PropertyIndex.query. */
export function compileArea(polygons: readonly AreaPolygon[]): SearchArea {
  return new SearchArea(polygons);
}
