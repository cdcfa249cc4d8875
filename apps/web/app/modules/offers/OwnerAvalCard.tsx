import { useState } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GUARANTOR_MESSAGES as G } from '@nj/contracts/rents/guarantor-messages';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { GUARANTOR_KEYS_Q, getRentProcess, postAvalApproval } from '../guarantors/api.ts';
import { AvalChips } from './GuarantorSection.tsx';

const mxn = (n: number) => n.toLocaleString('es-MX', { style: 'currency', currency: 'MXN' });

/**
 * The guarantor in the owner's 'Solicitud de renta' (spec 03 §3 "Owner's application detail": aval; issue 12 'The
 * guarantor'): type, confirmation and approval chips, the guarantee's address or the insurer's premium, and while
 * the proposal awaits the owner's decision (on_offer) 'Aprobar aval' / 'No aprobar' for a guarantor who accepted.
 */
export function OwnerAvalCard({ ruid }: { ruid: string }) {
  const queryClient = useQueryClient();
  const process = useQuery({ queryKey: GUARANTOR_KEYS_Q.process(ruid), queryFn: ({ signal }) => getRentProcess(ruid, signal), retry: 0 });
  const [busy, setBusy] = useState(false);
  if (!process.data) return null;
  const { aval, rent } = process.data;
  const decide = async (isApproved: boolean) => {
    if (!aval) return;
    setBusy(true);
    try {
      const fresh = await postAvalApproval(aval.aval_process_uid, isApproved);
      queryClient.setQueryData(GUARANTOR_KEYS_Q.process(ruid), { ...process.data, aval: fresh });
      toast('success', G.approvalSaved);
    } catch (error) {
      toast('danger', errorMessage(error, G.loadFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="sm" radius="md" data-testid="owner-aval">
      <Stack gap={6}>
        <Text size="sm" c="dimmed">{G.avalTitle}</Text>
        {aval ? (
          <>
            <AvalChips aval={aval} />
            {aval.guarantee ? <Text size="sm">{G.guaranteeAt(aval.guarantee.addr)}</Text> : null}
            {aval.has_guarantee_document ? <Text size="sm">{G.guaranteeDocumentLabel.split(' (')[0]}: {G.guaranteeDocumentUploaded.toLowerCase()}</Text> : null}
            {aval.insurer?.premium != null ? <Text size="sm">{G.premium(mxn(aval.insurer.premium))}</Text> : null}
            {rent.step === 'on_offer' && aval.atype !== 'nowo' && aval.is_aval_confirmed ? (
              <Group gap="sm">
                <Button size="compact-sm" variant="light" color="teal" loading={busy} onClick={() => void decide(true)}>{G.approveAval}</Button>
                <Button size="compact-sm" variant="default" disabled={busy} onClick={() => void decide(false)}>{G.disapproveAval}</Button>
              </Group>
            ) : null}
          </>
        ) : <Text size="sm">{G.ownerNoAval}</Text>}
      </Stack>
    </Card>
  );
}
