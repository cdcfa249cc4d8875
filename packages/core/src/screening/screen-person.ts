import type { Database } from '@nj/db';
import { matchPersonName } from '../person-data/match-person-name.ts';
import { indexTokens, screeningRepository } from './screening-repository.ts';
import { CLEARED_69B_SITUATIONS } from './screening-lists.ts';

/** A name score from which an entry counts as a match (Dice over tokens: 4 of 5 tokens alike, decision 017). */
export const NAME_MATCH_THRESHOLD = 0.8;
/** A name score from which a name-only match is strong (the same tokens, at most a typo), unless identifiers differ. */
export const STRONG_NAME_SCORE = 0.95;
/** Candidates read per person (most shared tokens first): far more than any real name has. */
const CANDIDATE_LIMIT = 500;

/** One entry of an active list that matches a person. */
export type ScreeningHit = {
  listId: string;
  listKind: 'blacklist' | 'pld';
  listName: string;
  entryId: string;
  listRef: string;
  entryName: string;
  entryStatus: string | null;
  /** 0..1 (matchPersonName). */
  score: number;
  by: 'rfc' | 'curp' | 'name';
  /** 'strong': the same RFC or CURP, or the same name (score ≥ STRONG_NAME_SCORE) without differing identifiers; else 'weak'. */
  strength: 'strong' | 'weak';
};

/**
 * Screens one person against every active list (issue 12 'Investigation'; decision 017): the entries with the same
 * RFC or CURP, and the entries sharing at least two name tokens (one for a one-word name) found through the token
 * index, each scored by matchPersonName (accents, case, order and particles ignored); those scoring at least
 * NAME_MATCH_THRESHOLD are hits. Entries of the 69-B list whose situation clears the taxpayer (Desvirtuado, Sentencia
 * Favorable) are never hits. Takes `person` { name (full name in any order), rfc?, curp? }.
 * @returns the hits, strongest first (score, then list and entry); empty when no list was imported
 */
export async function screenPerson(database: Database, person: { name: string; rfc?: string | null; curp?: string | null }): Promise<ScreeningHit[]> {
  const tokens = indexTokens(person.name);
  const rfc = person.rfc ? person.rfc.replace(/[\s-]+/g, '').toUpperCase() : null;
  const curp = person.curp ? person.curp.replace(/[\s-]+/g, '').toUpperCase() : null;
  if (tokens.length === 0 && !rfc && !curp) return [];
  const candidates = await screeningRepository.candidates(database, {
    tokens, minShared: Math.min(2, Math.max(1, tokens.length)), rfc, curp, limit: CANDIDATE_LIMIT,
  });
  const hits: ScreeningHit[] = [];
  for (const entry of candidates) {
    if (entry.list_id === 'sat-69b' && entry.status && CLEARED_69B_SITUATIONS.has(entry.status.toUpperCase())) continue;
    const match = matchPersonName({ name: person.name, rfc, curp }, { name: entry.name, rfc: entry.rfc, curp: entry.curp });
    if (match.score < NAME_MATCH_THRESHOLD) continue;
    const strong = match.by !== 'name' || (match.score >= STRONG_NAME_SCORE && !match.identifierConflict);
    hits.push({
      listId: entry.list_id, listKind: entry.list_kind, listName: entry.list_name, entryId: entry.entry_id, listRef: entry.list_ref,
      entryName: entry.name, entryStatus: entry.status, score: match.score, by: match.by, strength: strong ? 'strong' : 'weak',
    });
  }
  return hits.sort((a, b) => b.score - a.score || a.listId.localeCompare(b.listId) || a.entryId.localeCompare(b.entryId));
}
