import { AMENITY_FLAGS, PROPERTY_TYPES, type Currency } from '@nj/contracts';
import { latToY, lngToX, xToLng, yToLat } from './mercator.ts';
import { SlotStrings } from './string-store.ts';
import { toMxn, type ExchangeRates } from '../../properties/exchange-rates.ts';
import { AREA_INSIDE, AREA_MIXED, AREA_OUTSIDE, type SearchArea } from './search-area.ts';

/**
 * The in-memory search index of one app process (docs/decisions/002-search-index-in-memory.md).
 *
 * Every listing is a slot in typed arrays (structure of arrays). Slots [0, baseLen) are the "base", sorted by a
 * spatial grid cell (GRID_BITS per axis, row-major), so a viewport only visits the cells it overlaps; slots
 * [baseLen, len) are the "delta": listings changed since the last compaction, scanned linearly. A changed or
 * deleted listing marks its old slot dead; compaction (when the delta grows) rebuilds the base in memory.
 *
 * One pass over the viewport applies the filters, counts the total, accumulates grid clusters and keeps the top-k
 * of the requested order, so the list, the clusters and the total always come from the same query path.
 */

/** What the index needs of a listing (one row of properties-repository `indexRows`). Prices in their currency. */
export type IndexRow = {
  puid: string;
  slug: string;
  lat: number;
  lng: number;
  is_renta: boolean;
  is_venta: boolean;
  is_active: boolean;
  property_type: string;
  rooms: number | null;
  bathrooms: number | null;
  parking_spots: number | null;
  rent_price: number | null;
  rent_currency: string;
  sale_price: number | null;
  sale_currency: string;
  amenities: string[];
  /** Publication time, ms since the epoch; 0 when unknown (issue 10: such listings come last in 'newest'). */
  published_ms: number;
  /** Issue 10: 'exact' (or absent) for the listing's own point; otherwise the point is a place's centre (approximate). */
  location_precision?: string;
  /** Issue 16 (decision 034): a duplicate of another listing whose card stands for it: left out of every search. */
  dup_hidden?: boolean;
  /** Issue 16: the listing heads a duplicate group (its card names the others: 'También en…'). */
  dup_group?: string | null;
  /** The row's change_seq when known (lets callers cache the full row per version; 0 = unknown). */
  change_seq?: number;
  /** The listing's owner and assigned agent (cuid), for a branded site's members-only search (issue 15; decision 030). */
  owner_cuid?: string | null;
  agent_cuid?: string | null;
};

/**
 * A set of clients (by cuid) for IndexQuery.members: a byte per interned client code of one index (PropertyIndex
 * memberSet). Codes interned after the set was made are never members (every member was interned when it was made).
 */
export type MemberSet = { readonly bits: Uint8Array };

export type { ExchangeRates };

export type OrderBy = 'newest' | 'oldest' | 'priciest' | 'cheapest';

/** A query in index terms. Positions normalised Web-Mercator (see mercator.ts); prices MXN. */
export type IndexQuery = {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  /** Map zoom the clusters are made for (fractional allowed; floored). */
  zoom: number;
  op: 'rent' | 'sale' | null;
  priceMin: number | null;
  priceMax: number | null;
  /** -1 = no minimum. A listing with an unknown (NULL) value passes only a minimum of 0 or less. */
  minRooms: number;
  minBathrooms: number;
  minParking: number;
  /** Property types any-of; empty = all. */
  types: readonly string[];
  /** Amenity flags all-of. */
  amenities: readonly string[];
  active: boolean;
  orderBy: OrderBy;
  offset: number;
  limit: number;
  withClusters: boolean;
  /**
   * Issue 9 §2–§3: only listings inside this area (a place's outline; issue 17: drawn shapes), on top of the bbox
   * above. Count, page and clusters all come from the same filtered set. Absent or null: the bbox alone.
   */
  area?: SearchArea | null;
  /**
   * Issue 15 (white-label sites; decision 030): only listings whose owner or assigned agent is in this set (a branded
   * site's members; PropertyIndex.memberSet). Absent or null: everyone's listings.
   */
  members?: MemberSet | null;
};

export type IndexCluster = {
  lat: number;
  lng: number;
  count: number;
  bounds: { north: number; south: number; east: number; west: number };
  expansion_zoom: number;
  /** Set for a single listing (count 1). */
  slot?: number;
};

export type IndexResult = { total: number; slots: number[]; clusters: IndexCluster[] };

/** The order and price key arrays, by name (the arrays themselves are replaced when the index grows). */
type KeyName = 'published' | 'publishedAsc' | 'rent' | 'sale' | 'shown';
/** The 'oldest' order's key of a listing with no publication date (issue 10): after every real date (ms). */
const UNKNOWN_DATE_LAST_MS = 9e15;

const GRID_BITS = 14;
const GRID = 1 << GRID_BITS;
const F_RENTA = 1;
const F_VENTA = 2;
const F_ACTIVE = 4;
const F_DEAD = 8;
/** Issue 10: the point is approximate (a geocoded place's centre). Never part of a query's mask. */
const F_APPROX = 16;
/** Issue 16 (decision 034): a hidden duplicate, counted and shown nowhere (its group's representative stands for it). */
const F_HIDDEN = 32;
/** Issue 16: the listing heads a duplicate group (search then reads its group's other members). */
const F_GROUPED = 64;
const CURRENCY_CODES: Currency[] = ['mxn', 'usd', 'eur'];
const TYPE_CODE = new Map<string, number>(PROPERTY_TYPES.map((t, i) => [t, i]));
const AMENITY_BIT = new Map<string, number>(AMENITY_FLAGS.map((a, i) => [a, i]));

/** Cluster cell size in screen pixels (256 px tiles). */
export const CLUSTER_CELL_PX = 64;
/** Most pins / clusters one answer carries. */
export const MAX_CLUSTERS = 500;
/** From this zoom on, every listing is a pin (while there are at most MAX_CLUSTERS). */
export const PIN_ZOOM = 16;
const MAX_ZOOM = 18;
/** The clustering grid of one answer is limited to this many cells (a huge bbox at a high zoom is coarsened). */
const MAX_CELLS = 16_384;

