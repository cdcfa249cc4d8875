import { Link } from 'react-router';
import { Anchor, Burger, Button, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { NAVIGATION_MESSAGES as N } from '@nj/contracts';
import { Logo } from './Logo.tsx';

/**
 * Navigation bar for visitors (spec 01 §2 "Navigation bars", logged out): Sitios web, Para asesores, Publicar una
 * propiedad (landing only), Buscar propiedades, Iniciar Sesión, Crear Cuenta. `variant` 'properties' embeds the
 * search bar (passed as `search`). Sign-in and sign-up pages arrive with the accounts issue.
 */
export function NavBar({ variant, search }: { variant: 'landing' | 'properties'; search?: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const links = [
    { to: '/paginas-web', label: N.websites },
    { to: '/asesores-inmobiliarios', label: N.forAdvisers },
    ...(variant === 'landing' ? [{ to: '/publica-una-propiedad', label: N.publishProperty }] : []),
    { to: '/propiedades', label: N.searchProperties },
  ];
  const items = (vertical: boolean) => (
    <>
      {links.map((l) => (
        <Anchor key={l.to} component={Link} to={l.to} c="dark.6" fw={500} size="sm" onClick={close} py={vertical ? 4 : 0}>
          {l.label}
        </Anchor>
      ))}
      <Button component={Link} to="/iniciar-sesion" variant="subtle" size="sm" onClick={close}>
        {N.signIn}
      </Button>
      <Button component={Link} to="/crear-cuenta" size="sm" onClick={close}>
        {N.signUp}
      </Button>
    </>
  );
  return (
    <header className="nj-navbar" data-variant={variant}>
      <Group justify="space-between" wrap="nowrap" gap="md" h="100%" px="md">
        <Link to="/" aria-label={N.home} className="nj-logo-link">
          <Logo />
        </Link>
        {search ? <div className="nj-navbar-search">{search}</div> : null}
        <nav aria-label={N.mainNavigation} className="nj-navbar-links">
          <Group gap="md" wrap="nowrap">
            {items(false)}
          </Group>
        </nav>
        <Burger opened={opened} onClick={toggle} aria-label={N.menu} className="nj-navbar-burger" size="sm" />
      </Group>
      <Drawer opened={opened} onClose={close} position="right" size="xs" title={N.menu}>
        <nav aria-label={N.mainNavigation}>
          <Stack gap="sm" align="flex-start">
            {items(true)}
          </Stack>
        </nav>
      </Drawer>
    </header>
  );
}
