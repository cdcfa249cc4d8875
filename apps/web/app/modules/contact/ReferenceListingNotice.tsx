import { Button, Text, Title } from '@mantine/core';
import { DETAIL_MESSAGES as D } from '@nj/contracts/property-detail/messages';

/**
 * What a listing without an advertiser account shows instead of a contact form (issue 9 §4): it is a reference
 * listing and nobody here would read a message; what the visitor can do (share and like are beside it) and a link
 * to the similar listings further down.
 */
export function ReferenceListingNotice({ hasSimilar }: { hasSimilar: boolean }) {
  return (
    <section className="nj-reference" aria-labelledby="reference-title" data-testid="reference-listing">
      <Title order={2} fz="lg" id="reference-title">{D.referenceTitle}</Title>
      <Text size="sm" mt="xs">{D.referenceText}</Text>
      {hasSimilar ? <Button component="a" href="#similar-title" variant="light" fullWidth mt="sm">{D.seeSimilar}</Button> : null}
    </section>
  );
}
