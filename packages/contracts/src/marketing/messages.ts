/**
 * The marketing pages of spec 01 §2 (issue 9 §5): /publica-una-propiedad (owners), /asesores-inmobiliarios (agents)
 * and /paginas-web (association and agency sites, behind 'Sitios web'). They describe only what the product does
 * today and lead to pages that exist.
 */

/** A benefit card: a short title and one sentence. */
export type MarketingPoint = { title: string; text: string };
/** A numbered step. */
export type MarketingStep = { title: string; text: string };
/** A question and its answer. */
export type MarketingQuestion = { question: string; answer: string };

export const MARKETING_MESSAGES = {
  owners: {
    metaTitle: 'Publica tu casa o departamento gratis en renta o venta',
    metaDescription: 'Publica tu propiedad en NJ Inmuebles sin costo: fotos, precio en pesos, ubicación en el mapa y estadísticas de visitas y contactos.',
    eyebrow: 'Para propietarios',
    title: 'Renta o vende tu propiedad sin intermediarios',
    subtitle: 'Publica gratis en minutos. Tu anuncio aparece en el mapa donde miles de personas buscan casa en México.',
    cta: 'Publicar mi propiedad',
    secondary: 'Ver cómo se ven los anuncios',
    pointsTitle: 'Lo que incluye tu anuncio',
    points: [
      { title: 'Publicación sin costo', text: 'No cobramos por publicar ni comisión por la renta o la venta que cierres.' },
      { title: 'En el mapa', text: 'Tu propiedad aparece en su ubicación real, con precio visible en el mapa y en la lista de resultados.' },
      { title: 'Fotos que venden', text: 'Sube tus fotos desde el celular: las optimizamos para que carguen rápido y se vean nítidas.' },
      { title: 'Estadísticas', text: 'Consulta cuántas veces apareció, cuántas personas la vieron, la guardaron o te contactaron.' },
      { title: 'Tú decides cuándo', text: 'Activa o desactiva tu anuncio en cualquier momento desde Mis propiedades.' },
      { title: 'Contactos por correo', text: 'Los interesados te escriben desde el anuncio y te avisamos por correo al instante.' },
    ] satisfies MarketingPoint[],
    stepsTitle: 'Publica en cuatro pasos',
    steps: [
      { title: 'Escribe la dirección', text: 'Búscala en el mapa y ajusta el punto exacto del inmueble.' },
      { title: 'Describe la propiedad', text: 'Tipo, renta o venta, precio, recámaras, baños, superficie y amenidades.' },
      { title: 'Sube tus fotos', text: 'Arrástralas y ordénalas; la primera será la portada.' },
      { title: 'Revisa y publica', text: 'Ve la vista previa y publica. Puedes editar tu anuncio cuando quieras.' },
    ] satisfies MarketingStep[],
    faqTitle: 'Preguntas frecuentes',
    faq: [
      { question: '¿Cuánto cuesta publicar?', answer: 'Nada. Publicar y mantener tu anuncio activo es gratis.' },
      { question: '¿Necesito una cuenta?', answer: 'Sí, para que solo tú puedas editar tu anuncio y recibir los contactos. Puedes crearla con tu correo o con Google o Facebook.' },
      { question: '¿Puedo publicar en renta y en venta a la vez?', answer: 'Sí. Indica ambos precios y tu propiedad aparecerá en las dos búsquedas.' },
      { question: '¿Cómo quito mi anuncio cuando ya lo renté?', answer: 'Desde Mis propiedades, desactívalo con un clic; deja de aparecer en las búsquedas al momento.' },
    ] satisfies MarketingQuestion[],
  },
  agents: {
    metaTitle: 'Portal inmobiliario para asesores e inmobiliarias en México',
    metaDescription: 'Publica tu inventario en el mapa de NJ Inmuebles, recibe contactos por correo y mide el desempeño de cada propiedad.',
    eyebrow: 'Para asesores inmobiliarios',
    title: 'Tu inventario, en el mapa que consultan tus clientes',
    subtitle: 'Publica todas tus propiedades en renta y venta, recibe contactos de interesados reales y mide qué funciona.',
    cta: 'Crear cuenta de asesor',
    ctaSignedIn: 'Publicar una propiedad',
    secondary: 'Explorar el mapa',
    pointsTitle: 'Herramientas para tu día a día',
    points: [
      { title: 'Sin límite de anuncios', text: 'Publica casas, departamentos, terrenos, locales, oficinas, bodegas y naves industriales.' },
      { title: 'Métricas por propiedad', text: 'Apariciones, tasa de clics, vistas, favoritos y contactos de cada anuncio, día por día.' },
      { title: 'Precios en tu moneda', text: 'Publica en pesos, dólares o euros; los compradores filtran por su presupuesto en pesos.' },
      { title: 'Comisiones claras', text: 'Indica la comisión de cada operación: porcentaje, meses de renta o cantidad fija.' },
      { title: 'Perfil verificado', text: 'Verifica tu correo y tu teléfono para dar confianza a quien te contacta.' },
      { title: 'Contactos directos', text: 'Los mensajes de los interesados llegan a tu correo con sus datos para responder de inmediato.' },
    ] satisfies MarketingPoint[],
    stepsTitle: 'Empieza hoy',
    steps: [
      { title: 'Crea tu cuenta', text: 'Con tu correo, o con Google o Facebook.' },
      { title: 'Completa tu perfil', text: 'Tu foto y una descripción breve ayudan a que te contacten.' },
      { title: 'Publica tu inventario', text: 'Cada propiedad con su ubicación, fotos y comisión.' },
      { title: 'Da seguimiento', text: 'Revisa las estadísticas y actualiza precios o fotos cuando haga falta.' },
    ] satisfies MarketingStep[],
    faqTitle: 'Preguntas frecuentes',
    faq: [
      { question: '¿Tiene costo para asesores?', answer: 'Hoy publicar es gratis para todos. Si en el futuro ofrecemos planes con funciones adicionales, lo avisaremos antes y tus anuncios seguirán publicados.' },
      { question: '¿Puedo importar mis propiedades?', answer: 'Por ahora cada propiedad se publica desde el formulario. La importación desde otros sistemas está en preparación.' },
      { question: '¿Mis clientes ven mis datos de contacto?', answer: 'Ven tu nombre y tu foto de perfil; tu correo y tu teléfono solo se comparten cuando tú respondes a un contacto.' },
    ] satisfies MarketingQuestion[],
  },
  websites: {
    metaTitle: 'Sitios web para asociaciones e inmobiliarias',
    metaDescription: 'Un sitio con tu marca y tu dominio, con las propiedades de tu asociación o inmobiliaria en el mapa, conectado a NJ Inmuebles.',
    eyebrow: 'Sitios web',
    title: 'Un portal con tu marca para tu asociación o inmobiliaria',
    subtitle: 'Tu logotipo, tus colores y tu dominio, con el buscador en mapa de NJ Inmuebles y solo las propiedades de tus asesores.',
    cta: 'Crear cuenta',
    secondary: 'Ver el buscador en mapa',
    pointsTitle: 'Qué incluye tu sitio',
    points: [
      { title: 'Tu dominio y tu marca', text: 'El sitio se abre en tu dominio, con tu logotipo y tus colores; tus clientes no salen de tu marca.' },
      { title: 'Tus propiedades en el mapa', text: 'El mismo buscador con filtros, mapa y fichas de NJ Inmuebles, mostrando solo el inventario de tu organización.' },
      { title: 'Directorio de asesores', text: 'Para asociaciones: un directorio con la foto, la inmobiliaria y la descripción de cada miembro.' },
      { title: 'Sitio privado o público', text: 'Abierto a cualquier visitante o solo para miembros que inician sesión, según lo necesites.' },
      { title: 'Un solo inventario', text: 'Lo que tus asesores publican en NJ Inmuebles aparece en tu sitio, sin capturar dos veces.' },
      { title: 'Sin servidores que mantener', text: 'Nosotros nos encargamos del alojamiento, la seguridad y las actualizaciones.' },
    ] satisfies MarketingPoint[],
    forTitle: 'Pensado para',
    forWho: [
      { title: 'Asociaciones de profesionales inmobiliarios', text: 'Un portal común para las propiedades de todos sus miembros y un directorio para encontrarlos.' },
      { title: 'Inmobiliarias y franquicias', text: 'Un sitio propio con el inventario de la agencia y el perfil de cada asesor.' },
    ] satisfies MarketingPoint[],
    howTitle: 'Cómo empezar',
    how: 'Estamos abriendo los sitios con marca propia por etapas. Crea tu cuenta y publica tus propiedades desde hoy: aparecerán en tu sitio en cuanto lo activemos para tu organización.',
  },
  /** The pages' shared words. */
  pointsLabel: 'Beneficios',
} as const;
