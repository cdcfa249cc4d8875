import { describe, expect, it } from 'vitest';
import { ZLikeState } from '../likes/schemas.ts';

describe("zod's Spanish locale comes with the schemas", () => {
  it('is set for a page or process that imports one schema file and nothing else (no index, no locale import)', () => {
    const issue = ZLikeState.safeParse({ is_liked: 'x', likes: 1 }).error?.issues[0];
    expect(issue?.message).toBe('Entrada inválida: se esperaba sí o no');
  });
});
