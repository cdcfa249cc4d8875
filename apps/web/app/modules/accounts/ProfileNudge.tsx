import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { ACCOUNTS_UI_MESSAGES as M } from '@nj/contracts/accounts/messages';
import { toast } from '../toast/toast.ts';
import { profileCompleteness, pendingSteps } from './completeness.ts';
import { useSession } from './session.tsx';

/**
 * The completeness nudge (spec 01 §4, spec 02 §4): shown only below 100. The check refreshes the client; complete
 * → 'Tu perfil se ha completado de manera exitosa', otherwise the complete-profile modal opens.
 */
export function ProfileNudge() {
  const { client, registered, refresh, openModal } = useSession();
  if (!registered) return null;
  const percent = profileCompleteness(client);
  if (percent >= 100) return null;
  const check = async () => {
    const fresh = await refresh({ showError: true });
    const c = fresh?.client ?? client;
    if (pendingSteps(c).length === 0) toast('success', M.profileCompleted);
    else openModal({ name: 'completeProfile' });
  };
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={M.nudgeTitle(percent)}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>{M.nudgeTitle(percent)}</Text>
          <Button size="xs" onClick={() => void check()}>{M.nudgeButton}</Button>
        </Group>
        <Progress value={percent} aria-label={M.nudgeTitle(percent)} />
        <Text size="sm" c="dimmed">{M.nudgeText}</Text>
      </Stack>
    </Paper>
  );
}
