import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { useOptionalSession } from '../accounts/session.tsx';

/**
 * A call to action of the marketing pages: a signed-in user goes straight to `signedInTo`; anyone else opens the
 * sign-up modal, which leads to `redirectTo` once the account exists (spec 01 §2 "Navigation bars").
 */
export function SignUpButton({ label, signedInLabel, signedInTo, redirectTo, variant = 'white' }: {
  label: string; signedInLabel: string; signedInTo: string; redirectTo: string; variant?: 'white' | 'filled';
}) {
  const session = useOptionalSession();
  if (session?.registered) {
    return <Button component={Link} to={signedInTo} size="md" variant={variant}>{signedInLabel}</Button>;
  }
  return (
    <Button size="md" variant={variant} onClick={() => session?.openModal({ name: 'signup', redirectTo })}>{label}</Button>
  );
}
