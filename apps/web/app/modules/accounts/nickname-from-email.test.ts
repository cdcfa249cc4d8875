import { describe, expect, it } from 'vitest';
import { nicknameFromEmail } from './nickname-from-email.ts';

describe('nicknameFromEmail', () => {
  it('capitalises the words of the local part', () => {
    expect(nicknameFromEmail('ana.lopez_garcia+casas@example.mx')).toBe('Ana Lopez Garcia Casas');
    expect(nicknameFromEmail('JUAN-PEREZ@correo.com')).toBe('Juan Perez');
  });
  it('falls back when the local part has no letters', () => {
    expect(nicknameFromEmail('12345@example.mx')).toBe('Nuevo usuario');
  });
});
