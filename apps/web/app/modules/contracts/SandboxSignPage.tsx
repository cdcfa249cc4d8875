import { useState } from 'react';
import { Alert, Anchor, Button, Center, Checkbox, Container, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CONTRACT_MESSAGES } from '@nj/contracts/rent-contracts/messages';
import { errorMessage } from '../accounts/api.ts';
import { apiUrl } from '../api/client.ts';
import { getSandboxSigner, postSandboxSign } from './contract-api.ts';

const M = CONTRACT_MESSAGES.ui;

/**
 * /firma/{slug}: the sandbox e-signature provider's signing page (ESIGN_PROVIDER=sandbox; what DocuSeal's own page
 * does in production): the signer reads the contract and signs by typing their full name and accepting. The slug is
 * the signer's credential, as in DocuSeal's links.
 */
export function SandboxSignPage() {
  const { slug = '' } = useParams();
  const client = useQueryClient();
  const signer = useQuery({ queryKey: ['sandbox-signer', slug], queryFn: ({ signal }) => getSandboxSigner(slug, signal), retry: 0 });
  const [name, setName] = useState('');
  const [accept, setAccept] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  let body: React.ReactNode;
  if (signer.isError) body = <Alert color="red" role="alert">{errorMessage(signer.error, CONTRACT_MESSAGES.signerNotFound)}</Alert>;
  else if (!signer.data) body = <Center h={160}><Loader aria-label={M.sandboxTitle} /></Center>;
  else if (signer.data.signed) body = <Alert color="green" role="status" data-testid="sandbox-signed">{M.sandboxDone}</Alert>;
  else {
    body = (
      <form onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        void postSandboxSign(slug, { full_name: name, accept })
          .then((data) => client.setQueryData(['sandbox-signer', slug], data))
          .catch((e: unknown) => setError(errorMessage(e, CONTRACT_MESSAGES.providerUnavailable)))
          .finally(() => setBusy(false));
      }}>
        <Stack gap="md">
          <Text>{signer.data.document_title} · {signer.data.roleLabel}: <strong>{signer.data.name}</strong></Text>
          <Anchor href={apiUrl(`/v1/esign/sandbox/${encodeURIComponent(slug)}/pdf`)} target="_blank" rel="noopener">{M.sandboxRead}</Anchor>
          <TextInput label={M.sandboxNameLabel} value={name} onChange={(e) => setName(e.currentTarget.value)} required autoComplete="name" />
          <Checkbox label={M.sandboxAccept} checked={accept} onChange={(e) => setAccept(e.currentTarget.checked)} />
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Button type="submit" loading={busy}>{M.sandboxSign}</Button>
        </Stack>
      </form>
    );
  }
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="lg">
        <Title order={1} size="h2">{M.sandboxTitle}</Title>
        {body}
      </Stack>
    </Container>
  );
}
