import { nameWords, NAME_PARTICLES } from './name-words.ts';

/** A person or a list entry: the full name in any order and spelling, and the identifiers when known. */
export interface ScreenedName {
  name: string;
  rfc?: string | null;
  curp?: string | null;
}

/** How a person compares with one entry of a blacklist or PLD list. */
export interface NameMatch {
  /** 0..1: 1 for the same RFC or CURP, else the names' token-set similarity (see matchPersonName). */
  score: number;
  /** What decided the score. */
  by: 'rfc' | 'curp' | 'name';
  /** Both have an RFC (or both a CURP) and they differ: the same name probably belongs to someone else. */
  identifierConflict: boolean;
  /** Name tokens paired between the two (after particles are dropped), and how many each side has. */
  matchedTokens: number;
  personTokens: number;
  entryTokens: number;
}

const identifier = (value: string | null | undefined): string => (value ?? '').replace(/[\s-]+/g, '').toUpperCase();

/**
 * The tokens of a name as matchPersonName compares them: words as RENAPO reads them (accents, case and punctuation
 * gone; Ñ → N), particles dropped (kept when the name is only particles). Takes any name; returns the tokens in order.
 * The screening lists index their entries by these (screening/screening-repository.ts). Never throws.
 */
export function nameTokens(name: string): string[] {
  return tokens(name);
}

function tokens(name: string): string[] {
  const words = nameWords(name).map((word) => word.replace(/Ñ/g, 'N'));
  const kept = words.filter((word) => !NAME_PARTICLES.has(word));
  return kept.length > 0 ? kept : words;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Similarity of two tokens: 1 when equal; for tokens of 5 or more letters, 1 − edits/longer length when that is at
 * least 0.8 (one typo in 5–9 letters, two from 10: GUTIERRES ~ GUTIERREZ 0.89); otherwise 0. Short tokens must be
 * equal, since one letter changes a short name (ANA, AVA).
 */
function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 5 || b.length < 5) return 0;
  const similarity = 1 - levenshtein(a, b) / Math.max(a.length, b.length);
  return similarity >= 0.8 ? similarity : 0;
}

/**
 * Compares a person with one entry of a blacklist or a money-laundering (PLD) list, such as the SAT's article 69-B
 * list or OFAC's SDN list (issue 12 "Investigation": accent- and order-insensitive name matching plus RFC/CURP where
 * the list has them).
 *
 * Identifiers first: when both have an RFC and they are equal, or both a CURP and they are equal (spaces, hyphens and
 * case ignored), the score is 1 (`by` 'rfc' or 'curp'). Otherwise the score compares the names as sets of tokens:
 * both names are folded (accents, case and punctuation removed, Ñ read as N), split into words, and particles (DE,
 * DEL, LA, LOS, Y, MC, VON…) dropped; tokens are paired one to one, best pairs first, with a similarity of 1 for equal
 * tokens and a partial one for long tokens one or two typos apart (tokenSimilarity); the score is the Sørensen–Dice
 * coefficient over those pairs, 2 × Σ similarity / (person tokens + entry tokens), rounded to 3 decimals. Order does
 * not count: 'PÉREZ GÓMEZ, JUAN CARLOS' and 'Juan Carlos Perez Gomez' score 1; 'Juan Pérez' against 'Juan Carlos Pérez
 * Gómez' scores 2 × 2 / 6 = 0.667. `identifierConflict` is true when both sides have an RFC (or a CURP) and they
 * differ, which the caller should weigh against a name match. An empty name scores 0. Never throws.
 */
export function matchPersonName(person: ScreenedName, entry: ScreenedName): NameMatch {
  const personTokens = tokens(person.name);
  const entryTokens = tokens(entry.name);
  const sizes = { personTokens: personTokens.length, entryTokens: entryTokens.length };
  const [personRfc, entryRfc, personCurp, entryCurp] = [identifier(person.rfc), identifier(entry.rfc), identifier(person.curp), identifier(entry.curp)];
  if (personRfc && personRfc === entryRfc) return { score: 1, by: 'rfc', identifierConflict: false, matchedTokens: 0, ...sizes };
  if (personCurp && personCurp === entryCurp) return { score: 1, by: 'curp', identifierConflict: false, matchedTokens: 0, ...sizes };
  const identifierConflict = Boolean((personRfc && entryRfc) || (personCurp && entryCurp));

  const pairs: { i: number; j: number; similarity: number }[] = [];
  personTokens.forEach((a, i) => entryTokens.forEach((b, j) => {
    const similarity = tokenSimilarity(a, b);
    if (similarity > 0) pairs.push({ i, j, similarity });
  }));
  pairs.sort((x, y) => y.similarity - x.similarity || x.i - y.i || x.j - y.j);
  const usedPerson = new Set<number>();
  const usedEntry = new Set<number>();
  let total = 0;
  let matchedTokens = 0;
  for (const pair of pairs) {
    if (usedPerson.has(pair.i) || usedEntry.has(pair.j)) continue;
    usedPerson.add(pair.i);
    usedEntry.add(pair.j);
    total += pair.similarity;
    matchedTokens += 1;
  }
  const denominator = personTokens.length + entryTokens.length;
  const score = denominator === 0 ? 0 : Math.round((2 * total / denominator) * 1000) / 1000;
  return { score, by: 'name', identifierConflict, matchedTokens, ...sizes };
}
