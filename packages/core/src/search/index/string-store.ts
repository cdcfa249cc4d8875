/**
 * The puid and slug of every index slot kept as bytes in one buffer, with the puid → slot lookup as an
 * open-addressing hash table of typed arrays (issue 7 "Under load": a million strings and a million-entry Map on the
 * heap made every full garbage collection trace them; the index's p99 showed those pauses). Nothing here is a heap
 * object per listing: the garbage collector sees a handful of buffers.
 *
 * Slots are the index's slot numbers; `hashOf(slot)` is the slot's 32-bit puid hash (kept by the index for its
 * tie-break). Text is UTF-8. Strings of removed slots stay in the buffer until `reorder` (compaction) rewrites it.
 */
export class SlotStrings {
  private text: Buffer = Buffer.allocUnsafe(1 << 16);
  private textLen = 0;
  /** Per slot: byte offset and length of the puid, then of the slug. */
  private puidAt = new Int32Array(0);
  private puidLen = new Int32Array(0);
  private slugAt = new Int32Array(0);
  private slugLen = new Int32Array(0);
  /** Hash table: slot + 1, 0 = empty, -1 = removed. Size a power of two, at most half full. */
  private table = new Int32Array(1024);
  private used = 0;

  constructor(private readonly hashOf: (slot: number) => number) {}

  /** Makes room for slots [0, min) (growing by half at least). */
  grow(min: number): void {
    if (min <= this.puidAt.length) return;
    const capacity = Math.max(min, Math.ceil(this.puidAt.length * 1.5), 1024);
    const copy = (a: Int32Array) => {
      const b = new Int32Array(capacity);
      b.set(a);
      return b;
    };
    this.puidAt = copy(this.puidAt);
    this.puidLen = copy(this.puidLen);
    this.slugAt = copy(this.slugAt);
    this.slugLen = copy(this.slugLen);
  }

  private write(s: string): [number, number] {
    const max = Buffer.byteLength(s, 'utf8');
    if (this.textLen + max > this.text.length) {
      const next = Buffer.allocUnsafe(Math.max(this.text.length * 2, this.textLen + max));
      this.text.copy(next, 0, 0, this.textLen);
      this.text = next;
    }
    const at = this.textLen;
    const n = this.text.write(s, at, 'utf8');
    this.textLen += n;
    return [at, n];
  }

  /** Stores the strings of `slot` (a new slot) and indexes its puid; `hash` must equal hashOf(slot). */
  set(slot: number, puid: string, slug: string, hash: number): void {
    this.grow(slot + 1);
    [this.puidAt[slot], this.puidLen[slot]] = this.write(puid);
    [this.slugAt[slot], this.slugLen[slot]] = this.write(slug);
    if ((this.used + 1) * 2 > this.table.length) this.rehash(this.table.length * 2);
    this.insert(slot, hash);
  }

  private insert(slot: number, hash: number): void {
    const mask = this.table.length - 1;
    let i = hash & mask;
    while (this.table[i]! > 0) i = (i + 1) & mask;
    if (this.table[i] === 0) this.used++;
    this.table[i] = slot + 1;
  }

  private rehash(size: number, slots?: Iterable<number>): void {
    const old = this.table;
    this.table = new Int32Array(size);
    this.used = 0;
    if (slots) {
      for (const slot of slots) this.insert(slot, this.hashOf(slot));
      return;
    }
    for (let i = 0; i < old.length; i++) {
      const v = old[i]!;
      if (v > 0) this.insert(v - 1, this.hashOf(v - 1));
    }
  }

  private equals(slot: number, key: Buffer): boolean {
    const n = this.puidLen[slot]!;
    if (n !== key.length) return false;
    const at = this.puidAt[slot]!;
    return this.text.compare(key, 0, n, at, at + n) === 0;
  }

  /** The slot indexed under `puid` (its hash `hash`), or undefined. */
  find(puid: string, hash: number): number | undefined {
    const key = Buffer.from(puid, 'utf8');
    const mask = this.table.length - 1;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const v = this.table[i]!;
      if (v === 0) return undefined;
      if (v > 0 && this.hashOf(v - 1) === hash && this.equals(v - 1, key)) return v - 1;
    }
  }

  /** Takes `slot` out of the puid lookup (its strings stay readable). */
  unindex(slot: number, hash: number): void {
    const mask = this.table.length - 1;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const v = this.table[i]!;
      if (v === 0) return;
      if (v === slot + 1) {
        this.table[i] = -1;
        return;
      }
    }
  }

  /** The puid of `slot`. */
  puid(slot: number): string {
    const at = this.puidAt[slot]!;
    return this.text.toString('utf8', at, at + this.puidLen[slot]!);
  }

  /** The slug of `slot`. */
  slug(slot: number): string {
    const at = this.slugAt[slot]!;
    return this.text.toString('utf8', at, at + this.slugLen[slot]!);
  }

  /**
   * Compaction: slot j becomes old slot order[j] for j < n; the text is rewritten without the strings of dropped
   * slots and the lookup rebuilt (hashOf must already answer for the new slots).
   */
  reorder(order: Int32Array, n: number, capacity: number): void {
    let bytes = 0;
    for (let j = 0; j < n; j++) bytes += this.puidLen[order[j]!]! + this.slugLen[order[j]!]!;
    const text = Buffer.allocUnsafe(Math.max(bytes, 1 << 16));
    const puidAt = new Int32Array(capacity);
    const puidLen = new Int32Array(capacity);
    const slugAt = new Int32Array(capacity);
    const slugLen = new Int32Array(capacity);
    let at = 0;
    for (let j = 0; j < n; j++) {
      const o = order[j]!;
      puidAt[j] = at;
      puidLen[j] = this.puidLen[o]!;
      at += this.text.copy(text, at, this.puidAt[o]!, this.puidAt[o]! + this.puidLen[o]!);
      slugAt[j] = at;
      slugLen[j] = this.slugLen[o]!;
      at += this.text.copy(text, at, this.slugAt[o]!, this.slugAt[o]! + this.slugLen[o]!);
    }
    this.text = text;
    this.textLen = at;
    this.puidAt = puidAt;
    this.puidLen = puidLen;
    this.slugAt = slugAt;
    this.slugLen = slugLen;
    let size = 1024;
    while (size < n * 2 + 2) size *= 2;
    this.rehash(size, (function* () {
      for (let j = 0; j < n; j++) yield j;
    })());
  }
}
