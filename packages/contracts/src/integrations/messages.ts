/**
 * Spanish texts of the listing integrations (issue 16 'Integrations' and 'Freshness'; spec 03 §7 Leads and
 * integrations; decision 033), defined once for the server and the browser.
 */
export const INTEGRATION_MESSAGES = {
  // Answers.
  loaded: 'Integraciones de tu agencia',
  connected: 'Integración conectada; tus propiedades se sincronizan cada hora o cuando pulses «Sincronizar ahora»',
  dryRunDone: 'Simulación lista: nada se guardó',
  pulled: 'Sincronización terminada',
  reconfirmed: 'Gracias: tu propiedad sigue publicada',
  // Refusals and bad input.
  noAgency: 'Primero crea tu agencia para conectar integraciones',
  notConnected: 'Tu agencia no ha conectado esta integración',
  providerInvalid: 'Elige el proveedor de la integración: EasyBroker o KW',
  apiKeyInvalid: 'Escribe la llave de API de EasyBroker (de 8 a 200 caracteres, sin espacios)',
  clientIdInvalid: 'Escribe el identificador de cliente de KW (de 3 a 200 caracteres, sin espacios)',
  clientSecretInvalid: 'Escribe el secreto de cliente de KW (de 8 a 200 caracteres, sin espacios)',
  idInvalid: 'El identificador de la propiedad del proveedor no es válido',
  dryrunInvalid: 'El parámetro dryrun debe ser true (simular) o false (sincronizar de verdad)',
  credentialsRefused: 'El proveedor rechazó las credenciales; revisa la llave y vuelve a conectar',
  providerUnavailable: 'El proveedor no responde en este momento; se intentará de nuevo más tarde',
  providerMalformed: 'El proveedor respondió algo que no pudimos leer; se intentará de nuevo más tarde',
  listingNotFoundAtProvider: 'El proveedor no tiene una propiedad con ese identificador',
  syncRunning: 'Ya hay una sincronización en curso para esta integración; espera a que termine',
  reconfirmNotFound: 'No encontramos esa propiedad entre las tuyas',
  // Per listing, in a pull's report.
  noPoint: 'La propiedad no tiene ubicación en el mapa',
  noOperation: 'La propiedad no tiene precio de venta ni de renta',
  ownedByAnother: 'Otra cuenta ya publica esta propiedad',
  // Control panel.
  tab: 'Integraciones',
  intro: 'Conecta el CRM que ya usas y tus propiedades se publican y se mantienen al día solas. Las que dejes de publicar allá se desactivan aquí.',
  connectEasyBroker: 'Conectar EasyBroker',
  connectKw: 'Conectar KW',
  apiKeyLabel: 'Llave de API de EasyBroker',
  clientIdLabel: 'Identificador de cliente (KW)',
  clientSecretLabel: 'Secreto de cliente (KW)',
  connect: 'Conectar',
  reconnect: 'Cambiar credenciales',
  dryRun: 'Simular',
  pullNow: 'Sincronizar ahora',
  runsTitle: 'Sincronizaciones',
  noRuns: 'Aún no hay sincronizaciones',
  noIntegrations: 'Aún no conectas ninguna integración',
  credentialsEnding: (hint: string) => `Credenciales que terminan en …${hint}`,
  runCounts: (c: { created: number; updated: number; deactivated: number; failed: number }) =>
    `${c.created} nuevas · ${c.updated} actualizadas · ${c.deactivated} desactivadas · ${c.failed} con error`,
  wouldDo: (c: { created: number; updated: number; deactivated: number; failed: number }) =>
    `Se crearían ${c.created}, se actualizarían ${c.updated} y se desactivarían ${c.deactivated} (${c.failed} con error)`,
  runTrigger: { manual: 'A mano', schedule: 'Programada' } as const,
  runDry: 'Simulación',
  runRunning: 'En curso',
  colStarted: 'Inicio',
  colKind: 'Tipo',
  colResult: 'Resultado',
  // Freshness (owner reminders).
  reminderSubject: '¿Tu propiedad sigue disponible?',
  reminderBody: (title: string, days: number) =>
    `Hace ${days} días que no confirmas que «${title}» sigue disponible. Confírmalo con un clic para que siga publicada; si no, la pausaremos para que nadie pregunte por una propiedad que ya no está.`,
  reminderLast: 'Este es el último aviso: si no la confirmas en 7 días, la pausaremos.',
  reminderAction: 'Sí, sigue disponible',
  pausedSubject: 'Pausamos tu propiedad',
  pausedBody: (title: string) => `Pausamos «${title}» porque no confirmaste que sigue disponible. Actívala de nuevo con un clic cuando quieras.`,
  reconfirmButton: 'Sigue disponible',
  needsReconfirm: 'Confirma que sigue disponible',
} as const;

/** The source badges of a synced listing (spec 01 §3 integrations flags). */
export const INTEGRATION_LABELS = { easybroker: 'EasyBroker', kw: 'KW' } as const;
