import { Avatar, Badge, Container, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PROFILE_MESSAGES as M } from '@nj/contracts/profiles/messages';
import type { TPublicProfile } from '@nj/contracts/profiles/schemas';
import { CheckIcon } from '../layout/icons.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { monthYearLabel } from './format.ts';
import { Stars } from './Stars.tsx';

/**
 * /perfil?u={uid} (spec 02 §2; issue 11): a client's public profile — photo (or initial), nickname, 'Asesor
 * inmobiliario' for agents, 'Miembro desde marzo de 2024', verification badges, the visit rating (stars, average,
 * label and count) and the bio, then the latest commented reviews (no author). Only what profilePolicy made public.
 */
export function ProfilePage({ profile: p }: { profile: TPublicProfile }) {
  const name = p.nickname ?? M.noName;
  const flags: string[] = [
    p.is_identity_verified ? M.identityVerified : null,
    p.is_email_verified ? M.emailVerified : null,
    p.is_phone_verified ? M.phoneVerified : null,
  ].filter((f) => f !== null);
  return (
    <>
      <NavBar variant="properties" />
      <main>
        <Container size="sm" py="xl">
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="profile">
            <Group gap="lg" wrap="nowrap" align="center">
              <Avatar src={p.photo?.url ?? null} alt={p.photo ? M.photoAlt(name) : undefined} size={96} radius={96} color="brand">
                <Text component="span" fz={36} fw={700}>{name.slice(0, 1).toUpperCase()}</Text>
              </Avatar>
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }} data-testid="profile-nickname">{name}</Title>
                {p.is_agent ? <Text size="sm" fw={600} c="brand.8">{M.agent}</Text> : null}
                <Text size="sm" c="dimmed">{M.memberSince(monthYearLabel(p.member_since))}</Text>
                {p.response_time ? <Text size="sm" fw={600} c="teal.8" data-testid="response-badge">{p.response_time}</Text> : null}
              </Stack>
            </Group>

            <Stack gap="xs" mt="lg">
              <Title order={2} fz="md">{M.verificationsTitle}</Title>
              {flags.length ? (
                <Group gap="xs">
                  {flags.map((f) => (
                    <Badge key={f} color="teal" variant="light" size="lg" radius="sm" leftSection={<CheckIcon size={14} />}>{f}</Badge>
                  ))}
                </Group>
              ) : <Text size="sm" c="dimmed">{M.notVerified}</Text>}
            </Stack>

            <Stack gap="xs" mt="lg">
              <Title order={2} fz="md">{M.ratingTitle}</Title>
              {p.rating.count > 0 && p.rating.average !== null ? (
                <Group gap="sm" align="center">
                  <Stars value={p.rating.average} label={M.ratingStars(p.rating.average, p.rating.label)} size={24} />
                  <Text fw={700} fz="lg" aria-hidden="true">{p.rating.average.toLocaleString('es-MX', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</Text>
                  <Text fw={600} aria-hidden="true">{p.rating.label}</Text>
                  <Text size="sm" c="dimmed">({M.ratingCount(p.rating.count)})</Text>
                </Group>
              ) : <Text size="sm" c="dimmed">{M.noRatings}</Text>}
            </Stack>

            {p.bio ? (
              <Stack gap="xs" mt="lg">
                <Title order={2} fz="md">{M.bioTitle}</Title>
                <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{p.bio}</Text>
              </Stack>
            ) : null}

            {p.reviews.length ? (
              <>
                <Divider my="lg" />
                <Title order={2} fz="md" mb="sm">{M.reviewsTitle}</Title>
                <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {p.reviews.map((r, i) => (
                    <li key={i}>
                      <Group gap="xs" align="center">
                        <Stars value={r.rating} label={M.ratingStars(r.rating, r.label)} size={16} />
                        <Text size="sm" fw={600} aria-hidden="true">{r.label}</Text>
                        <Text size="xs" c="dimmed">{monthYearLabel(r.month)}</Text>
                      </Group>
                      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>{r.comment}</Text>
                    </li>
                  ))}
                </Stack>
              </>
            ) : null}
          </Paper>
        </Container>
      </main>
    </>
  );
}
