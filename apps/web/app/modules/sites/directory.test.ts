import { describe, expect, it } from 'vitest';
import { ASSOCIATION_MESSAGES as A } from '@nj/contracts/associations/messages';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import { ApiError } from '../api/client.ts';
import { directoryErrorText, uniqueEntries } from './DirectoryPanel.tsx';

describe('directory panel (spec 01 §3, §8; issue 15)', () => {
  it('shows the server\'s msg, the connection text without an answer, else "Error al obtener el directorio"', () => {
    expect(directoryErrorText(new ApiError('Esta asociación no tiene directorio', 404))).toBe('Esta asociación no tiene directorio');
    expect(directoryErrorText(new ApiError(COMMON_MESSAGES.connection, 0))).toBe(COMMON_MESSAGES.connection);
    expect(directoryErrorText(new ApiError(COMMON_MESSAGES.generic, 500))).toBe(A.directoryFailed);
    expect(directoryErrorText(new Error('x'))).toBe(A.directoryFailed);
  });

  it('drops repeats by agency uid plus nickname', () => {
    const e = (nickname: string, agency: string | null) => ({ client: { nickname, photo: null, bio: null }, agency: agency ? { uid: agency, name: agency, logo: null } : null });
    expect(uniqueEntries([e('Ana', 'a'), e('Ana', 'a'), e('Ana', 'b'), e('Luis', null), e('Luis', null)]))
      .toEqual([e('Ana', 'a'), e('Ana', 'b'), e('Luis', null)]);
  });
});
