import { describe, expect, it } from 'vitest';
import { ZPlaceSuggestion } from '@nj/contracts';
import { useTestApp } from '../../testing/test-app.ts';

// Issue 9 §2 through the API: typos, accents, ambiguous names and the colonias of Mexico City on a fresh database.
const t = useTestApp();

async function suggest(q: string): Promise<{ label: string; kind: string; zoom: number; bounds: unknown }[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/places/autocomplete?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, q).toBe(200);
  const { suggestions } = res.json().data;
  for (const s of suggestions) ZPlaceSuggestion.parse(s);
  return suggestions;
}

describe('GET /api/v1/places/autocomplete ranking (issue 9 §2)', () => {
  it('lands on the right place through typos and missing accents', async () => {
    expect((await suggest('guadalajra'))[0]?.label).toBe('Guadalajara, Jalisco');
    expect((await suggest('zapopn'))[0]?.label).toBe('Zapopan, Jalisco');
    expect((await suggest('cancun'))[0]?.label).toMatch(/^Canc[uú]n, Benito Juárez, Quintana Roo$/);
    expect((await suggest('merida yuc'))[0]?.label).toBe('Mérida, Yucatán');
  });

  it("offers Mexico City's Polanco first, and finds Roma Norte, Condesa and Narvarte", async () => {
    expect((await suggest('Polanco'))[0]).toMatchObject({ label: 'Polanco, Miguel Hidalgo, Ciudad de México', kind: 'neighbourhood' });
    expect((await suggest('Roma Norte'))[0]?.label).toBe('Roma Norte, Cuauhtémoc, Ciudad de México');
    expect((await suggest('Condesa'))[0]?.label).toBe('Condesa, Cuauhtémoc, Ciudad de México');
    expect((await suggest('Narvarte')).map((s) => s.label)).toContain('Narvarte Poniente, Benito Juárez, Ciudad de México');
  });

  it('answers an empty list, not a guess, for a place that does not exist', async () => {
    expect(await suggest('Xochiquetzalandia')).toEqual([]);
  });
});
