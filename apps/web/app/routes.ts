import { type RouteConfig, index, route } from '@react-router/dev/routes';

/**
 * Routes of spec 01 §2. `/:segment` serves the place pages (/propiedades-en-{place}) and the category paths
 * (/casas, /departamentos-en-guadalajara, …); anything else it does not know is a 404.
 */
export default [
  index('routes/home.tsx'),
  route('propiedades', 'routes/propiedades.tsx'),
  route('propiedades/:id', 'routes/propiedad.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('sitemaps/:name', 'routes/sitemap-part.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('cuenta', 'routes/cuenta.tsx'),
  route('referido/:id', 'routes/referido.tsx'),
  route('referencia', 'routes/referencia.tsx'),
  route('restablecer-contrasena', 'routes/restablecer-contrasena.tsx'),
  route('dev/correos', 'routes/dev-correos.tsx'),
  route('favoritos', 'routes/favoritos.tsx'),
  route('pagos', 'routes/pagos.tsx'),
  route('pago-sandbox/:id', 'routes/pago-sandbox.tsx'),
  route('crear-propiedad', 'routes/crear-propiedad.tsx'),
  route('editar-propiedad/:puid', 'routes/editar-propiedad.tsx'),
  route('mis-propiedades', 'routes/mis-propiedades.tsx'),
  route('mis-propiedades/:puid/estadisticas', 'routes/mis-propiedades-estadisticas.tsx'),
  route('mis-propiedades/importar', 'routes/mis-propiedades-importar.tsx'),
  route('publica-una-propiedad', 'routes/publica-una-propiedad.tsx'),
  route('asesores-inmobiliarios', 'routes/asesores-inmobiliarios.tsx'),
  route('paginas-web', 'routes/paginas-web.tsx'),
  route('terminos-y-condiciones', 'routes/terminos-y-condiciones.tsx'),
  route('aviso-de-privacidad', 'routes/aviso-de-privacidad.tsx'),
  route('chat', 'routes/chat.tsx'),
  route('notificaciones/baja', 'routes/notificaciones-baja.tsx'),
  route('propiedades-contactadas/:ruid', 'routes/propiedad-contactada.tsx'),
  route('perfil', 'routes/perfil.tsx'),
  route('propiedades-contactadas', 'routes/propiedades-contactadas.tsx'),
  route('invitaciones', 'routes/invitaciones.tsx'),
  route('firma/:slug', 'routes/firma.tsx'),
  route('my-rent-inventory/:ruid', 'routes/my-rent-inventory.tsx'),
  route('property-dashboard/:puid', 'routes/property-dashboard.tsx'),
  route(':segment', 'routes/listing-segment.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
