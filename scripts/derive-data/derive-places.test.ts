import { describe, expect, it } from 'vitest';
import { tidyColoniaName } from './derive-places.ts';

const ACCENTS = new Map([['cancun', 'cancún'], ['obregon', 'obregón'], ['alvaro', 'álvaro'], ['leon', 'león'], ['seccion', 'sección']]);

describe('tidyColoniaName', () => {
  it('puts back the accents the catalogues dropped', () => {
    expect(tidyColoniaName('Cancun', ACCENTS)).toBe('Cancún');
    expect(tidyColoniaName('Leon de los Aldama', ACCENTS)).toBe('León de los Aldama');
    expect(tidyColoniaName('Polanco Ii Seccion', ACCENTS)).toBe('Polanco II Sección');
  });

  it('restores an accented capital a source reduced to its bare vowel, with or without a dictionary entry', () => {
    expect(tidyColoniaName('alvaro Obregon', ACCENTS)).toBe('Álvaro Obregón');
    expect(tidyColoniaName('Los angeles', ACCENTS)).toBe('Los Ángeles');
    expect(tidyColoniaName('El aguila (Las animas)', ACCENTS)).toBe('El Águila (Las Ánimas)');
    // Articles, prepositions and short words stay as they are.
    expect(tidyColoniaName('Rancho de en medio o Arriba', ACCENTS)).toBe('Rancho de en medio o Arriba');
  });

  it('keeps a parenthesis and the capital of the word that opens it', () => {
    expect(tidyColoniaName('Kalos (Las Escobas)', ACCENTS)).toBe('Kalos (Las Escobas)');
    expect(tidyColoniaName('San Antonio [El Alto]', ACCENTS)).toBe('San Antonio [El Alto]');
    expect(tidyColoniaName('Valle De La Luz', ACCENTS)).toBe('Valle de la Luz');
  });

  it('leaves a word with its own accent or a different spelling alone', () => {
    expect(tidyColoniaName('Obregón Leonés', ACCENTS)).toBe('Obregón Leonés');
    expect(tidyColoniaName('Leonés', ACCENTS)).toBe('Leonés');
  });
});
