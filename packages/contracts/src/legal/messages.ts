/**
 * Texts of the legal pages (issue 9 §5): /terminos-y-condiciones and /aviso-de-privacidad, written for this product
 * (what it collects and does is described in docs/ARCHITECTURE.md). The privacy notice follows the Ley Federal de
 * Protección de Datos Personales en Posesión de los Particulares (LFPDPPP): responsable, datos, finalidades primarias
 * y secundarias, transferencias, derechos ARCO, revocación, cookies y cambios. Dates in Spanish.
 */

/** One section of a legal page: a heading, paragraphs and an optional list. */
export type LegalSection = { id: string; heading: string; paragraphs: readonly string[]; items?: readonly string[]; after?: readonly string[] };
export type LegalPage = { title: string; description: string; updated: string; intro: readonly string[]; sections: readonly LegalSection[] };

/**
 * The address people write to about their data and these terms when the deployment names none: `privacidad@` the
 * public site's host without 'www.' (LEGAL_CONTACT_EMAIL setting; it is the channel the privacy notice names for
 * ARCO requests, so a deployment's own domain, never a made-up one).
 * @param publicUrl the site's public origin (PUBLIC_URL), e.g. 'https://www.ejemplo.mx'
 */
export function defaultLegalContactEmail(publicUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname.replace(/^www\./, '') || host;
  } catch {
    // keep localhost: the settings schema has already refused a malformed PUBLIC_URL
  }
  return `privacidad@${host}`;
}

export const LEGAL_UI_MESSAGES = {
  updated: (date: string) => `Última actualización: ${date}`,
  contents: 'Contenido',
  legalNavigation: 'Documentos legales',
  terms: 'Términos y condiciones',
  privacy: 'Aviso de privacidad',
  backToTop: 'Volver al inicio de la página',
} as const;

const UPDATED = '23 de noviembre de 2026';

