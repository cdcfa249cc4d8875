import { Link } from 'react-router';
import { Anchor, Burger, Button, Divider, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ACCOUNTS_UI_MESSAGES as A } from '@nj/contracts/accounts/messages';
import { NAVIGATION_MESSAGES as N } from '@nj/contracts/navigation/messages';
import type { TSite } from '@nj/contracts/sites/schemas';
import { useOptionalSession } from '../accounts/session.tsx';
import { PoweredBy } from './PoweredBy.tsx';

type NavItem = { to: string; label: string };

/**
 * The navigation bar of a branded site (spec 01 §2 'Association sites'; issue 15; decision 030), in the site's
 * primary colour with its text colour: the site's logo and page name (→ /propiedades), the page's search, 'Buscar
 * propiedades'; to a visitor 'Iniciar Sesión' (the branded login /iniciar-sesion); to a signed-in member of a private
 * site 'Mis propiedades' and 'Publicar propiedad'; to anyone signed in 'Cerrar sesión'. Chat, favourites, help and
 * the administration items of the product's bar are never shown here. 'Powered by' the product (a new tab) when the
 * site is not private. Below 992 px (1140 px with a search) the items move into a drawer.
 */
export function SiteNavBar({ site, variant, search }: { site: TSite; variant: string; search?: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useOptionalSession();
  const ready = session?.status === 'ready';
  const registered = !!session?.registered;
  const name = site.custom_page_name || site.name;
  const tone = site.text_on_primary;
  const items: NavItem[] = [
    { to: '/propiedades', label: N.searchProperties },
    ...(registered && site.is_private ? [{ to: '/mis-propiedades', label: A.navMyProperties }, { to: '/crear-propiedad', label: A.navPublish }] : []),
  ];
  const links = (vertical: boolean) => items.map((l) => (
    <Anchor key={l.to} component={Link} to={l.to} fw={500} size="sm" onClick={close} py={vertical ? 4 : 0} style={vertical ? undefined : { color: tone }}>
      {l.label}
    </Anchor>
  ));
  const account = !ready ? null : registered
    ? <Button variant="subtle" size="sm" onClick={() => { close(); void session?.logout(); }} style={{ color: 'inherit' }}>{A.navLogout}</Button>
    : <Button component={Link} to="/iniciar-sesion" size="sm" variant="white" onClick={close} c="dark.8">{N.signIn}</Button>;

  return (
    <header className="nj-navbar nj-site-navbar" data-variant={variant} style={{ background: site.color_primary, color: tone }}>
      <Group justify="space-between" wrap="nowrap" gap="md" h="100%" px="md">
        <Link to="/propiedades" aria-label={`${name}, ${N.searchProperties}`} className="nj-logo-link nj-site-logo" style={{ color: tone }}>
          {site.logo ? <img src={site.logo} alt="" width={36} height={36} className="nj-site-logo-img" /> : null}
          <span className="nj-logo-text nj-site-name">{name}</span>
        </Link>
        {search ? <div className="nj-navbar-search">{search}</div> : null}
        <nav aria-label={N.mainNavigation} className="nj-navbar-links">
          <Group gap="md" wrap="nowrap">
            {links(false)}
            {account}
            {site.is_private ? null : <PoweredBy tone={tone} />}
          </Group>
        </nav>
        <Burger opened={opened} onClick={toggle} aria-label={N.menu} className="nj-navbar-burger" size="sm" color={tone} />
      </Group>
      <Drawer opened={opened} onClose={close} position="right" size="xs" title={N.menu} closeButtonProps={{ 'aria-label': A.close }}>
        <nav aria-label={N.mainNavigation}>
          <Stack gap="sm" align="flex-start">
            {links(true)}
            {account}
            {site.is_private ? null : (<><Divider w="100%" /><PoweredBy tone="var(--mantine-color-dark-7)" /></>)}
          </Stack>
        </nav>
      </Drawer>
    </header>
  );
}

