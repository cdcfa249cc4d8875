/**
 * Spanish texts of white-label sites (issue 15 'White-label sites'; spec 01 §2 'Association sites', spec 03 §2
 * 'Branded sites'; decision 030), defined once for the server and the browser. The directory's texts are the
 * associations' (ASSOCIATION_MESSAGES.directoryTitle, noBio, directoryFailed).
 */
export const SITE_MESSAGES = {
  // POST /api/domain/info.
  found: 'Sitio encontrado',
  notFound: 'No hay un sitio registrado con ese dominio',
  domainInvalid: 'Indica un dominio válido, por ejemplo asociacion.mx',
  // Footer and navigation of a branded site.
  poweredBy: 'Powered by',
  opensInNewTab: '(en otra pestaña)',
  siteNavigation: 'Navegación del sitio',
  // The directory panel on /propiedades (spec 01 §2; its title and button: ASSOCIATION_MESSAGES.directoryTitle).
  directoryEmpty: 'Todavía no hay asesores en el directorio',
  showBio: 'Ver biografía',
  hideBio: 'Ocultar biografía',
  agentPhoto: (nickname: string) => `Foto de ${nickname}`,
  agencyLogo: (agency: string) => `Logotipo de ${agency}`,
} as const;