/** /terminos-y-condiciones, naming `email` (the deployment's legal contact) as the address for questions. */
export const termsPage = (email: string): LegalPage => ({
  title: 'Términos y condiciones de uso',
  description: 'Reglas para buscar, publicar y contactar propiedades en renta y venta en NJ Inmuebles.',
  updated: UPDATED,
  intro: [
    'Estos términos regulan el uso del sitio NJ Inmuebles, un portal en el que cualquier persona puede buscar casas, departamentos, terrenos y locales en renta o en venta en México, y en el que propietarios, asesores e inmobiliarias publican sus anuncios.',
    'Al navegar por el sitio, crear una cuenta o publicar un anuncio aceptas estos términos y el aviso de privacidad. Si no estás de acuerdo con ellos, no uses el sitio.',
  ],
  sections: [
    {
      id: 'servicio',
      heading: '1. Qué ofrece NJ Inmuebles',
      paragraphs: [
        'NJ Inmuebles es un medio para que anunciantes e interesados se encuentren. Mostramos los anuncios en un mapa y en listas, permitimos guardar favoritos, enviar mensajes de contacto al anunciante y consultar estadísticas de los anuncios propios.',
        'No somos parte de las operaciones de renta o compraventa que se acuerden a partir de un anuncio, no cobramos comisión por ellas y no actuamos como asesor inmobiliario, valuador, notario ni garante de ninguna de las partes, salvo que un servicio distinto lo diga expresamente.',
      ],
    },
    {
      id: 'cuentas',
      heading: '2. Cuentas de usuario',
      paragraphs: ['Puedes buscar y ver propiedades sin registrarte. Para guardar favoritos, publicar o contactar necesitas una cuenta. Al crearla te comprometes a:'],
      items: [
        'ser mayor de edad y tener capacidad legal para contratar;',
        'dar datos verdaderos y mantenerlos al día, en especial tu correo electrónico y tu teléfono;',
        'cuidar tu contraseña y el código (PIN) que te enviamos: lo que se haga desde tu cuenta se considera hecho por ti;',
        'avisarnos si crees que alguien más entró a tu cuenta.',
      ],
      after: ['Podemos pedirte verificar tu correo o tu teléfono antes de publicar o de usar ciertas funciones, y limitar los intentos de inicio de sesión para proteger las cuentas.'],
    },
    {
      id: 'anuncios',
      heading: '3. Publicación de anuncios',
      paragraphs: ['Quien publica un anuncio es el único responsable de su contenido y declara que:'],
      items: [
        'el inmueble existe, está disponible para la operación anunciada y tiene derecho a ofrecerlo, como propietario o con autorización de quien lo es;',
        'el precio, la moneda, la superficie, la ubicación y las características son ciertos y los actualizará cuando cambien;',
        'las fotografías son del inmueble anunciado y tiene derecho a usarlas; al subirlas nos autoriza a mostrarlas, reducirlas y adaptarlas para el sitio mientras el anuncio esté publicado;',
        'desactivará el anuncio en cuanto el inmueble deje de estar disponible.',
      ],
      after: [
        'No se permiten anuncios engañosos o duplicados, inmuebles inexistentes, precios simbólicos para atraer contactos, datos de contacto dentro de las fotos o la descripción, ni contenido ofensivo, discriminatorio o ilegal.',
        'Podemos rechazar, ocultar o retirar un anuncio que incumpla estas reglas o que otros usuarios reporten con fundamento, y suspender la cuenta que lo publicó, sin que ello genere responsabilidad para NJ Inmuebles.',
      ],
    },
    {
      id: 'referencia',
      heading: '4. Anuncios de referencia',
      paragraphs: [
        'Algunos anuncios del sitio se construyeron con datos públicos de portales inmobiliarios (precio, superficie, tipo y ubicación) para mostrar la oferta de una zona. No tienen un anunciante registrado en NJ Inmuebles: la página del anuncio lo indica y no ofrece un formulario de contacto. Su información es orientativa y puede no estar vigente.',
      ],
    },
    {
      id: 'contacto',
      heading: '5. Contacto entre usuarios',
      paragraphs: [
        'Cuando envías un mensaje a un anunciante le hacemos llegar tu mensaje y los datos de contacto que escribiste en el formulario. Úsalos solo para tratar sobre el inmueble anunciado.',
        'Antes de entregar dinero, firmar un contrato o compartir documentos, visita el inmueble, confirma la identidad de la otra parte y quién es el propietario. Nunca te pediremos pagos por fuera del sitio para apartar un inmueble.',
      ],
    },
    {
      id: 'precios',
      heading: '6. Precios, monedas y recompensas',
      paragraphs: [
        'Los precios los fija cada anunciante. Se muestran en pesos mexicanos salvo que el anuncio indique dólares o euros; las conversiones que usan los filtros de presupuesto son aproximadas y no sustituyen la cotización del día.',
        'Las recompensas de bienvenida y por referidos se rigen por las condiciones publicadas en el sitio al momento de ganarlas; podemos cancelarlas cuando detectemos cuentas duplicadas, falsas o el uso abusivo del programa.',
      ],
    },
    {
      id: 'uso-prohibido',
      heading: '7. Usos no permitidos',
      paragraphs: ['Además de lo que prohíbe la ley, no está permitido:'],
      items: [
        'copiar de forma masiva los anuncios, las fotografías o los datos del sitio con programas automáticos;',
        'enviar mensajes no solicitados, cadenas o publicidad a otros usuarios;',
        'intentar entrar a cuentas o datos ajenos, saturar el servicio o eludir sus límites de seguridad;',
        'suplantar a otra persona o a una inmobiliaria.',
      ],
    },
    {
      id: 'propiedad-intelectual',
      heading: '8. Propiedad intelectual',
      paragraphs: [
        'El diseño, el código, la marca NJ Inmuebles y la organización de la información del sitio nos pertenecen o los usamos con licencia. Los datos geográficos provienen de fuentes públicas, como el INEGI, y se citan al pie de cada página. El contenido de cada anuncio pertenece a quien lo publicó.',
      ],
    },
    {
      id: 'responsabilidad',
      heading: '9. Responsabilidad',
      paragraphs: [
        'Procuramos que el sitio funcione de forma continua y segura, pero puede haber interrupciones por mantenimiento o causas ajenas a nosotros. No respondemos por la veracidad de los anuncios, por el estado de los inmuebles ni por los acuerdos entre usuarios; sí respondemos por lo que nos corresponde conforme a la ley, incluida la Ley Federal de Protección al Consumidor.',
      ],
    },
    {
      id: 'baja',
      heading: '10. Suspensión y baja',
      paragraphs: [
        'Puedes dejar de usar el sitio cuando quieras y pedir la cancelación de tu cuenta conforme al aviso de privacidad. Podemos suspender o cerrar cuentas que incumplan estos términos, avisando al correo registrado cuando sea posible.',
      ],
    },
    {
      id: 'cambios',
      heading: '11. Cambios a estos términos',
      paragraphs: [
        'Podemos actualizar estos términos para reflejar cambios del servicio o de la ley. Publicaremos la nueva versión en esta página con su fecha y, si el cambio es importante, lo avisaremos en el sitio o por correo. Seguir usando el sitio después de la fecha de actualización implica aceptar la nueva versión.',
      ],
    },
    {
      id: 'ley',
      heading: '12. Ley aplicable',
      paragraphs: [
        'Estos términos se rigen por las leyes federales de los Estados Unidos Mexicanos. Las personas consumidoras pueden acudir a la Procuraduría Federal del Consumidor (Profeco); para cualquier otra controversia las partes se someten a los tribunales competentes de la Ciudad de México.',
        `Dudas sobre estos términos: ${email}.`,
      ],
    },
  ],
});

