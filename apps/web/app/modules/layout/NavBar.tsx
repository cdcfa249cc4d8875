import { PAYMENTS_MESSAGES } from '@nj/contracts/payments/messages';
import { Link } from 'react-router';
import { Anchor, Avatar, Badge, Burger, Button, Divider, Drawer, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ACCOUNTS_UI_MESSAGES as A } from '@nj/contracts/accounts/messages';
import { REFERRALS_MESSAGES } from '@nj/contracts/referrals/messages';
import { NAVIGATION_MESSAGES as N } from '@nj/contracts/navigation/messages';
import { ADS_MESSAGES } from '@nj/contracts/ads/messages';
import { AGENCY_MESSAGES } from '@nj/contracts/agencies/messages';
import { SAVED_SEARCH_MESSAGES } from '@nj/contracts/saved-searches/messages';
import { Logo } from './Logo.tsx';
import { useOptionalSession } from '../accounts/session.tsx';
import { photoUrl } from '../accounts/api.ts';
import { useUnreadCount } from '../chat/hooks.ts';
import { CHAT_UI_MESSAGES } from '@nj/contracts/rents/messages';
import { RENT_PAGES_MESSAGES } from '@nj/contracts/rents/page-messages';
import { GUARANTOR_MESSAGES } from '@nj/contracts/rents/guarantor-messages';
import { useSite } from '../sites/use-site.ts';
import { SiteNavBar } from '../sites/SiteNavBar.tsx';

/**
 * Page kinds of spec 01 §2 "Navigation bars" this bar serves: landing, properties (with the embedded search),
 * referrer (button 'Recibir mis $10 dólares'), owners and realEstateAgents (their create-account destinations).
 */
export type NavBarVariant = 'landing' | 'properties' | 'referrer' | 'owners' | 'realEstateAgents';

type NavItem = { to: string; label: string };

/**
 * Where Crear Cuenta leads after signing up, and where a signed-in user goes, on the owners and agents pages (spec
 * 01 §2): owners to /mis-propiedades or /crear-propiedad, agents to /agency-control-panel.
 */
const AFTER_SIGN_UP: Partial<Record<NavBarVariant, string>> = {
  owners: '/mis-propiedades',
  realEstateAgents: '/agency-control-panel',
};
const SIGNED_IN_CTA: Partial<Record<NavBarVariant, string>> = {
  owners: '/crear-propiedad',
  realEstateAgents: '/agency-control-panel',
};

/**
 * Menu destinations of spec 01 §2 whose features are not built yet (messages, help centre, agent sign-up and
 * dashboard, support, IJA and association panels): their items stay hidden until they are (issue 9 §5), so no menu
 * item leads to a 404. Remove a path here when its page ships.
 */
const NOT_BUILT = new Set(['/agent-dashboard/ija']);
const isBuilt = (item: NavItem) => !NOT_BUILT.has(item.to.split('?')[0]!);

/** The unread messages of the signed-in client next to 'Mensajes' (rendered only inside the session's providers). */
function UnreadBadge() {
  const unread = useUnreadCount(true);
  if (!unread.count) return null;
  const shown = unread.count > 99 ? '99+' : `${unread.count}${unread.more ? '+' : ''}`;
  return (
    <Badge size="sm" circle={shown.length < 2} color="red" className="nj-nav-unread" data-testid="nav-unread">
      <span aria-hidden="true">{shown}</span>
      <VisuallyHidden>{CHAT_UI_MESSAGES.unreadBadge(unread.count)}</VisuallyHidden>
    </Badge>
  );
}

/**
 * Navigation bar (spec 01 §2). Logged out: Sitios web, Para asesores, Publicar una propiedad (landing only), Buscar
 * propiedades, Iniciar Sesión and Crear Cuenta (they open the modals). Logged in: Mensajes, Publicar propiedad,
 * Cuenta (agents and agency administrators: 'Ir a Inicio' → /agent-dashboard) and the profile dropdown with the
 * avatar; an agency's administrator also gets 'Panel de la agencia' (/agency-control-panel?tab=dashboard); 'Soy agente
 * inmobiliario, darme de alta' is hidden for agents and agency administrators; support sees 'Panel de soporte' and 'Base de datos', ija the
 * IJA menu, association_admin the association panel. Below 992 px the items move into a drawer. Items whose pages
 * are not built yet (NOT_BUILT) are hidden (issue 9 §5).
 */
