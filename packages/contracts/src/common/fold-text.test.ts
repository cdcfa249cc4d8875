import { expect, it } from 'vitest';
import { foldText } from './fold-text.ts';

it('folds accents, case and punctuation like nj_normalize()', () => {
  expect(foldText('  Providéncia, GUADALAJARA ')).toBe('providencia guadalajara');
  expect(foldText('Roma Nte.')).toBe('roma nte');
  expect(foldText('Ñuñoa / Straße')).toBe('nunoa strasse');
  expect(foldText('')).toBe('');
});
