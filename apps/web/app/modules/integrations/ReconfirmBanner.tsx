import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { INTEGRATION_MESSAGES as M } from '@nj/contracts/integrations/messages';
import type { TReconfirmResult } from '@nj/contracts/integrations/schemas';
import { errorMessage } from '../accounts/api.ts';
import { api } from '../api/client.ts';
import { toast } from '../toast/toast.ts';

/**
 * On /mis-propiedades?reconfirmar={puid} (the link of the freshness reminders, issue 16): 'Confirma que sigue
 * disponible' with the one-click 'Sigue disponible' (POST /api/v1/property/{puid}/reconfirm), which also activates a
 * listing the reminders paused. Nothing without the parameter.
 */
export function ReconfirmBanner({ listQueryKey }: { listQueryKey: readonly unknown[] }) {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const puid = params.get('reconfirmar');
  if (!puid) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await api<TReconfirmResult>('POST', `/v1/property/${encodeURIComponent(puid)}/reconfirm`);
      toast('success', M.reconfirmed);
      setParams((p) => { p.delete('reconfirmar'); return p; }, { replace: true });
      await client.invalidateQueries({ queryKey: listQueryKey });
    } catch (err) {
      toast('danger', errorMessage(err, M.reconfirmNotFound));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert color="yellow" mb="md" title={M.needsReconfirm} data-testid="reconfirm-banner">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{M.reminderSubject}</Text>
        <Button size="sm" loading={busy} onClick={() => void confirm()}>{M.reconfirmButton}</Button>
      </Group>
    </Alert>
  );
}