/** FNV-1a of a puid: a tie-break for ordering that is the same in every process. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function small(v: number | null): number {
  if (v === null || v === undefined || !Number.isFinite(v)) return -1;
  return Math.max(0, Math.min(127, Math.trunc(v)));
}

export class PropertyIndex {
  private cap = 0;
  /** Number of slots in use (base + delta, dead included). */
  len = 0;
  /** Slots below this are sorted by grid cell. */
  baseLen = 0;
  /** Live listings (not dead). */
  live = 0;
  /** Highest change_seq applied (properties and tombstones). */
  seq = 0;
  private rates: ExchangeRates;

  private x = new Float64Array(0);
  private y = new Float64Array(0);
  private cellX = new Uint16Array(0);
  private cellY = new Uint16Array(0);
  private flags = new Uint8Array(0);
  private type = new Uint8Array(0);
  private rooms = new Int8Array(0);
  private baths = new Int8Array(0);
  private parking = new Int8Array(0);
  private rentMxn = new Float64Array(0);
  private saleMxn = new Float64Array(0);
  private shownMxn = new Float64Array(0);
  private rentAmt = new Float64Array(0);
  private saleAmt = new Float64Array(0);
  private rentCur = new Uint8Array(0);
  private saleCur = new Uint8Array(0);
  private amenA = new Uint32Array(0);
  private amenB = new Uint32Array(0);
  private published = new Float64Array(0);
  /** The publication time again, with an unknown date as UNKNOWN_DATE_LAST_MS: 'oldest' puts it last, as 'newest' does. */
  private publishedAsc = new Float64Array(0);
  private tie = new Uint32Array(0);
  private seqs = new Float64Array(0);
  /** Interned owner and assigned agent of every slot (0 = none; see personCodes). */
  private owner = new Int32Array(0);
  private agent = new Int32Array(0);
  /** cuid → code (from 1) of every owner and agent seen, for the members filter (issue 15). */
  private personCodes = new Map<string, number>();
  /** puid and slug of every slot, and the puid → slot lookup, without a heap string per listing. */
  private strings = new SlotStrings((slot) => this.tie[slot]!);
  /** rowStart[cy] = first base slot of grid row cy; length GRID + 1. */
  private rowStart = new Int32Array(GRID + 1);
  /** Reused buffer of matched slots (one query at a time: queries are synchronous). */
  private scratch = new Int32Array(0);

  // Cell aggregates of the base, rebuilt by compact(): one entry per occupied grid cell, in base order. They let a
  // query with no filter beyond operation and active status count and cluster whole cells instead of points, and
  // skip cells that cannot hold a listing of the page (per-cell min/max of every order key).
  private cellKey = new Int32Array(0);
  private cellStart = new Int32Array(1);
  private rowCell = new Int32Array(GRID + 1);
  /** Per class (0 active, 1 active for rent, 2 active for sale): live count and coordinate sums per cell. */
  private aggCount: Int32Array[] = [];
  private aggSumX: Float64Array[] = [];
  private aggSumY: Float64Array[] = [];
  /** Bounds of every point a cell held at compaction (a superset after removals: still valid to zoom into). */
  private cellMinX = new Float64Array(0);
  private cellMaxX = new Float64Array(0);
  private cellMinY = new Float64Array(0);
  private cellMaxY = new Float64Array(0);
  /** Per cell, the union of what its points offer (types bitmask, amenities) and the largest counts: a filtered
   * query skips a cell none of whose points can match. Supersets after removals, so still safe to skip by. */
  private cellTypes = new Uint32Array(0);
  private cellAmenA = new Uint32Array(0);
  private cellAmenB = new Uint32Array(0);
  private cellMaxRooms = new Int8Array(0);
  private cellMaxBaths = new Int8Array(0);
  private cellMaxParking = new Int8Array(0);
  /** Min and max per cell of each order key array (published, rentMxn, saleMxn, shownMxn). */
  private keyBounds = new Map<KeyName, { min: Float64Array; max: Float64Array }>();

  constructor(rates: ExchangeRates) {
    this.rates = rates;
  }

  /** The one conversion (properties/exchange-rates.ts), so the index and the SQL filters agree. */
  private toMxn(amount: number, currency: number): number {
    return toMxn(amount, CURRENCY_CODES[currency]!, this.rates);
  }

  private grow(min: number): void {
    if (min <= this.cap) return;
    const cap = Math.max(min, Math.ceil(this.cap * 1.5), 1024);
    const f64 = (a: Float64Array) => { const b = new Float64Array(cap); b.set(a.subarray(0, this.len)); return b; };
    const u8 = (a: Uint8Array) => { const b = new Uint8Array(cap); b.set(a.subarray(0, this.len)); return b; };
    const i8 = (a: Int8Array) => { const b = new Int8Array(cap); b.set(a.subarray(0, this.len)); return b; };
    const u16 = (a: Uint16Array) => { const b = new Uint16Array(cap); b.set(a.subarray(0, this.len)); return b; };
    const u32 = (a: Uint32Array) => { const b = new Uint32Array(cap); b.set(a.subarray(0, this.len)); return b; };
    const i32 = (a: Int32Array) => { const b = new Int32Array(cap); b.set(a.subarray(0, this.len)); return b; };
    this.owner = i32(this.owner); this.agent = i32(this.agent);
    this.x = f64(this.x); this.y = f64(this.y); this.cellX = u16(this.cellX); this.cellY = u16(this.cellY);
    this.flags = u8(this.flags); this.type = u8(this.type);
    this.rooms = i8(this.rooms); this.baths = i8(this.baths); this.parking = i8(this.parking);
    this.rentMxn = f64(this.rentMxn); this.saleMxn = f64(this.saleMxn); this.shownMxn = f64(this.shownMxn);
    this.rentAmt = f64(this.rentAmt); this.saleAmt = f64(this.saleAmt);
    this.rentCur = u8(this.rentCur); this.saleCur = u8(this.saleCur);
    this.amenA = u32(this.amenA); this.amenB = u32(this.amenB);
    this.published = f64(this.published); this.publishedAsc = f64(this.publishedAsc); this.tie = u32(this.tie); this.seqs = f64(this.seqs);
    this.cap = cap;
  }

  /** Adds or replaces a listing (the old version's slot is marked dead). Lands in the delta until compaction. */
  upsert(row: IndexRow): void {
    this.remove(row.puid);
    this.grow(this.len + 1);
    const i = this.len++;
    const x = lngToX(row.lng);
    const y = latToY(row.lat);
    this.x[i] = x;
    this.y[i] = y;
    this.cellX[i] = Math.min(GRID - 1, Math.floor(x * GRID));
    this.cellY[i] = Math.min(GRID - 1, Math.floor(y * GRID));
    this.flags[i] = (row.is_renta ? F_RENTA : 0) | (row.is_venta ? F_VENTA : 0) | (row.is_active ? F_ACTIVE : 0)
      | (row.location_precision && row.location_precision !== 'exact' ? F_APPROX : 0)
      | (row.dup_hidden ? F_HIDDEN : 0) | (row.dup_group && !row.dup_hidden ? F_GROUPED : 0);
    this.type[i] = TYPE_CODE.get(row.property_type) ?? TYPE_CODE.get('otro')!;
    this.rooms[i] = small(row.rooms);
    this.baths[i] = small(row.bathrooms);
    this.parking[i] = small(row.parking_spots);
    const rc = Math.max(0, CURRENCY_CODES.indexOf(row.rent_currency as Currency));
    const sc = Math.max(0, CURRENCY_CODES.indexOf(row.sale_currency as Currency));
    const rent = row.rent_price ?? 0;
    const sale = row.sale_price ?? 0;
    this.rentAmt[i] = rent;
    this.saleAmt[i] = sale;
    this.rentCur[i] = rc;
    this.saleCur[i] = sc;
    this.rentMxn[i] = this.toMxn(rent, rc);
    this.saleMxn[i] = this.toMxn(sale, sc);
    this.shownMxn[i] = row.is_renta ? this.rentMxn[i]! : this.saleMxn[i]!;
    let a = 0;
    let b = 0;
    for (const name of row.amenities) {
      const bit = AMENITY_BIT.get(name);
      if (bit === undefined) continue;
      if (bit < 32) a |= 1 << bit;
      else b |= 1 << (bit - 32);
    }
    this.amenA[i] = a >>> 0;
    this.amenB[i] = b >>> 0;
    this.published[i] = row.published_ms ?? 0;
    // The repository reads an unknown date as 0 (coalesce): the oldest for 'newest', the last for 'oldest'.
    this.publishedAsc[i] = row.published_ms ? row.published_ms : UNKNOWN_DATE_LAST_MS;
    const hash = hash32(row.puid);
    this.tie[i] = hash;
    this.seqs[i] = Number(row.change_seq ?? 0);
    this.owner[i] = row.owner_cuid ? this.personCode(row.owner_cuid) : 0;
    this.agent[i] = row.agent_cuid ? this.personCode(row.agent_cuid) : 0;
    this.strings.set(i, row.puid, row.slug, hash);
    this.live++;
  }

  /** Drops a listing (deleted, or about to be replaced). No-op when unknown. */
  remove(puid: string): void {
    const hash = hash32(puid);
    const old = this.strings.find(puid, hash);
    if (old === undefined) return;
    if (old < this.baseLen && this.cellKey.length > 0) this.unaggregate(old);
    this.flags[old] = this.flags[old]! | F_DEAD;
    this.strings.unindex(old, hash);
    this.live--;
  }

  /** Slots in the delta (changed since the last compaction, dead ones included). */
  get deltaLen(): number {
    return this.len - this.baseLen;
  }

  /** True when the delta (or dead slots) grew enough that a compaction pays off. */
  needsCompaction(): boolean {
    const delta = this.len - this.baseLen;
    return delta > 2048 && delta > this.live * 0.02 || this.len - this.live > Math.max(4096, this.live * 0.25);
  }

  /** Rebuilds the base: live slots sorted by grid cell (row-major), dead slots dropped, delta emptied. */
  compact(): void {
    const n = this.live;
    const keys = new Float64Array(n);
    let k = 0;
    for (let i = 0; i < this.len; i++) {
      if (this.flags[i]! & F_DEAD) continue;
      // cell key (< 2^28) * 2^24 + slot (< 2^24): exact in a double, so one numeric sort orders by cell then slot.
      keys[k++] = (this.cellY[i]! * GRID + this.cellX[i]!) * 16_777_216 + i;
    }
    keys.sort();
    const order = new Int32Array(n);
    for (let j = 0; j < n; j++) order[j] = keys[j]! % 16_777_216;
    const pick = <T extends Float64Array | Uint8Array | Int8Array | Uint16Array | Uint32Array | Int32Array>(a: T, make: (n: number) => T): T => {
      const b = make(Math.max(n, 1024));
      for (let j = 0; j < n; j++) b[j] = a[order[j]!]!;
      return b;
    };
    const f64 = (m: number) => new Float64Array(m);
    const u8 = (m: number) => new Uint8Array(m);
    const i8 = (m: number) => new Int8Array(m);
    const u16 = (m: number) => new Uint16Array(m);
    const u32 = (m: number) => new Uint32Array(m);
    const i32 = (m: number) => new Int32Array(m);
    this.owner = pick(this.owner, i32); this.agent = pick(this.agent, i32);
    this.x = pick(this.x, f64); this.y = pick(this.y, f64);
    this.cellX = pick(this.cellX, u16); this.cellY = pick(this.cellY, u16);
    this.flags = pick(this.flags, u8); this.type = pick(this.type, u8);
    this.rooms = pick(this.rooms, i8); this.baths = pick(this.baths, i8); this.parking = pick(this.parking, i8);
    this.rentMxn = pick(this.rentMxn, f64); this.saleMxn = pick(this.saleMxn, f64); this.shownMxn = pick(this.shownMxn, f64);
    this.rentAmt = pick(this.rentAmt, f64); this.saleAmt = pick(this.saleAmt, f64);
    this.rentCur = pick(this.rentCur, u8); this.saleCur = pick(this.saleCur, u8);
    this.amenA = pick(this.amenA, u32); this.amenB = pick(this.amenB, u32);
    this.published = pick(this.published, f64); this.publishedAsc = pick(this.publishedAsc, f64); this.tie = pick(this.tie, u32); this.seqs = pick(this.seqs, f64);
    this.strings.reorder(order, n, Math.max(n, 1024));
    this.cap = Math.max(n, 1024);
    this.len = n;
    this.baseLen = n;
    this.rowStart.fill(0);
    for (let j = 0; j < n; j++) this.rowStart[this.cellY[j]! + 1]!++;
    for (let r = 0; r < GRID; r++) this.rowStart[r + 1] = this.rowStart[r + 1]! + this.rowStart[r]!;
    this.buildCells();
  }

  /** Builds the cell aggregates of the (just compacted) base. */
  private buildCells(): void {
    const n = this.baseLen;
    let cellsN = 0;
    for (let j = 0; j < n; j++) {
      if (j === 0 || this.cellX[j] !== this.cellX[j - 1] || this.cellY[j] !== this.cellY[j - 1]) cellsN++;
    }
    const key = new Int32Array(cellsN);
    const start = new Int32Array(cellsN + 1);
    let c = -1;
    for (let j = 0; j < n; j++) {
      if (j === 0 || this.cellX[j] !== this.cellX[j - 1] || this.cellY[j] !== this.cellY[j - 1]) {
        c++;
        key[c] = this.cellY[j]! * GRID + this.cellX[j]!;
        start[c] = j;
      }
    }
    start[cellsN] = n;
    this.rowCell.fill(0);
    for (let i = 0; i < cellsN; i++) this.rowCell[(key[i]! >> GRID_BITS) + 1]!++;
    for (let r = 0; r < GRID; r++) this.rowCell[r + 1] = this.rowCell[r + 1]! + this.rowCell[r]!;
    this.cellKey = key;
    this.cellStart = start;
    this.aggCount = [0, 1, 2].map(() => new Int32Array(cellsN));
    this.aggSumX = [0, 1, 2].map(() => new Float64Array(cellsN));
    this.aggSumY = [0, 1, 2].map(() => new Float64Array(cellsN));
    this.cellMinX = new Float64Array(cellsN).fill(Infinity);
    this.cellMaxX = new Float64Array(cellsN).fill(-Infinity);
    this.cellMinY = new Float64Array(cellsN).fill(Infinity);
    this.cellMaxY = new Float64Array(cellsN).fill(-Infinity);
    this.cellTypes = new Uint32Array(cellsN);
    this.cellAmenA = new Uint32Array(cellsN);
    this.cellAmenB = new Uint32Array(cellsN);
    this.cellMaxRooms = new Int8Array(cellsN).fill(-1);
    this.cellMaxBaths = new Int8Array(cellsN).fill(-1);
    this.cellMaxParking = new Int8Array(cellsN).fill(-1);
    const keyArrays: [KeyName, Float64Array][] = [['published', this.published], ['publishedAsc', this.publishedAsc], ['rent', this.rentMxn], ['sale', this.saleMxn], ['shown', this.shownMxn]];
    this.keyBounds = new Map(keyArrays.map(([name]) => [name, { min: new Float64Array(cellsN).fill(Infinity), max: new Float64Array(cellsN).fill(-Infinity) }]));
    const bounds = keyArrays.map(([name, a]) => ({ a, b: this.keyBounds.get(name)! }));
    for (let cell = 0; cell < cellsN; cell++) {
      for (let j = start[cell]!; j < start[cell + 1]!; j++) {
        const x = this.x[j]!;
        const y = this.y[j]!;
        if (x < this.cellMinX[cell]!) this.cellMinX[cell] = x;
        if (x > this.cellMaxX[cell]!) this.cellMaxX[cell] = x;
        if (y < this.cellMinY[cell]!) this.cellMinY[cell] = y;
        if (y > this.cellMaxY[cell]!) this.cellMaxY[cell] = y;
        this.cellTypes[cell] = (this.cellTypes[cell]! | (1 << this.type[j]!)) >>> 0;
        this.cellAmenA[cell] = (this.cellAmenA[cell]! | this.amenA[j]!) >>> 0;
        this.cellAmenB[cell] = (this.cellAmenB[cell]! | this.amenB[j]!) >>> 0;
        if (this.rooms[j]! > this.cellMaxRooms[cell]!) this.cellMaxRooms[cell] = this.rooms[j]!;
        if (this.baths[j]! > this.cellMaxBaths[cell]!) this.cellMaxBaths[cell] = this.baths[j]!;
        if (this.parking[j]! > this.cellMaxParking[cell]!) this.cellMaxParking[cell] = this.parking[j]!;
        for (const { a, b } of bounds) {
          const v = a[j]!;
          if (v < b.min[cell]!) b.min[cell] = v;
          if (v > b.max[cell]!) b.max[cell] = v;
        }
        this.aggregate(j, cell, 1);
      }
    }
  }

  /** Adds (sign 1) or removes (sign -1) a base slot's contribution to its cell's class aggregates. */
  private aggregate(slot: number, cell: number, sign: 1 | -1): void {
    const f = this.flags[slot]!;
    if ((f & (F_DEAD | F_HIDDEN)) !== 0 || (f & F_ACTIVE) === 0) return;
    const x = this.x[slot]! * sign;
    const y = this.y[slot]! * sign;
    const add = (cls: number) => {
      this.aggCount[cls]![cell] = this.aggCount[cls]![cell]! + sign;
      this.aggSumX[cls]![cell] = this.aggSumX[cls]![cell]! + x;
      this.aggSumY[cls]![cell] = this.aggSumY[cls]![cell]! + y;
    };
    add(0);
    if (f & F_RENTA) add(1);
    if (f & F_VENTA) add(2);
  }

  /** Takes a live base slot out of its cell's aggregates (before it is marked dead). */
  private unaggregate(slot: number): void {
    let a = 0;
    let b = this.cellKey.length - 1;
    while (a < b) {
      const m = (a + b + 1) >> 1;
      if (this.cellStart[m]! <= slot) a = m;
      else b = m - 1;
    }
    this.aggregate(slot, a, -1);
  }

  /** The code of a client (cuid), interned on first sight. */
  private personCode(cuid: string): number {
    let code = this.personCodes.get(cuid);
    if (code === undefined) {
      code = this.personCodes.size + 1;
      this.personCodes.set(cuid, code);
    }
    return code;
  }

  /**
   * The set of clients `cuids` (a branded site's members) for IndexQuery.members: one byte per client code this
   * index knows, 1 for the given ones (interned here, so their listings added later are members too). Make it once
   * per member list and reuse it: a few kB per 10,000 clients.
   */
  memberSet(cuids: readonly string[]): MemberSet {
    const codes = cuids.map((c) => this.personCode(c));
    const bits = new Uint8Array(this.personCodes.size + 1);
    for (const c of codes) bits[c] = 1;
    return { bits };
  }

  /** True when the live listing `puid` belongs to `members` (its owner or assigned agent is one); false when unknown. */
  isListingOf(puid: string, members: MemberSet): boolean {
    const slot = this.strings.find(puid, hash32(puid));
    if (slot === undefined) return false;
    const bits = members.bits;
    return bits[this.owner[slot]!] === 1 || bits[this.agent[slot]!] === 1;
  }

  puidAt(slot: number): string {
    return this.strings.puid(slot);
  }

  /** The slug of the live listing `puid`, or undefined when the index does not hold it. */
  slugOf(puid: string): string | undefined {
    const slot = this.strings.find(puid, hash32(puid));
    return slot === undefined ? undefined : this.strings.slug(slot);
  }

  /** The change_seq of the live listing `puid` in the index, or undefined when the index does not hold it. */
  seqOf(puid: string): number | undefined {
    const slot = this.strings.find(puid, hash32(puid));
    return slot === undefined ? undefined : this.seqs[slot]!;
  }

  /** The change_seq of the listing version in `slot` (0 when it was added without one). */
  seqAt(slot: number): number {
    return this.seqs[slot]!;
  }

  /** Whether the listing in `slot` has an approximate point (issue 10: the map shows it without a precise pin). */
  isApproximateAt(slot: number): boolean {
    return (this.flags[slot]! & F_APPROX) !== 0;
  }

  /** Issue 16: true when the slot's listing heads a duplicate group (its card names the others). */
  isGroupedAt(slot: number): boolean {
    return (this.flags[slot]! & F_GROUPED) !== 0;
  }

  slugAt(slot: number): string {
    return this.strings.slug(slot);
  }

  /** The price a pin shows for a slot: the operation's amount and currency (rent when for rent, else sale). */
  priceAt(slot: number, op: 'rent' | 'sale' | null): { op: 'rent' | 'sale'; amount: number; currency: Currency } {
    const useRent = op === 'rent' || (op === null && (this.flags[slot]! & F_RENTA) !== 0);
    return useRent
      ? { op: 'rent', amount: this.rentAmt[slot]!, currency: CURRENCY_CODES[this.rentCur[slot]!]! }
      : { op: 'sale', amount: this.saleAmt[slot]!, currency: CURRENCY_CODES[this.saleCur[slot]!]! };
  }

  /**
   * Runs one search: filters + viewport + total + clusters + the page of the order, in one pass over the cells the
   * viewport overlaps and the delta. Returns slots (see puidAt) of the page, in order.
   */
  query(q: IndexQuery, allowCells = true): IndexResult {
    const area = q.area ?? null;
    // A members-only query (a branded site, issue 15) visits the viewport point by point: cell aggregates count
    // everyone's listings. Its per-point test is one byte read for the owner and one for the agent.
    const memberBits = q.members ? q.members.bits : null;
    if (memberBits !== null) allowCells = false;
    const owner = this.owner;
    const agent = this.agent;
    // With an area, the bbox pass covers only where the viewport and the area's bbox overlap; then every candidate
    // is tested against the area (the point-by-point path below: cell aggregates cannot know the outline).
    const minX = area ? Math.max(q.minX, area.minX) : q.minX;
    const maxX = area ? Math.min(q.maxX, area.maxX) : q.maxX;
    const minY = area ? Math.max(q.minY, area.minY) : q.minY;
    const maxY = area ? Math.min(q.maxY, area.maxY) : q.maxY;
    if (area && (area.empty || minX > maxX || minY > maxY)) return { total: 0, slots: [], clusters: [] };
    const wantActive = q.active ? F_ACTIVE : 0;
    const price = q.op === 'rent' ? this.rentMxn : q.op === 'sale' ? this.saleMxn : this.shownMxn;
    const priceMin = q.priceMin ?? -Infinity;
    const priceMax = q.priceMax ?? Infinity;
    const hasPrice = q.priceMin !== null || q.priceMax !== null;
    const minRooms = q.minRooms > 0 ? q.minRooms : -128;
    const minBaths = q.minBathrooms > 0 ? q.minBathrooms : -128;
    const minParking = q.minParking > 0 ? q.minParking : -128;
    let typeMask = 0;
    for (const t of q.types) {
      const c = TYPE_CODE.get(t);
      if (c !== undefined) typeMask |= 1 << c;
    }
    let needA = 0;
    let needB = 0;
    for (const name of q.amenities) {
      const bit = AMENITY_BIT.get(name);
      if (bit === undefined) continue;
      if (bit < 32) needA |= 1 << bit;
      else needB |= 1 << (bit - 32);
    }
    needA >>>= 0;
    needB >>>= 0;

    // Clustering grid: CLUSTER_CELL_PX cells at the zoom, aligned to the world so clusters are stable when panning.
    let z = Math.max(0, Math.min(MAX_ZOOM, Math.floor(q.zoom)));
    let cpa = (256 / CLUSTER_CELL_PX) * 2 ** z;
    let gx0 = Math.floor(minX * cpa);
    let gy0 = Math.floor(minY * cpa);
    let gw = Math.floor(maxX * cpa) - gx0 + 1;
    let gh = Math.floor(maxY * cpa) - gy0 + 1;
    while (gw * gh > MAX_CELLS && z > 0) {
      z--;
      cpa /= 2;
      gx0 = Math.floor(minX * cpa);
      gy0 = Math.floor(minY * cpa);
      gw = Math.floor(maxX * cpa) - gx0 + 1;
      gh = Math.floor(maxY * cpa) - gy0 + 1;
    }
    const withClusters = q.withClusters;
    const cells = withClusters ? gw * gh : 0;
    // Cluster accumulators: reused between queries (they are synchronous), only counts and sums need zeroing; the
    // other arrays are written when a cell gets its first point. Saves ~1 MB of allocation per search.
    const scratch = this.clusterScratch(cells);
    const { cCount, cSumX, cSumY, cMinX, cMaxX, cMinY, cMaxY, cSlot } = scratch;
    cCount.fill(0, 0, cells);
    cSumX.fill(0, 0, cells);
    cSumY.fill(0, 0, cells);

    // Top-k heap (worst on top) of (key, tie, slot); a smaller key is better. Filled rarely after the first k.
    const k = Math.max(0, q.offset + q.limit);
    const heap = new TopK(k);
    const byTime = q.orderBy === 'newest' || q.orderBy === 'oldest';
    const keyArr = byTime ? (q.orderBy === 'oldest' ? this.publishedAsc : this.published) : price;
    const keySign = q.orderBy === 'newest' || q.orderBy === 'priciest' ? -1 : 1;
    const tie = this.tie;

    // flags: not dead, the wanted status, and (with an operation) its bit — one mask compare.
    const opBit = q.op === 'rent' ? F_RENTA : q.op === 'sale' ? F_VENTA : 0;
    // A members-only query ignores the duplicate-hidden flag: a member's listing is never hidden behind a
    // non-member's copy of it (decision 030, issue 15 hardening).
    const fMask = F_DEAD | (memberBits !== null ? 0 : F_HIDDEN) | F_ACTIVE | opBit;
    const fWant = wantActive | opBit;
    const hasMinimums = minRooms > -128 || minBaths > -128 || minParking > -128;
    const hasAmenities = needA !== 0 || needB !== 0;

    // Ranges of slots to visit: per grid row of the base, the cells the viewport covers; then the whole delta.
    const ranges: number[] = [];
    if (this.baseLen > 0 && maxX >= minX && maxY >= minY) {
      const cx0 = Math.max(0, Math.floor(minX * GRID));
      const cx1 = Math.min(GRID - 1, Math.floor(maxX * GRID));
      const cy0 = Math.max(0, Math.floor(minY * GRID));
      const cy1 = Math.min(GRID - 1, Math.floor(maxY * GRID));
      const cellX = this.cellX;
      const rowStart = this.rowStart;
      for (let cy = cy0; cy <= cy1; cy++) {
        let a = rowStart[cy]!;
        const end = rowStart[cy + 1]!;
        if (a === end) continue;
        let b = end;
        while (a < b) {
          const m = (a + b) >> 1;
          if (cellX[m]! < cx0) a = m + 1;
          else b = m;
        }
        const lo = a;
        b = end;
        while (a < b) {
          const m = (a + b) >> 1;
          if (cellX[m]! <= cx1) a = m + 1;
          else b = m;
        }
        if (a > lo) ranges.push(lo, a);
      }
    }
    if (this.len > this.baseLen) ranges.push(this.baseLen, this.len);

    const xs = this.x;
    const ys = this.y;
    const flags = this.flags;
    const type = this.type;
    const rooms = this.rooms;
    const baths = this.baths;
    const parking = this.parking;
    const amenA = this.amenA;
    const amenB = this.amenB;
    // Cluster cells at zoom ≤ 12 are whole grid cells shifted (GRID_BITS = 14, 4 cluster cells per tile).
    const shift = GRID_BITS - (z + 2);
    let total = 0;
    let pinCount = 0;
    if (this.scratch.length < this.len + 1) this.scratch = new Int32Array(Math.ceil(this.len * 1.25) + 1);
    const matched = this.scratch;
    let matchedLen = 0;
    const pins = new Int32Array(MAX_CLUSTERS + 1);
    let topKey = Infinity;
    let topTie = 0xffffffff;

    // No filter beyond operation and active status, clusters made of whole grid cells (zoom ≤ 12): count and
    // cluster the base by cell aggregates; only the viewport's edge cells and the delta are visited point by point.
    // The filter, top-k and cluster steps are written out in each loop on purpose: factored into closures and
    // helpers they measured a third slower at country zoom (13 → 17 ms at 1M listings).
    const cellsUsable = allowCells && shift >= 0 && this.cellKey.length > 0 && maxX >= minX && maxY >= minY;
    const aggregatesAnswer = q.active && typeMask === 0 && !hasMinimums && !hasPrice && !hasAmenities;
    // Cluster cells of 8 grid cells or more (zoom ≤ 9): filtered inner cells are visited as flat runs (not with an
    // area: a run would have to stop at every cell the area's border crosses).
    const flatInner = shift >= 3 && area === null;
    const flat: FlatScan = {
      fMask, fWant, typeMask, hasMinimums, minRooms, minBaths, minParking, hasPrice, price, priceMin, priceMax,
      hasAmenities, needA, needB, k, keySign, keyArr, heap, withClusters, matched: this.scratch,
      total: 0, matchedLen: 0, topKey: Infinity, topTie: 0xffffffff,
    };
    if (cellsUsable) {
      const priceName: KeyName = q.op === 'rent' ? 'rent' : q.op === 'sale' ? 'sale' : 'shown';
      const priceBounds = this.keyBounds.get(priceName);
      const cls = q.op === 'rent' ? 1 : q.op === 'sale' ? 2 : 0;
      const kb = this.keyBounds.get(byTime ? (q.orderBy === 'oldest' ? 'publishedAsc' : 'published') : priceName);
      const bestOfCell = kb ? (keySign < 0 ? kb.max : kb.min) : null;
      const cx0 = Math.max(0, Math.floor(minX * GRID));
      const cx1 = Math.min(GRID - 1, Math.floor(maxX * GRID));
      const cy0 = Math.max(0, Math.floor(minY * GRID));
      const cy1 = Math.min(GRID - 1, Math.floor(maxY * GRID));
      const count = this.aggCount[cls]!;
      const sumX = this.aggSumX[cls]!;
      const sumY = this.aggSumY[cls]!;
      const cellKey = this.cellKey;
      const cellStart = this.cellStart;
      for (let cy = cy0; cy <= cy1; cy++) {
        let a = this.rowCell[cy]!;
        let b = this.rowCell[cy + 1]!;
        if (a === b) continue;
        const rowBase = cy * GRID;
        const end = b;
        while (a < b) {
          const m = (a + b) >> 1;
          if (cellKey[m]! < rowBase + cx0) a = m + 1;
          else b = m;
        }
        const edgeRow = cy === cy0 || cy === cy1;
        for (let c = a; c < end; c++) {
          const cx = cellKey[c]! - rowBase;
          if (cx > cx1) break;
          // With an area (issue 9 §2–§3): a cell wholly outside is skipped, one wholly inside is answered like any
          // other, one the border crosses is visited point by point with the area test (its points' bounds decide).
          const areaCls = area === null ? AREA_INSIDE
            : area.classifyRect(this.cellMinX[c]!, this.cellMaxX[c]!, this.cellMinY[c]!, this.cellMaxY[c]!);
          if (areaCls === AREA_OUTSIDE) continue;
          const inner = !edgeRow && cx !== cx0 && cx !== cx1 && areaCls === AREA_INSIDE;
          if (inner && !aggregatesAnswer && flatInner) {
            // Zoomed out under filters: the row's inner cells (cx0 < cx < cx1) are one run of slots; visit it as a
            // flat loop without per-cell work (tens of thousands of small cells at country zoom made that the
            // larger cost) and leave the clusters to accumulate() over the matched slots.
            let e = c + 1;
            while (e < end && cellKey[e]! - rowBase < cx1) e++;
            const hi = cellStart[e]!;
            flat.total = total; flat.matchedLen = matchedLen; flat.topKey = topKey; flat.topTie = topTie;
            this.scanFlat(flat, cellStart[c]!, hi);
            total = flat.total; matchedLen = flat.matchedLen; topKey = flat.topKey; topTie = flat.topTie;
            c = e - 1;
            continue;
          }
          if (inner && !aggregatesAnswer) {
            // An inner cell under filters: skip it when no point can match, else its points without bbox checks,
            // summed locally and merged into its cluster once.
            if (typeMask !== 0 && (this.cellTypes[c]! & typeMask) === 0) continue;
            if (hasMinimums && (this.cellMaxRooms[c]! < minRooms || this.cellMaxBaths[c]! < minBaths || this.cellMaxParking[c]! < minParking)) continue;
            if (hasPrice && priceBounds && (priceBounds.min[c]! > priceMax || priceBounds.max[c]! < priceMin)) continue;
            if (hasAmenities && (((this.cellAmenA[c]! & needA) >>> 0) !== needA || ((this.cellAmenB[c]! & needB) >>> 0) !== needB)) continue;
            let n = 0;
            let sx = 0;
            let sy = 0;
            let only = -1;
            for (let i = cellStart[c]!; i < cellStart[c + 1]!; i++) {
              if ((flags[i]! & fMask) !== fWant) continue;
              if (typeMask !== 0 && ((1 << type[i]!) & typeMask) === 0) continue;
              if (hasMinimums && (rooms[i]! < minRooms || baths[i]! < minBaths || parking[i]! < minParking)) continue;
              if (hasPrice) {
                const p = price[i]!;
                if (p < priceMin || p > priceMax) continue;
              }
              if (hasAmenities && (((amenA[i]! & needA) >>> 0) !== needA || ((amenB[i]! & needB) >>> 0) !== needB)) continue;
              n++;
              sx += xs[i]!;
              sy += ys[i]!;
              only = i;
              if (k > 0) {
                const key = keySign * keyArr[i]!;
                if (heap.len < k || key < topKey || (key === topKey && tie[i]! < topTie)) {
                  heap.offer(key, tie[i]!, i);
                  if (heap.len === k) { topKey = heap.key[0]!; topTie = heap.tie[0]!; }
                }
              }
            }
            if (n === 0) continue;
            total += n;
            if (withClusters) {
              const g = ((cy >> shift) - gy0) * gw + ((cx >> shift) - gx0);
              const had = cCount[g]!;
              if (had === 0) {
                cSlot[g] = only;
                cMinX[g] = this.cellMinX[c]!; cMaxX[g] = this.cellMaxX[c]!;
                cMinY[g] = this.cellMinY[c]!; cMaxY[g] = this.cellMaxY[c]!;
              } else {
                if (this.cellMinX[c]! < cMinX[g]!) cMinX[g] = this.cellMinX[c]!;
                if (this.cellMaxX[c]! > cMaxX[g]!) cMaxX[g] = this.cellMaxX[c]!;
                if (this.cellMinY[c]! < cMinY[g]!) cMinY[g] = this.cellMinY[c]!;
                if (this.cellMaxY[c]! > cMaxY[g]!) cMaxY[g] = this.cellMaxY[c]!;
              }
              cCount[g] = had + n;
              cSumX[g] = cSumX[g]! + sx;
              cSumY[g] = cSumY[g]! + sy;
            }
            continue;
          }
          if (inner) {
            const n = count[c]!;
            if (n === 0) continue;
            total += n;
            if (withClusters) {
              const g = ((cy >> shift) - gy0) * gw + ((cx >> shift) - gx0);
              const had = cCount[g]!;
              if (had === 0) {
                cSlot[g] = -(c + 2);
                cMinX[g] = this.cellMinX[c]!; cMaxX[g] = this.cellMaxX[c]!;
                cMinY[g] = this.cellMinY[c]!; cMaxY[g] = this.cellMaxY[c]!;
              } else {
                if (this.cellMinX[c]! < cMinX[g]!) cMinX[g] = this.cellMinX[c]!;
                if (this.cellMaxX[c]! > cMaxX[g]!) cMaxX[g] = this.cellMaxX[c]!;
                if (this.cellMinY[c]! < cMinY[g]!) cMinY[g] = this.cellMinY[c]!;
                if (this.cellMaxY[c]! > cMaxY[g]!) cMaxY[g] = this.cellMaxY[c]!;
              }
              cCount[g] = had + n;
              cSumX[g] = cSumX[g]! + sumX[c]!;
              cSumY[g] = cSumY[g]! + sumY[c]!;
            }
            // The page: visit the cell's points only when one of them could enter the top k.
            if (k > 0 && (heap.len < k || bestOfCell === null || keySign * bestOfCell[c]! <= topKey)) {
              for (let i = cellStart[c]!; i < cellStart[c + 1]!; i++) {
                if ((flags[i]! & fMask) !== fWant) continue;
                const key = keySign * keyArr[i]!;
                if (heap.len < k || key < topKey || (key === topKey && tie[i]! < topTie)) {
                  heap.offer(key, tie[i]!, i);
                  if (heap.len === k) { topKey = heap.key[0]!; topTie = heap.tie[0]!; }
                }
              }
            }
            continue;
          }
          // An edge cell may straddle the viewport (or the area's border): its points one by one.
          const testArea = areaCls === AREA_MIXED;
          for (let i = cellStart[c]!; i < cellStart[c + 1]!; i++) {
            if ((flags[i]! & fMask) !== fWant) continue;
            const x = xs[i]!;
            if (x < minX || x > maxX) continue;
            const y = ys[i]!;
            if (y < minY || y > maxY) continue;
            if (testArea && !area!.contains(x, y)) continue;
            if (typeMask !== 0 && ((1 << type[i]!) & typeMask) === 0) continue;
            if (hasMinimums && (rooms[i]! < minRooms || baths[i]! < minBaths || parking[i]! < minParking)) continue;
            if (hasPrice) {
              const p = price[i]!;
              if (p < priceMin || p > priceMax) continue;
            }
            if (hasAmenities && (((amenA[i]! & needA) >>> 0) !== needA || ((amenB[i]! & needB) >>> 0) !== needB)) continue;
            total++;
            if (k > 0) {
              const key = keySign * keyArr[i]!;
              if (heap.len < k || key < topKey || (key === topKey && tie[i]! < topTie)) {
                heap.offer(key, tie[i]!, i);
                if (heap.len === k) { topKey = heap.key[0]!; topTie = heap.tie[0]!; }
              }
            }
            if (withClusters) {
              const g = ((cy >> shift) - gy0) * gw + ((cx >> shift) - gx0);
              const had = cCount[g]!;
              if (had === 0) {
                cSlot[g] = i;
                cMinX[g] = x; cMaxX[g] = x; cMinY[g] = y; cMaxY[g] = y;
              } else {
                if (x < cMinX[g]!) cMinX[g] = x;
                if (x > cMaxX[g]!) cMaxX[g] = x;
                if (y < cMinY[g]!) cMinY[g] = y;
                if (y > cMaxY[g]!) cMaxY[g] = y;
              }
              cCount[g] = had + 1;
              cSumX[g] = cSumX[g]! + x;
              cSumY[g] = cSumY[g]! + y;
            }
          }
        }
      }
      // The delta is still visited point by point below.
      ranges.length = 0;
      if (this.len > this.baseLen) ranges.push(this.baseLen, this.len);
    }

    for (let r = 0; r < ranges.length; r += 2) {
      const hi = ranges[r + 1]!;
      for (let i = ranges[r]!; i < hi; i++) {
        if ((flags[i]! & fMask) !== fWant) continue;
        const x = xs[i]!;
        if (x < minX || x > maxX) continue;
        const y = ys[i]!;
        if (y < minY || y > maxY) continue;
        if (typeMask !== 0 && ((1 << type[i]!) & typeMask) === 0) continue;
        if (hasMinimums && (rooms[i]! < minRooms || baths[i]! < minBaths || parking[i]! < minParking)) continue;
        if (hasPrice) {
          const p = price[i]!;
          if (p < priceMin || p > priceMax) continue;
        }
        if (hasAmenities && (((amenA[i]! & needA) >>> 0) !== needA || ((amenB[i]! & needB) >>> 0) !== needB)) continue;
        if (area !== null && !area.contains(x, y)) continue;
        if (memberBits !== null && memberBits[owner[i]!] !== 1 && memberBits[agent[i]!] !== 1) continue;
        total++;
        if (k > 0) {
          const key = keySign * keyArr[i]!;
          if (heap.len < k || key < topKey || (key === topKey && tie[i]! < topTie)) {
            heap.offer(key, tie[i]!, i);
            if (heap.len === k) {
              topKey = heap.key[0]!;
              topTie = heap.tie[0]!;
            }
          }
        }
        if (withClusters) matched[matchedLen++] = i;
      }
    }
    if (withClusters) {
      pinCount = Math.min(matchedLen, MAX_CLUSTERS + 1);
      pins.set(matched.subarray(0, pinCount));
      this.accumulate(matched, matchedLen, { shift, cpa, gx0, gy0, gw, cells, cCount, cSumX, cSumY, cMinX, cMaxX, cMinY, cMaxY, cSlot });
    }

    // Few enough for individual pins: those need every matched point, which the cell path did not collect.
    if (cellsUsable && withClusters && Math.floor(q.zoom) >= PIN_ZOOM && total <= MAX_CLUSTERS) {
      return this.query(q, false);
    }

    // The page: heap → best first, then skip the offset.
    const sorted = heap.sortedSlots().slice(q.offset);

    const clusters: IndexCluster[] = [];
    if (withClusters && total > 0) {
      const zoomInt = Math.floor(q.zoom);
      // Zoomed in, every listing is its own pin; otherwise grid clusters, where a cell holding one listing is a pin
      // too (spec 01 §2: clusters when a viewport holds more listings than a map can draw legibly).
      const asPins = zoomInt >= PIN_ZOOM && total <= MAX_CLUSTERS;
      if (asPins) {
        for (let j = 0; j < pinCount; j++) clusters.push(this.pin(pins[j]!, zoomInt));
      } else {
        for (let c = 0; c < cells; c++) {
          const n = cCount[c]!;
          if (n === 0) continue;
          if (n === 1) {
            const slot = cSlot[c]!;
            clusters.push(this.pin(slot >= 0 ? slot : this.liveSlotOfCell(-(slot + 2), q.op), zoomInt));
            continue;
          }
          clusters.push({
            lat: yToLat(cSumY[c]! / n),
            lng: xToLng(cSumX[c]! / n),
            count: n,
            bounds: { north: yToLat(cMinY[c]!), south: yToLat(cMaxY[c]!), west: xToLng(cMinX[c]!), east: xToLng(cMaxX[c]!) },
            expansion_zoom: expansionZoom(cMinX[c]!, cMaxX[c]!, cMinY[c]!, cMaxY[c]!, z),
          });
        }
        if (clusters.length > MAX_CLUSTERS) {
          clusters.sort((a, b) => b.count - a.count);
          clusters.length = MAX_CLUSTERS;
        }
      }
    }
    return { total, slots: sorted, clusters };
  }

  /**
   * One flat run of base slots [lo, hi) under filters, without bbox checks (inner cells): counts matches into
   * f.total, offers them to the top-k heap and appends them to f.matched for clustering. A method of its own so the
   * JIT optimises this hot loop apart from query()'s body.
   */
  private scanFlat(f: FlatScan, lo: number, hi: number): void {
    const flags = this.flags;
    const type = this.type;
    const rooms = this.rooms;
    const baths = this.baths;
    const parking = this.parking;
    const amenA = this.amenA;
    const amenB = this.amenB;
    const tie = this.tie;
    const { fMask, fWant, typeMask, hasMinimums, minRooms, minBaths, minParking, hasPrice, price, priceMin, priceMax,
      hasAmenities, needA, needB, k, keySign, keyArr, heap, withClusters, matched } = f;
    let total = f.total;
    let matchedLen = f.matchedLen;
    let topKey = f.topKey;
    let topTie = f.topTie;
    // Branch-free: every term is computed as 0/1 and combined, so random data costs no mispredicted branches
    // (measured 6 → 1.5 ms per million points); unused terms are neutral (no minimum is -128, no price ±Infinity,
    // no types all bits, no amenities 0).
    const types = typeMask === 0 ? -1 : typeMask;
    const loP = hasPrice ? priceMin : -Infinity;
    const hiP = hasPrice ? priceMax : Infinity;
    const minR = hasMinimums ? minRooms : -128;
    const minB = hasMinimums ? minBaths : -128;
    const minP = hasMinimums ? minParking : -128;
    const wantA = hasAmenities ? needA : 0;
    const wantB = hasAmenities ? needB : 0;
    // Pass 1: the matching slots, appended branch-free after the run's previous matches.
    const from = matchedLen;
    for (let i = lo; i < hi; i++) {
      const p = price[i]!;
      const ok = +((flags[i]! & fMask) === fWant) & +(((1 << type[i]!) & types) !== 0)
        & +(rooms[i]! >= minR) & +(baths[i]! >= minB) & +(parking[i]! >= minP)
        & +(p >= loP) & +(p <= hiP)
        & +(((amenA[i]! & wantA) >>> 0) === wantA) & +(((amenB[i]! & wantB) >>> 0) === wantB);
      matched[matchedLen] = i;
      matchedLen += ok;
    }
    total += matchedLen - from;
    // Pass 2: the page's top k over the matches only.
    if (k > 0) {
      for (let j = from; j < matchedLen; j++) {
        const i = matched[j]!;
        const key = keySign * keyArr[i]!;
        if (heap.len < k || key < topKey || (key === topKey && tie[i]! < topTie)) {
          heap.offer(key, tie[i]!, i);
          if (heap.len === k) { topKey = heap.key[0]!; topTie = heap.tie[0]!; }
        }
      }
    }
    // Without clusters the matches were only needed for the page.
    if (!withClusters) matchedLen = from;
    f.total = total;
    f.matchedLen = matchedLen;
    f.topKey = topKey;
    f.topTie = topTie;
  }

  private scratchCells: {
    cCount: Int32Array; cSumX: Float64Array; cSumY: Float64Array; cMinX: Float64Array; cMaxX: Float64Array;
    cMinY: Float64Array; cMaxY: Float64Array; cSlot: Int32Array;
  } | null = null;

  /** The reusable cluster accumulators, with room for at least `cells` cells. */
  private clusterScratch(cells: number) {
    if (!this.scratchCells || this.scratchCells.cCount.length < cells) {
      const m = Math.max(cells, MAX_CELLS);
      this.scratchCells = {
        cCount: new Int32Array(m), cSumX: new Float64Array(m), cSumY: new Float64Array(m), cMinX: new Float64Array(m),
        cMaxX: new Float64Array(m), cMinY: new Float64Array(m), cMaxY: new Float64Array(m), cSlot: new Int32Array(m),
      };
    }
    return this.scratchCells;
  }

  /** Adds the matched slots to the cluster cells (second pass: a small loop the JIT keeps in registers). */
  private accumulate(matched: Int32Array, n: number, g: {
    shift: number; cpa: number; gx0: number; gy0: number; gw: number; cells: number; cCount: Int32Array;
    cSumX: Float64Array; cSumY: Float64Array; cMinX: Float64Array; cMaxX: Float64Array; cMinY: Float64Array;
    cMaxY: Float64Array; cSlot: Int32Array;
  }): void {
    const { shift, cpa, gx0, gy0, gw, cells, cCount, cSumX, cSumY, cMinX, cMaxX, cMinY, cMaxY, cSlot } = g;
    const xs = this.x;
    const ys = this.y;
    const cellXs = this.cellX;
    const cellYs = this.cellY;
    const useShift = shift >= 0;
    for (let j = 0; j < n; j++) {
      const i = matched[j]!;
      const x = xs[i]!;
      const y = ys[i]!;
      const gx = useShift ? cellXs[i]! >> shift : Math.floor(x * cpa);
      const gy = useShift ? cellYs[i]! >> shift : Math.floor(y * cpa);
      const c = (gy - gy0) * gw + (gx - gx0);
      if (c < 0 || c >= cells) continue;
      const count = cCount[c]!;
      if (count === 0) {
        cSlot[c] = i;
        cMinX[c] = x; cMaxX[c] = x; cMinY[c] = y; cMaxY[c] = y;
      } else {
        if (x < cMinX[c]!) cMinX[c] = x;
        else if (x > cMaxX[c]!) cMaxX[c] = x;
        if (y < cMinY[c]!) cMinY[c] = y;
        else if (y > cMaxY[c]!) cMaxY[c] = y;
      }
      cCount[c] = count + 1;
      cSumX[c] = cSumX[c]! + x;
      cSumY[c] = cSumY[c]! + y;
    }
  }

  /** The one live, active slot of a base cell that matches the operation (its aggregate count is 1). */
  private liveSlotOfCell(cell: number, op: 'rent' | 'sale' | null): number {
    const opBit = op === 'rent' ? F_RENTA : op === 'sale' ? F_VENTA : 0;
    for (let i = this.cellStart[cell]!; i < this.cellStart[cell + 1]!; i++) {
      const f = this.flags[i]!;
      if ((f & (F_DEAD | F_HIDDEN | F_ACTIVE | opBit)) === (F_ACTIVE | opBit)) return i;
    }
    return this.cellStart[cell]!;
  }

  private pin(slot: number, zoom: number): IndexCluster {
    const lat = yToLat(this.y[slot]!);
    const lng = xToLng(this.x[slot]!);
    return {
      lat, lng, count: 1, bounds: { north: lat, south: lat, east: lng, west: lng },
      expansion_zoom: Math.min(MAX_ZOOM, zoom + 2), slot,
    };
  }
}

