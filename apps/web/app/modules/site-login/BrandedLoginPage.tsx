import { useEffect, useState } from 'react';
import { Box, Button, Center, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { SITE_LOGIN_MESSAGES as M } from '@nj/contracts/site-login/messages';
import { openLoginModal } from '../accounts/login-events.ts';
import { toast } from '../toast/toast.ts';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import type { TSite } from '@nj/contracts/sites/schemas';
import { centralLoginUrl, newLoginState, storeLoginState } from './state.ts';
import { PoweredBy } from '../sites/PoweredBy.tsx';

/** A button label that wraps on a narrow phone instead of being cut (long site or person names). */
export const WRAPPING_LABEL = { label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } } as const;

/** 'Cargando...' as a status (spec 03 §4 'Branded-site login': until the site is known). */
export function LoadingStatus() {
  return (
    <Stack align="center" gap="xs" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden />
      <Text>{M.loading}</Text>
    </Stack>
  );
}

/** What the branded login screen shows of its site (spec 03 §2 'Branded login screen'). */
export type BrandedLoginSite = Pick<TSite, 'name' | 'logo' | 'custom_page_name' | 'base_domain' | 'color_primary' | 'text_on_primary' | 'color_secondary' | 'text_on_secondary'>;

/**
 * The branded login screen of a site's host, /iniciar-sesion (spec 03 §2 'Branded sites', §4; issue 15 'Branded
 * login'): the site's logo and custom page name and one button 'Iniciar sesión con NJ Inmuebles' in the site's primary
 * colour (text black or white by the brightness rule; border and hover in the secondary colour), and 'Powered by' under
 * it (for every site, private ones too: this screen has no navigation bar). 'Cargando...' until the site is known and the page can act
 * (hydrated). The button keeps a new 12-character state in sessionStorage and goes to the central login on the
 * product host with return_to (the site's base domain) and the state.
 */
export function BrandedLoginPage({ site, productOrigin }: { site: BrandedLoginSite; productOrigin: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const title = site.custom_page_name || site.name;
  const go = () => {
    const state = newLoginState();
    if (!storeLoginState(state)) {
      toast('danger', COMMON_MESSAGES.generic);
      return;
    }
    window.location.assign(centralLoginUrl(productOrigin, site.base_domain, state));
  };
  return (
    <Box component="main" mih="100vh" bg="gray.0" py={{ base: 40, sm: 80 }} px="md">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} maw={440} mx="auto">
        <Stack align="center" gap="lg" ta="center">
          {site.logo
            ? <Image src={site.logo} alt={site.name} h={96} w="auto" fit="contain" />
            : <Center w={96} h={96} bg={site.color_primary} c={site.text_on_primary} fz={40} fw={700} style={{ borderRadius: '50%' }} aria-hidden>{site.name.slice(0, 1).toUpperCase()}</Center>}
          <Title order={1} fz={26}>{title}</Title>
          {ready ? (
            <>
              <Text c="dimmed">{M.brandedIntro(site.name)}</Text>
              <Button
                size="md" fullWidth h="auto" mih={42} py={8} onClick={go}
                style={{
                  // Primary fill, secondary border and hover (spec 03 §2: the site's colours).
                  '--button-bg': site.color_primary, '--button-color': site.text_on_primary, '--button-bd': `2px solid ${site.color_secondary}`,
                  '--button-hover': site.color_secondary, '--button-hover-color': site.text_on_secondary,
                } as React.CSSProperties}
                styles={WRAPPING_LABEL}
              >
                {M.signInWithProduct}
              </Button>
            </>
          ) : <LoadingStatus />}
        </Stack>
      </Paper>
      {/* Spec 03 §2: 'Powered by' on the branded login, also for private sites (the screen has no navigation bar). */}
      <Center mt="lg"><PoweredBy tone="var(--mantine-color-gray-7)" /></Center>
    </Box>
  );
}

/** /iniciar-sesion on the product's own host: the product's login modal. */
export function ProductLoginPage() {
  return (
    <Box component="main" py={80} px="md">
      <Stack align="center" gap="md" ta="center">
        <Title order={1} fz={26}>{M.productHostTitle}</Title>
        <Text c="dimmed">{M.productHostIntro}</Text>
        <Button onClick={() => openLoginModal({ redirectTo: '/' })}>{M.signInWithProduct}</Button>
      </Stack>
    </Box>
  );
}