/** /aviso-de-privacidad, naming `email` (the deployment's legal contact) for ARCO requests and revocations. */
export const privacyPage = (email: string): LegalPage => ({
  title: 'Aviso de privacidad integral',
  description: 'Qué datos personales recaba NJ Inmuebles, para qué los usa, con quién los comparte y cómo ejercer tus derechos ARCO.',
  updated: UPDATED,
  intro: [
    'Este aviso explica cómo tratamos tus datos personales cuando usas NJ Inmuebles, en cumplimiento de la Ley Federal de Protección de Datos Personales en Posesión de los Particulares (LFPDPPP) y su normativa.',
  ],
  sections: [
    {
      id: 'responsable',
      heading: '1. Responsable',
      paragraphs: [
        `NJ Inmuebles, operador de este sitio, es responsable del tratamiento de tus datos personales. Para cualquier asunto relacionado con ellos, incluido el ejercicio de tus derechos, escríbenos a ${email}.`,
      ],
    },
    {
      id: 'datos',
      heading: '2. Datos personales que recabamos',
      paragraphs: ['Según cómo uses el sitio, recabamos:'],
      items: [
        'Identificación y contacto: nombre o apodo, correo electrónico, teléfono, fotografía de perfil y la descripción que escribas de ti.',
        'Datos de acceso: tu contraseña, que guardamos cifrada con un algoritmo de un solo sentido (nadie puede leerla), los códigos de verificación que te enviamos y las sesiones abiertas.',
        'Si entras con Google o Facebook: el nombre, el correo y la foto que ese servicio nos comparte con tu autorización.',
        'Anuncios: dirección y ubicación del inmueble, fotografías, precios y características que publiques.',
        'Actividad: propiedades que guardas como favoritas, anuncios que ves, mensajes de contacto que envías o recibes, referencias y referidos.',
        'Datos técnicos: dirección IP, tipo de navegador y dispositivo, e identificadores guardados en cookies y en el almacenamiento de tu navegador.',
      ],
      after: [
        'No te pedimos datos personales sensibles (como origen étnico, salud, creencias u orientación sexual) ni datos financieros para usar el portal. Si nos das datos de otra persona, por ejemplo al recomendarla como referencia, declaras contar con su autorización.',
      ],
    },
    {
      id: 'finalidades',
      heading: '3. Finalidades primarias',
      paragraphs: ['Usamos tus datos para lo que es necesario para darte el servicio:'],
      items: [
        'crear, verificar y administrar tu cuenta e iniciar tu sesión;',
        'publicar, mostrar y administrar tus anuncios y sus estadísticas;',
        'hacer llegar tus mensajes de contacto al anunciante y avisarte de los que recibas;',
        'enviarte códigos de verificación, avisos de seguridad y mensajes sobre tu cuenta;',
        'proteger el sitio y a sus usuarios: limitar intentos de acceso, detectar fraudes, anuncios falsos y abusos;',
        'atender tus solicitudes, reportes y dudas;',
        'cumplir obligaciones legales y requerimientos de autoridades.',
      ],
    },
    {
      id: 'finalidades-secundarias',
      heading: '4. Finalidades secundarias',
      paragraphs: ['Con tu consentimiento también podemos usar tus datos para fines que no son necesarios para el servicio:'],
      items: [
        'enviarte novedades del portal, propiedades que podrían interesarte y promociones;',
        'administrar el programa de recompensas y referidos;',
        'elaborar estadísticas y estudios de mercado, que publicamos solo de forma agregada y sin identificarte.',
      ],
      after: [
        `Si no quieres que usemos tus datos para estas finalidades, escríbenos a ${email} con el asunto «Finalidades secundarias». Negarte no afecta el servicio que recibes.`,
      ],
    },
    {
      id: 'transferencias',
      heading: '5. Transferencias y encargados',
      paragraphs: ['Compartimos datos personales solo en estos casos:'],
      items: [
        'Con el anunciante de un inmueble, cuando tú le envías un mensaje de contacto: recibe tu mensaje y los datos que escribiste en el formulario, para responderte.',
        'Con autoridades competentes, cuando una ley o una orden fundada y motivada nos lo exija.',
        'Con una empresa que adquiera o continúe la operación del sitio, que quedará obligada por este aviso.',
      ],
      after: [
        'Estas transferencias no requieren tu consentimiento conforme a la LFPDPPP, porque son necesarias para atender tu solicitud o para cumplir la ley. No vendemos tus datos personales.',
        'Además, proveedores que nos prestan servicios tratan datos por nuestra cuenta y solo según nuestras instrucciones: alojamiento de servidores y de fotografías, envío de correos electrónicos y de mensajes SMS o WhatsApp con tus códigos, y el inicio de sesión con Google o Facebook cuando tú lo eliges.',
      ],
    },
    {
      id: 'arco',
      heading: '6. Derechos ARCO',
      paragraphs: [
        'Tienes derecho a conocer qué datos tenemos de ti y cómo los usamos (Acceso), a pedir que los corrijamos si son inexactos o están incompletos (Rectificación), a que los eliminemos de nuestros registros cuando ya no sean necesarios (Cancelación) y a oponerte a su uso para fines específicos (Oposición).',
        'Puedes corregir tu nombre, teléfono, foto y descripción en cualquier momento desde la página Cuenta. Para ejercer cualquier derecho ARCO envía una solicitud a ' + email + ' que incluya:',
      ],
      items: [
        'tu nombre y el correo electrónico de tu cuenta, al que te responderemos;',
        'una copia de una identificación oficial vigente (o, si actúas en nombre de otra persona, el documento que acredite tu representación);',
        'el derecho que quieres ejercer y la descripción clara de los datos a los que se refiere;',
        'en caso de rectificación, el dato correcto y, si aplica, el documento que lo respalde.',
      ],
      after: [
        'Te responderemos en un plazo máximo de 20 días hábiles desde que recibamos tu solicitud completa y, si procede, la haremos efectiva dentro de los 15 días hábiles siguientes. Si falta información te la pediremos dentro de los primeros 5 días hábiles. El trámite es gratuito; solo podrían cobrarse los gastos de envío o de copias cuando la ley lo permita.',
        'Al cancelar tu cuenta retiramos tus anuncios y tu perfil; conservaremos bloqueados los datos que la ley nos obligue a guardar, solo por el plazo que indique, y después los suprimiremos.',
      ],
    },
    {
      id: 'revocacion',
      heading: '7. Revocación del consentimiento y límites al uso',
      paragraphs: [
        `Puedes revocar en cualquier momento el consentimiento que nos diste, con una solicitud a ${email} que incluya los mismos datos que una solicitud ARCO. Ten en cuenta que no siempre podremos atenderla de inmediato cuando una obligación legal nos exija seguir tratando algunos datos, y que revocar el consentimiento para finalidades primarias implica que ya no podremos darte el servicio.`,
        'Para dejar de recibir correos promocionales, usa el enlace que viene en cada uno o escríbenos; registraremos tu correo en nuestra lista de exclusión. También puedes inscribirte en el Registro Público para Evitar Publicidad (REPEP) de la Profeco.',
      ],
    },
    {
      id: 'cookies',
      heading: '8. Cookies y tecnologías similares',
      paragraphs: ['Usamos cookies y el almacenamiento local de tu navegador para que el sitio funcione:'],
      items: [
        'una cookie de sesión que te mantiene identificado mientras navegas, incluso sin cuenta;',
        'una cookie de seguridad que protege los formularios contra solicitudes falsificadas;',
        'un identificador del dispositivo que nos ayuda a detectar intentos de acceso sospechosos a tu cuenta;',
        'datos en el almacenamiento local, como tus filtros de búsqueda y el registro de anuncios vistos, con el que contamos las visitas de cada anuncio.',
      ],
      after: [
        'No usamos cookies de publicidad de terceros. Puedes borrar o bloquear las cookies desde la configuración de tu navegador; si bloqueas las de sesión y seguridad no podrás iniciar sesión ni enviar formularios.',
      ],
    },
    {
      id: 'seguridad',
      heading: '9. Conservación y seguridad',
      paragraphs: [
        'Conservamos tus datos mientras tengas una cuenta o mientras sean necesarios para las finalidades de este aviso; los borradores de anuncios sin cambios por 30 días se eliminan junto con sus fotografías. Aplicamos medidas administrativas, técnicas y físicas para proteger tus datos, como conexiones cifradas, contraseñas guardadas con cifrado de un solo sentido y acceso restringido al personal que los necesita.',
      ],
    },
    {
      id: 'cambios',
      heading: '10. Cambios a este aviso',
      paragraphs: [
        'Podemos modificar este aviso por cambios en la ley, en nuestros servicios o en nuestras prácticas. La versión vigente estará siempre en esta página con su fecha de actualización, y los cambios importantes los avisaremos en el sitio o al correo de tu cuenta.',
        'Si consideras que tu derecho a la protección de datos personales ha sido vulnerado, puedes acudir a la autoridad garante en la materia.',
      ],
    },
  ],
});
