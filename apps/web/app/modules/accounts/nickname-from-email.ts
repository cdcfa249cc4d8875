/**
 * A first nickname for a person who tried to log in with an e-mail that has no account yet (spec 02 §2 modal 1:
 * the create-account modal opens prefilled and the PIN flow starts): the address's local part, split on dots,
 * dashes, underscores and plus signs, each word capitalised, at most 40 characters. They can change it in /cuenta.
 */
export function nicknameFromEmail(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  const words = local.split(/[._+\-]+/).filter((w) => /[a-z]/i.test(w));
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
  return name.slice(0, 40) || 'Nuevo usuario';
}
