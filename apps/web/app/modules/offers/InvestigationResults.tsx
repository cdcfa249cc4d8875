import { Alert, Badge, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { CREDIT_INVESTIGATION_MESSAGES } from '@nj/contracts/credit-investigation/messages';
import { OFFER_MESSAGES } from '@nj/contracts/rents/offer-messages';
import { PAYMENTS_MESSAGES } from '@nj/contracts/payments/messages';
import { PayButton } from '../payments/PayButton.tsx';
import { mxnFromCents } from '../payments/api.ts';
import type { TInvestigationView } from './investigation-api.ts';

const M = CREDIT_INVESTIGATION_MESSAGES;
const STATE_COLOR = { done: 'teal', attention: 'yellow', failed: 'red', pending: 'gray' } as const;
const OUTCOME_COLOR = { passed: 'teal', review: 'yellow', failed: 'red' } as const;

/** One table of list matches: list, entry as published, its status, and how alike (percent). */
function Matches({ title, matches }: { title: string; matches: TInvestigationView['blacklist_matches'] }) {
  if (matches.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>{title}</Text>
      <Table.ScrollContainer minWidth={420}>
        <Table striped withTableBorder fz="sm">
          <Table.Tbody>
            {matches.map((m) => (
              <Table.Tr key={`${m.person}-${m.list_id}-${m.entry_name}`}>
                <Table.Td>{m.list_name}</Table.Td>
                <Table.Td>{m.entry_name}{m.entry_status ? ` · ${m.entry_status}` : ''}</Table.Td>
                <Table.Td><Badge size="sm" variant="light" color={m.strength === 'strong' ? 'red' : 'yellow'}>{M.form.matchScore(`${Math.round(m.score * 100)} %`)}</Badge></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * A rent's credit investigation as both parties read it (issue 12 'The owner's decision'; spec 03 §3 Owner's
 * application detail, §6 the investigation summary): the run's state (and the bureau's message when it failed), the
 * credit score and reason codes, the outcome with its reasons, the blacklist and PLD matches (list, entry, score),
 * and the summary's eight items with their state. `null` shows that no investigation ran yet. `title` heads it (the
 * renter's 'Resultado de tu investigación' by default). With `payable` (the renter) the investigation's fee (transaction
 * ic) shows its status and, while pending, the PayButton (issue 13); `onPaid` runs after an e-money payment.
 */
export function InvestigationResults({ investigation, title = M.form.result, payable = false, onPaid }: { investigation: TInvestigationView | null; title?: string; payable?: boolean; onPaid?: () => void }) {
  if (investigation === null) return <Text size="sm" c="dimmed">{OFFER_MESSAGES.ui.investigationPending}</Text>;
  const inv = investigation;
  return (
    <Stack gap="sm" data-testid="investigation-results">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} fz="md">{title}</Title>
        <Badge variant="light" color={inv.status === 'failed' ? 'red' : inv.status === 'completed' ? 'teal' : 'gray'}>{M.status[inv.status]}</Badge>
      </Group>
      {payable && inv.transaction ? (
        <Group gap="sm" wrap="wrap" data-testid="investigation-fee">
          <Text size="sm">{M.icTransactionDescription}: <Text span fw={700}>{mxnFromCents(inv.transaction.amount_cents)}</Text></Text>
          <Badge variant="light" color={inv.transaction.tstatus === 'completed' ? 'teal' : inv.transaction.tstatus === 'pending' ? 'yellow' : 'gray'}>{PAYMENTS_MESSAGES.statusLabels[inv.transaction.tstatus]}</Badge>
          {inv.transaction.tstatus === 'pending' ? <PayButton tuids={[inv.transaction.tuid]} amountCents={inv.transaction.amount_cents} onPaid={onPaid} /> : null}
        </Group>
      ) : null}
      {inv.status === 'failed' && inv.failure_msg ? <Alert color="red" variant="light" role="alert">{inv.failure_msg}</Alert> : null}
      {inv.outcome ? (
        <Group gap="sm" wrap="wrap">
          <Text size="sm">{M.form.score}: <Text span fw={700}>{inv.credit_score ?? '—'}</Text>{inv.credit_score_reasons.length ? ` (${inv.credit_score_reasons.join(', ')})` : ''}</Text>
          <Badge variant="light" color={OUTCOME_COLOR[inv.outcome]} data-testid="investigation-outcome">{M.outcome[inv.outcome]}</Badge>
        </Group>
      ) : null}
      {inv.outcome_reasons.length > 0 ? <List size="sm">{inv.outcome_reasons.map((r) => <List.Item key={r.code}>{r.text}</List.Item>)}</List> : null}
      {inv.outcome && inv.blacklist_matches.length + inv.pld_matches.length === 0 && !inv.outcome_reasons.some((r) => r.code === 'lists_unavailable')
        ? <Text size="sm">{M.form.noMatches}</Text> : null}
      <Matches title={M.summary.blacklists} matches={inv.blacklist_matches} />
      <Matches title={M.summary.international_lists} matches={inv.pld_matches} />
      <List spacing={4} size="sm" listStyleType="none" data-testid="investigation-summary">
        {inv.summary.map((item) => (
          <List.Item key={item.key}>
            <Group gap={8} wrap="nowrap">
              <Badge size="sm" variant="light" color={STATE_COLOR[item.state]} miw={120} style={{ flexShrink: 0 }}>{M.summaryState[item.state]}</Badge>
              <Text size="sm">{item.label}{item.detail ? ` · ${item.detail}` : ''}</Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
