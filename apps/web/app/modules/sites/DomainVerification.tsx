import { useState } from 'react';
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { SITE_MESSAGES as S } from '@nj/contracts/sites/messages';
import type { TAgency } from '@nj/contracts/agencies/schemas';
import { api } from '../api/client.ts';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';

/** POST /api/v1/agencies/{auid}/verify-domain — look up the `_nj-verificacion` TXT record (decision 030). */
export const verifyDomain = (auid: string) => api<TAgency>('POST', `/v1/agencies/${encodeURIComponent(auid)}/verify-domain`);

/**
 * Under the base-domain field of an agency's or association's settings (decision 030 'Domain verification'): whether
 * the saved domain is verified and, when it is not, the TXT record to create and the 'Verificar dominio' button.
 * Nothing without a saved domain. `invalidate`: the query holding the agency, refreshed after a verification.
 */
export function DomainVerification({ agency, invalidate }: { agency: TAgency; invalidate: readonly unknown[] }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!agency.base_domain || !agency.domain_verification) return null;
  if (agency.base_domain_verified) return <Text size="sm" c="teal.9" data-testid="domain-verified">{S.domainVerified}</Text>;
  const { record_name: name, record_value: value } = agency.domain_verification;
  const verify = async () => {
    setBusy(true);
    try {
      await verifyDomain(agency.auid);
      toast('success', S.domainVerified);
      await client.invalidateQueries({ queryKey: invalidate });
    } catch (err) {
      toast('danger', errorMessage(err, S.verificationMissing(name)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert color="yellow" title={S.domainNotVerified}>
      <Stack gap="xs">
        <Text size="sm">{S.verificationHelp(name, value)}</Text>
        <Group gap="xs"><Code>{name}</Code><Code>{value}</Code></Group>
        <Group><Button size="xs" variant="light" onClick={verify} loading={busy}>{S.verifyDomain}</Button></Group>
      </Stack>
    </Alert>
  );
}
