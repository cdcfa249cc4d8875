import { describe, expect, it } from 'vitest';
import { matchPersonName } from './match-person-name.ts';

// Synthetic names and identifiers; the lists' own entries come in their own order and spelling.
describe('matchPersonName (blacklist and PLD screening)', () => {
  it('scores 1 for the same name in another order, case, accents and punctuation', () => {
    expect(matchPersonName({ name: 'Juan Carlos Pérez Gómez' }, { name: 'PEREZ GOMEZ, JUAN CARLOS' })).toMatchObject({ score: 1, by: 'name', matchedTokens: 4, personTokens: 4, entryTokens: 4 });
    expect(matchPersonName({ name: 'José Ñúñez' }, { name: 'NUNEZ JOSE' }).score).toBe(1);
  });
  it('drops particles, so DE LA and Y do not count', () => {
    expect(matchPersonName({ name: 'María de los Ángeles de la Garza' }, { name: 'GARZA MARIA ANGELES' }).score).toBe(1);
    expect(matchPersonName({ name: 'Luis Gómez y Farías' }, { name: 'Gomez Farias Luis' }).score).toBe(1);
  });
  it('gives partial scores by the Dice coefficient over tokens', () => {
    expect(matchPersonName({ name: 'Juan Pérez' }, { name: 'Juan Carlos Pérez Gómez' })).toMatchObject({ score: 0.667, matchedTokens: 2 });
    expect(matchPersonName({ name: 'Ana López' }, { name: 'Comercializadora del Norte' }).score).toBe(0);
  });
  it('forgives one typo in a long token but not in a short one', () => {
    const typo = matchPersonName({ name: 'Roberto Gutierres Salas' }, { name: 'ROBERTO GUTIERREZ SALAS' });
    expect(typo.score).toBeGreaterThan(0.95);
    expect(typo.score).toBeLessThan(1);
    expect(matchPersonName({ name: 'Ana Ruiz' }, { name: 'Ava Ruiz' }).score).toBe(0.5);
  });
  it('pairs each token once', () => {
    expect(matchPersonName({ name: 'Juan Juan' }, { name: 'Juan Pérez' })).toMatchObject({ score: 0.5, matchedTokens: 1 });
  });
  it('scores 1 on the same RFC or CURP whatever the names, and flags differing identifiers', () => {
    expect(matchPersonName({ name: 'J. Pérez', rfc: 'pegj-850314-k73' }, { name: 'Otro Nombre', rfc: 'PEGJ850314K73' })).toMatchObject({ score: 1, by: 'rfc' });
    expect(matchPersonName({ name: 'J. Pérez', curp: 'PEGJ850314HJCRMN09' }, { name: 'X', curp: 'pegj850314hjcrmn09' })).toMatchObject({ score: 1, by: 'curp' });
    const conflict = matchPersonName({ name: 'Juan Pérez Gómez', rfc: 'PEGJ850314K73' }, { name: 'Juan Pérez Gómez', rfc: 'PEGJ700101AB1' });
    expect(conflict).toMatchObject({ score: 1, by: 'name', identifierConflict: true });
    expect(matchPersonName({ name: 'Juan Pérez', rfc: 'PEGJ850314K73' }, { name: 'Juan Pérez' }).identifierConflict).toBe(false);
  });
  it('scores 0 for empty names', () => {
    expect(matchPersonName({ name: '' }, { name: '' }).score).toBe(0);
    expect(matchPersonName({ name: '...' }, { name: 'Juan' }).score).toBe(0);
  });
});
