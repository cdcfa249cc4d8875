/**
 * The agency plans (issue 15 'Agencies and agents'; spec 03 §3 'Plan tiers', §9 'Agency plan renewals take seats
 * and an annual flag'; decision 028). Prices in MXN per agent seat and month, IVA included; an annual payment
 * pays 10 months and covers 12. Without a plan an agency has FREE_AGENCY_SEATS seats.
 */
export const AGENCY_PLANS = ['bronze', 'silver', 'gold'] as const;
export type AgencyPlan = (typeof AGENCY_PLANS)[number];

/** Seats an agency has without a paid plan (or once its plan expired). */
export const FREE_AGENCY_SEATS = 1;

/** Months an annual payment charges (it covers 12). */
export const ANNUAL_MONTHS_CHARGED = 10;

/** What each plan includes: Spanish name, seat range, price per seat and month (MXN), features shown on /plans. */
export const AGENCY_PLAN_DETAILS: Record<AgencyPlan, { name: string; minSeats: number; maxSeats: number; seatPriceMxn: number; features: readonly string[] }> = {
  bronze: {
    name: 'Bronce', minSeats: 1, maxSeats: 5, seatPriceMxn: 349,
    features: [
      'De 1 a 5 asesores aprobados',
      'Panel de la agencia: aprobar, suspender y dar de baja asesores',
      'Asignar las propiedades de la agencia a sus asesores',
      'Tablero del asesor con sus propiedades, conversaciones y rentas',
    ],
  },
  silver: {
    name: 'Plata', minSeats: 1, maxSeats: 20, seatPriceMxn: 299,
    features: [
      'De 1 a 20 asesores aprobados',
      'Todo lo del plan Bronce',
      'Logo, colores y dominio propio de la agencia',
      'Opción para que los asesores editen todas las propiedades de la agencia',
    ],
  },
  gold: {
    name: 'Oro', minSeats: 1, maxSeats: 100, seatPriceMxn: 249,
    features: [
      'De 1 a 100 asesores aprobados',
      'Todo lo del plan Plata',
      'El precio por asesor más bajo',
      'Atención prioritaria del equipo de soporte',
    ],
  },
};

/** Months a payment covers: 12 when annual, else 1. */
export const planMonths = (isAnual: boolean): number => (isAnual ? 12 : 1);

/** The price of `seats` seats of `plan` for one period, in centavos MXN (annual: ANNUAL_MONTHS_CHARGED months). */
export function planPriceCents(plan: AgencyPlan, seats: number, isAnual: boolean): number {
  return AGENCY_PLAN_DETAILS[plan].seatPriceMxn * 100 * seats * (isAnual ? ANNUAL_MONTHS_CHARGED : 1);
}