/** The filter terms and running state of one query, for PropertyIndex.scanFlat. */
type FlatScan = {
  fMask: number; fWant: number; typeMask: number; hasMinimums: boolean; minRooms: number; minBaths: number;
  minParking: number; hasPrice: boolean; price: Float64Array; priceMin: number; priceMax: number;
  hasAmenities: boolean; needA: number; needB: number; k: number; keySign: number; keyArr: Float64Array;
  heap: TopK; withClusters: boolean; matched: Int32Array;
  total: number; matchedLen: number; topKey: number; topTie: number;
};

/** A bounded max-heap of (key, tie, slot) that keeps the k smallest (key, tie) pairs. */
class TopK {
  len = 0;
  readonly key: Float64Array;
  readonly tie: Uint32Array;
  readonly slot: Int32Array;

  constructor(readonly k: number) {
    this.key = new Float64Array(k);
    this.tie = new Uint32Array(k);
    this.slot = new Int32Array(k);
  }

  private worse(a: number, b: number): boolean {
    return this.key[a]! > this.key[b]! || (this.key[a] === this.key[b] && this.tie[a]! > this.tie[b]!);
  }

  private swap(a: number, b: number): void {
    const k = this.key[a]!; const t = this.tie[a]!; const s = this.slot[a]!;
    this.key[a] = this.key[b]!; this.tie[a] = this.tie[b]!; this.slot[a] = this.slot[b]!;
    this.key[b] = k; this.tie[b] = t; this.slot[b] = s;
  }

