import { Avatar, Group, Stack, Text, Title } from '@mantine/core';
import { DETAIL_MESSAGES as D } from '@nj/contracts/property-detail/messages';
import type { TPublicAdvertiser } from '@nj/contracts/property-detail/schemas';
import { CheckIcon } from '../layout/icons.tsx';
import { memberSinceLabel } from './advertiser.ts';

/**
 * The advertiser box of a listing's detail page (issue 9 §4): name, photo, whether an agent or a private owner,
 * bio, verification flags and member since — only what the server's advertiserPolicy made public (no e-mail, no
 * phone: people reach the advertiser through the contact form below it).
 */
export function AdvertiserBox({ advertiser: a }: { advertiser: TPublicAdvertiser }) {
  const name = a.nickname ?? D.advertiserNoName;
  const flags: string[] = [
    a.is_identity_verified ? D.identityVerified : null,
    a.is_email_verified ? D.emailVerified : null,
    a.is_phone_verified ? D.phoneVerified : null,
  ].filter((f) => f !== null);
  return (
    <section className="nj-advertiser" aria-labelledby="advertiser-title" data-testid="advertiser-box">
      <Title order={2} fz="lg" id="advertiser-title">{D.advertiserTitle}</Title>
      <Group gap="sm" mt="sm" wrap="nowrap" align="flex-start">
        <Avatar src={a.photo?.thumbUrl ?? null} alt={a.photo ? D.advertiserPhoto(name) : undefined} size={56} radius="xl" color="brand">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={2}>
          <Text fw={700}>{name}</Text>
          <Text size="sm" c="dimmed">{a.is_agent ? D.advertiserAgent : D.advertiserOwner}</Text>
          <Text size="sm" c="dimmed">{D.memberSince(memberSinceLabel(a.member_since))}</Text>
          {a.response_time ? <Text size="sm" fw={600} c="teal.8" data-testid="response-badge">{a.response_time}</Text> : null}
        </Stack>
      </Group>
      {a.bio ? <Text size="sm" mt="sm" lineClamp={4}>{a.bio}</Text> : null}
      <ul className="nj-advertiser-flags">
        {flags.length
          ? flags.map((f) => <li key={f}><span className="nj-check"><CheckIcon size={14} /></span>{f}</li>)
          : <li className="nj-muted">{D.notVerified}</li>}
      </ul>
    </section>
  );
}
