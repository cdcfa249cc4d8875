import { Anchor, Group, List, Stack, Text, Title } from '@mantine/core';
import { DOCUMENT_KIND_LABELS, DOCUMENT_PERSON_LABELS } from '@nj/contracts/documents/constants';
import { DOCUMENT_MESSAGES as M } from '@nj/contracts/documents/messages';
import type { TReviewDocument } from '@nj/contracts/documents/schemas';

/**
 * The applicant's documents in the owner's 'Solicitud de renta' (issue 12 'The owner's decision'): kind and person,
 * each opening in a new tab as a watermarked copy ('Solo para la renta de {dirección} — {fecha}'); never the
 * original.
 */
export function ReviewDocuments({ documents }: { documents: TReviewDocument[] | undefined }) {
  return (
    <Stack gap={6} data-testid="review-documents">
      <Title order={3} fz="md">{M.reviewTitle}</Title>
      <Text size="sm" c="dimmed">{M.reviewHelp}</Text>
      {!documents || documents.length === 0 ? <Text size="sm">{M.reviewEmpty}</Text> : (
        <List size="sm" spacing={4}>
          {documents.map((d) => (
            <List.Item key={d.slug}>
              <Group gap={6}>
                <Anchor href={d.url} target="_blank" rel="noopener">{DOCUMENT_KIND_LABELS[d.kind]}</Anchor>
                <Text size="sm" c="dimmed">· {DOCUMENT_PERSON_LABELS[d.person]}</Text>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
