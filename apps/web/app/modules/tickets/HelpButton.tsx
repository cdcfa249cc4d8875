import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';

const HelpModal = lazy(() => import('./HelpModal.tsx'));

/**
 * A button that opens the help and ticket-creation modal (issue 14 entry points: 'Ayuda' in the footer, 'Abrir un
 * ticket' on /centro-de-ayuda). The modal (its calendar and drop zone) loads on the first click and stays mounted
 * afterwards, so a visitor's ticket survives signing in and is sent after.
 */
export function HelpButton({ label, testId, ...props }: ButtonProps & { label: string; testId?: string }) {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button {...props} onClick={() => { setLoaded(true); setOpened(true); }} data-testid={testId}>{label}</Button>
      {loaded ? (
        <Suspense fallback={null}>
          <HelpModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
