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
  // Domain verification (decision 030 'Domain verification').
  productDomain: 'Ese dominio es el de NJ Inmuebles; usa un dominio tuyo',
  verifyDomain: 'Verificar dominio',
  domainVerified: 'Dominio verificado',
  domainNotVerified: 'Dominio sin verificar: tu sitio no se mostrará hasta verificarlo',
  noDomain: 'Primero guarda el dominio de tu sitio',
  verificationMissing: (name: string) => `No encontramos el registro TXT ${name} con el valor indicado; si acabas de crearlo, espera unos minutos e inténtalo de nuevo`,
  verificationHelp: (name: string, value: string) => `Para verificar tu dominio, crea en tu proveedor de DNS un registro TXT con el nombre ${name} y el valor ${value}. Después pulsa «Verificar dominio».`,
  // Sessions made on a branded site (decision 031 'Site sessions').
  siteSessionForbidden: 'Esta sesión es de un sitio de marca: esta acción solo está disponible en NJ Inmuebles',
  siteUnavailable: 'No pudimos cargar el sitio; inténtalo de nuevo en unos momentos',
} as const;