export function NavBar(props: { variant: NavBarVariant; search?: ReactNode; onReferralClaim?: () => void }) {
  // On a branded site's host its own bar (issue 15; spec 01 §2 'Association sites').
  const site = useSite();
  return site ? <SiteNavBar site={site} variant={props.variant} search={props.search} /> : <ProductNavBar {...props} />;
}

/** The product's own navigation bar (see NavBar). */
function ProductNavBar({ variant, search, onReferralClaim }: { variant: NavBarVariant; search?: ReactNode; onReferralClaim?: () => void }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useOptionalSession();
  const ready = session?.status === 'ready';
  const registered = !!session?.registered;
  const client = session?.client ?? null;
  const settings = session?.settings ?? null;
  const privileges = settings?.privileges ?? [];
  const isAgent = !!settings?.is_agent;
  // An agency's administrator works from the agent dashboard and their agency panel, like an approved agent.
  const isAgencyAdmin = !!settings?.is_agency_admin;

  const openAuth = (mode: 'login' | 'signup') => {
    close();
    const redirectTo = AFTER_SIGN_UP[variant];
    session?.openModal(mode === 'login' ? { name: 'login', redirectTo } : { name: 'signup', redirectTo });
  };

  const publicLinks: NavItem[] = [
    { to: '/paginas-web', label: N.websites },
    { to: '/asesores-inmobiliarios', label: N.forAdvisers },
    ...(variant === 'landing' ? [{ to: '/publica-una-propiedad', label: N.publishProperty }] : []),
    { to: '/propiedades', label: N.searchProperties },
  ];
  // Agents' (and agency administrators') home is their dashboard (spec 01 §2); until it is built they keep Cuenta.
  const home: NavItem = (isAgent || isAgencyAdmin) && !NOT_BUILT.has('/agent-dashboard') ? { to: '/agent-dashboard', label: A.navAgentHome } : { to: '/cuenta', label: A.navAccount };
  const signedLinks: NavItem[] = [
    { to: '/chat', label: A.navMessages },
    { to: '/crear-propiedad', label: A.navPublish },
    home,
  ].filter(isBuilt);
  const menuLinks: NavItem[] = [
    home,
    { to: '/favoritos', label: A.navFavorites },
    { to: '/busquedas-guardadas', label: SAVED_SEARCH_MESSAGES.pageTitle },
    { to: '/pagos', label: PAYMENTS_MESSAGES.pageTitle },
    { to: '/propiedades-contactadas', label: RENT_PAGES_MESSAGES.contacted.navLabel },
    { to: '/invitaciones', label: GUARANTOR_MESSAGES.navLabel },
    { to: '/mis-propiedades', label: A.navMyProperties },
    { to: '/centro-de-ayuda', label: A.navHelp },
    ...(isAgencyAdmin ? [{ to: '/agency-control-panel?tab=dashboard', label: AGENCY_MESSAGES.controlPanelTitle }] : []),
    ...(isAgent || isAgencyAdmin ? [] : [{ to: '/agency-control-panel', label: A.navBecomeAgent }]),
    ...(privileges.includes('support') ? [{ to: '/tickets', label: A.navSupportPanel }, { to: '/db', label: A.navDatabase }, { to: '/anuncios', label: ADS_MESSAGES.adsListed }] : []),
    ...(privileges.includes('ija') ? [{ to: '/agent-dashboard/ija?tab=menu', label: A.navIja }] : []),
    ...(privileges.includes('association_admin') ? [{ to: '/associations-control-panel', label: A.navAssociationAdmin }] : []),
  ].filter(isBuilt);

  const cta = variant === 'referrer' && onReferralClaim
    ? <Button size="sm" color="teal" onClick={() => { close(); onReferralClaim(); }}>{REFERRALS_MESSAGES.rewardButton}</Button>
    : registered && SIGNED_IN_CTA[variant]
      ? <Button component={Link} to={SIGNED_IN_CTA[variant]!} size="sm" onClick={close}>{SIGNED_IN_CTA[variant] === '/crear-propiedad' ? A.navPublish : isAgent || isAgencyAdmin ? AGENCY_MESSAGES.controlPanelTitle : A.becomeAgent}</Button>
      : null;

  // 'Mensajes' carries the unread count, updated live (issue 11); only signed-in bars list it.
  const linkList = (items: NavItem[], vertical: boolean) => items.map((l) => (
    <Anchor key={l.to + l.label} component={Link} to={l.to} c="dark.6" fw={500} size="sm" onClick={close} py={vertical ? 4 : 0}>
      {l.label}
      {l.to === '/chat' ? <UnreadBadge /> : null}
    </Anchor>
  ));

  const avatar = (
    <Avatar src={photoUrl(client)} alt={client?.nickname ?? ''} radius="xl" size={34} color="brand">
      {(client?.nickname ?? client?.email ?? '?').slice(0, 1).toUpperCase()}
    </Avatar>
  );

  const desktop = !ready ? null : registered ? (
    <>
      {linkList(signedLinks, false)}
      {cta}
      <Menu position="bottom-end" width={280} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton className="nj-nav-avatar-btn" aria-label={A.navProfileMenu}>{avatar}</UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{client?.nickname ?? client?.email}</Menu.Label>
          {menuLinks.map((l) => <Menu.Item key={l.to + l.label} component={Link} to={l.to}>{l.label}</Menu.Item>)}
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => void session?.logout()}>{A.navLogout}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  ) : (
    <>
      {linkList(publicLinks, false)}
      {cta}
      <Button variant="subtle" size="sm" onClick={() => openAuth('login')}>{N.signIn}</Button>
      <Button size="sm" onClick={() => openAuth('signup')}>{N.signUp}</Button>
    </>
  );

  const mobile = !ready ? null : registered ? (
    <Stack gap="sm" align="flex-start">
      <Group gap="sm">{avatar}<Text fw={600} size="sm">{client?.nickname ?? client?.email}</Text></Group>
      {cta}
      {linkList(signedLinks.filter((l) => !menuLinks.some((m) => m.to === l.to)), true)}
      {linkList(menuLinks, true)}
      <Divider w="100%" />
      <Button variant="subtle" color="red" px={0} onClick={() => { close(); void session?.logout(); }}>{A.navLogout}</Button>
    </Stack>
  ) : (
    <Stack gap="sm" align="flex-start">
      {linkList(publicLinks, true)}
      {cta}
      <Button variant="subtle" size="sm" px={0} onClick={() => openAuth('login')}>{N.signIn}</Button>
      <Button size="sm" onClick={() => openAuth('signup')}>{N.signUp}</Button>
    </Stack>
  );

  return (
    <header className="nj-navbar" data-variant={variant}>
      <Group justify="space-between" wrap="nowrap" gap="md" h="100%" px="md">
        <Link to="/" aria-label={`${N.brand}, ${N.home}`} className="nj-logo-link">
          <Logo />
        </Link>
        {search ? <div className="nj-navbar-search">{search}</div> : null}
        <nav aria-label={N.mainNavigation} className="nj-navbar-links">
          <Group gap="md" wrap="nowrap">
            {desktop}
          </Group>
        </nav>
        <Burger opened={opened} onClick={toggle} aria-label={N.menu} className="nj-navbar-burger" size="sm" />
      </Group>
      <Drawer opened={opened} onClose={close} position="right" size="xs" title={N.menu}>
        <nav aria-label={N.mainNavigation}>{mobile}</nav>
      </Drawer>
    </header>
  );
}
