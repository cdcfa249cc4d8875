import { useState, type FormEvent } from 'react';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { LISTING_AGENT_MESSAGES as M } from '@nj/contracts/listings/messages';
import { errorMessage } from '../accounts/api.ts';
import { api } from '../api/client.ts';
import { toast } from '../toast/toast.ts';

type Agent = { cuid: string; nickname: string | null; email: string } | null;

/** GET /api/v1/property/{puid}/agent: the listing's agent, for its owner. */
const getAgent = (puid: string) => api<{ agent: Agent }>('GET', `/v1/property/${encodeURIComponent(puid)}/agent`);
/** PUT /api/v1/property/{puid}/agent `{ email | null }`: assigns a registered agent, or removes the agent. */
const putAgent = (puid: string, email: string | null) => api<{ agent: Agent }>('PUT', `/v1/property/${encodeURIComponent(puid)}/agent`, { body: { email } });

/**
 * 'Asesor' on an owner's listing card (issue 11: a contact goes to 'the listing's owner (or the agent it is assigned
 * to)'): a dialog that shows the assigned agent and assigns one by e-mail (a registered client with the agent flag)
 * or removes it. New conversations about the listing go to the agent.
 */
export function AgentAssign({ puid, title }: { puid: string; title: string }) {
  const [opened, setOpened] = useState(false);
  const [agent, setAgent] = useState<Agent | undefined>(undefined);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    setOpened(true);
    setError(null);
    try {
      setAgent((await getAgent(puid)).agent);
    } catch (err) {
      setError(errorMessage(err, M.loadFailed));
    }
  };
  const save = async (value: string | null, e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const next = (await putAgent(puid, value)).agent;
      setAgent(next);
      setEmail('');
      toast('success', next ? M.assigned : M.removed);
    } catch (err) {
      setError(errorMessage(err, M.loadFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="subtle" size="compact-sm" px={4} onClick={() => void open()} aria-label={M.buttonLabel(title)} data-testid="agent-assign">{M.button}</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={M.title} centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{M.explain}</Text>
          {agent === undefined ? null : agent ? (
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600} data-testid="agent-current">{M.current(agent.nickname ?? agent.email)}</Text>
              <Button size="xs" variant="subtle" color="red" loading={busy} onClick={() => void save(null)}>{M.remove}</Button>
            </Group>
          ) : <Text size="sm">{M.none}</Text>}
          <form onSubmit={(e) => void save(email, e)} noValidate>
            <Group align="flex-end" wrap="nowrap" gap="xs">
              <TextInput label={M.email} type="email" value={email} onChange={(e) => { setEmail(e.currentTarget.value); setError(null); }}
                error={error} style={{ flex: 1 }} autoComplete="off" maxLength={254} />
              <Button type="submit" loading={busy} disabled={!email.trim()}>{M.assign}</Button>
            </Group>
          </form>
        </Stack>
      </Modal>
    </>
  );
}
