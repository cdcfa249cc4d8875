import { describe, expect, it } from 'vitest';
import { z } from './zod-locale.ts';

const message = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe('zod messages in Spanish', () => {
  it('never shows a type name in code, Infinity as a number, or a regular expression', () => {
    expect(message(z.number(), Number.POSITIVE_INFINITY)).toBe('Entrada inválida: se esperaba un número finito');
    expect(message(z.number(), Number.NaN)).toBe('Entrada inválida: se esperaba un número finito');
    expect(message(z.number().int(), 1.5)).not.toMatch(/\bint\b/);
    expect(message(z.object({ a: z.string() }), {})).toBe('Este dato es obligatorio');
    expect(message(z.string().regex(/^[a-z]+$/), 'A!')).toBe('El texto tiene caracteres o un formato no permitidos');
    expect(message(z.boolean(), 'x')).toBe('Entrada inválida: se esperaba sí o no');
  });

  it('keeps the es locale for the rest', () => {
    expect(message(z.string().max(3), 'abcdef')).toMatch(/^Demasiado grande/);
    expect(message(z.enum(['a', 'b']), 'c')).toMatch(/^Opción inválida/);
  });
});
