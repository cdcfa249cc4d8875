/** Texts of `npm run privileges` (issue 8 §1), read by the operator in the terminal. */
export const PRIVILEGE_MESSAGES = {
  usage: 'Uso: npm run privileges -- grant|revoke CORREO PRIVILEGIO [--by NOMBRE]  ·  npm run privileges -- list CORREO',
  unknownPrivilege: (name: string, known: readonly string[]) => `Privilegio desconocido: "${name}". Privilegios: ${known.join(', ')}.`,
  noAccount: (email: string) => `No hay una cuenta registrada con el correo ${email}.`,
  granted: (email: string, privilege: string) => `Privilegio ${privilege} otorgado a ${email}.`,
  alreadyGranted: (email: string, privilege: string) => `${email} ya tenía el privilegio ${privilege}; no cambió nada.`,
  revoked: (email: string, privilege: string) => `Privilegio ${privilege} retirado a ${email}.`,
  notHeld: (email: string, privilege: string) => `${email} no tenía el privilegio ${privilege}; no cambió nada.`,
  current: (email: string, privileges: readonly string[]) => `${email}: ${privileges.length ? privileges.join(', ') : 'sin privilegios'}.`,
} as const;
