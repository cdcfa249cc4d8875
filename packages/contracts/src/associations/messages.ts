import { AGENCY_MESSAGES } from '../agencies/messages.ts';
import { COMMON_MESSAGES } from '../common/messages.ts';

/**
 * Spanish texts of associations (issue 15 'Associations grouped by state', /associations-control-panel; spec 01 §2
 * 'Association sites', §3 'Association and directory', §8; spec 03 §3 Agency, §7 Agencies; decision 029), defined
 * once for the server and the browser.
 */
export const ASSOCIATION_MESSAGES = {
  // Answers.
  created: 'Asociación creada con éxito',
  updated: 'Datos de la asociación actualizados',
  loaded: 'Datos de la asociación',
  listLoaded: 'Asociaciones',
  directoryLoaded: 'Directorio',
  joinRequested: 'Solicitud enviada; la asociación revisará el ingreso de tu agencia',
  memberApproved: 'Agencia aprobada como miembro de la asociación',
  memberRemoved: 'La agencia ya no es miembro de la asociación',
  // Refusals and bad input.
  notFound: 'No encontramos esa asociación',
  directoryNotFound: 'Esta asociación no tiene directorio',
  adminOnly: 'Solo el administrador de la asociación puede hacer esto',
  privilegeRequired: 'Solo los administradores de asociaciones pueden crear una asociación',
  alreadyAdmin: 'Ya administras una asociación; solo puedes tener una',
  nameTaken: 'Ya existe una agencia o asociación con ese nombre',
  stateRequired: 'Elige el estado de la república de la asociación',
  stateUnknown: 'Elige un estado de la república de la lista',
  assoUidInvalid: 'Indica la asociación',
  auidInvalid: AGENCY_MESSAGES.auidInvalid,
  memberNotFound: 'Esa agencia no pidió entrar a tu asociación',
  memberUpdateInvalid: 'La acción debe ser aprobar (approve) o quitar (remove)',
  memberStatusInvalid: 'El filtro status debe ser pending o approved',
  alreadyInState: 'La agencia ya está en ese estado',
  needAgency: 'Primero crea tu agencia en el panel de la agencia para pedir entrar a una asociación',
  needAssociation: 'Solo una asociación puede pedir entrar a la federación',
  alreadyRequested: 'Tu agencia ya es miembro de esa asociación o tiene una solicitud en revisión',
  superNoAgencies: 'La federación solo admite asociaciones como miembros',
  pageInvalid: COMMON_MESSAGES.invalidPage,
  // Directory (spec 01 §2, §8).
  directoryTitle: 'Directorio',
  noBio: 'Sin descripción',
  directoryFailed: 'Error al obtener el directorio',

  // /associations-control-panel.
  panelTitle: 'Panel de la asociación',
  panelIntro: 'Administra tu asociación: su sitio, las agencias que la forman y sus asesores.',
  privilegeMissing: 'Tu cuenta no tiene permiso de administrador de asociaciones. Pide a soporte que te lo otorgue.',
  createTitle: 'Crear la asociación',
  nameLabel: 'Nombre de la asociación',
  stateLabel: AGENCY_MESSAGES.stateLabel,
  statePlaceholder: 'Elige un estado',
  createButton: 'Crear asociación',
  superBadge: 'Federación',
  tabMembers: 'Agencias miembro',
  tabPending: 'Solicitudes',
  tabSettings: 'Configuración',
  membersLine: (approved: number, pending: number) => `${approved} ${approved === 1 ? 'agencia miembro' : 'agencias miembro'} · ${pending} ${pending === 1 ? 'solicitud' : 'solicitudes'} en revisión`,
  noMembers: 'Todavía no hay agencias miembro; las agencias piden su ingreso desde su panel',
  noPending: 'No hay solicitudes en revisión',
  memberCounts: (agents: number, listings: number) => `${agents} ${agents === 1 ? 'asesor' : 'asesores'} · ${listings} ${listings === 1 ? 'propiedad' : 'propiedades'}`,
  requestedOn: (day: string) => `Pidió su ingreso el ${day}`,
  approveButton: 'Aprobar',
  rejectButton: 'Rechazar',
  removeButton: 'Quitar de la asociación',
  showAgents: 'Ver asesores',
  noMemberAgents: 'Esta agencia todavía no tiene asesores aprobados',
  verifiedAgent: 'Asesor verificado',
  siteLink: (domain: string) => `Sitio: ${domain}`,
  isPrivateLabel: 'Sitio privado (solo los miembros de la asociación)',
  settingsTitle: 'Datos de la asociación',
  domainLabel: 'Dominio del sitio de la asociación (opcional)',
  loadError: AGENCY_MESSAGES.loadError,
  saveError: AGENCY_MESSAGES.saveError,

  // The agency's side (/agency-control-panel, settings).
  agencySectionTitle: 'Asociaciones',
  agencySectionIntro: 'Pide que tu agencia forme parte de una asociación: sus propiedades aparecerán en el sitio de la asociación y tus asesores en su directorio.',
  chooseState: 'Estado de la asociación',
  chooseAssociation: 'Asociación',
  chooseAssociationPlaceholder: 'Elige una asociación',
  noAssociationsInState: 'No hay asociaciones en ese estado',
  askButton: 'Pedir ingreso',
  memberships: 'Tus asociaciones',
  statusLabels: { pending: 'En revisión', approved: 'Miembro', removed: 'Fuera de la asociación' } as Record<string, string>,
} as const;