  /** Adds the entry when the heap is not full or it beats the worst kept one. */
  offer(key: number, tie: number, slot: number): void {
    if (this.len < this.k) {
      let i = this.len++;
      this.key[i] = key; this.tie[i] = tie; this.slot[i] = slot;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!this.worse(i, p)) break;
        this.swap(i, p);
        i = p;
      }
      return;
    }
    if (!(key < this.key[0]! || (key === this.key[0] && tie < this.tie[0]!))) return;
    this.key[0] = key; this.tie[0] = tie; this.slot[0] = slot;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.len && this.worse(l, m)) m = l;
      if (r < this.len && this.worse(r, m)) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }

  /** The kept slots, best first. */
  sortedSlots(): number[] {
    const idx = Array.from({ length: this.len }, (_, j) => j);
    idx.sort((a, b) => this.key[a]! - this.key[b]! || this.tie[a]! - this.tie[b]!);
    return idx.map((j) => this.slot[j]!);
  }
}

/**
 * The first zoom above `z` at which the points spanning [minX,maxX]×[minY,maxY] fall into different cluster cells
 * (the points at the extremes then sit in different cells, so the cluster splits). Capped at 18; identical
 * positions never split, so they get z + 2.
 */
export function expansionZoom(minX: number, maxX: number, minY: number, maxY: number, z: number): number {
  for (let zz = z + 1; zz <= MAX_ZOOM; zz++) {
    const cpa = (256 / CLUSTER_CELL_PX) * 2 ** zz;
    if (Math.floor(minX * cpa) !== Math.floor(maxX * cpa) || Math.floor(minY * cpa) !== Math.floor(maxY * cpa)) return zz;
  }
  return Math.min(MAX_ZOOM, z + 2);
}
