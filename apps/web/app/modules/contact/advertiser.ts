const monthYear = new Intl.DateTimeFormat('es-MX', { month: 'long', year: 'numeric', timeZone: 'America/Mexico_City' });

/** 'marzo de 2024' from an ISO date (the advertiser's member since); empty for an invalid date. */
export function memberSinceLabel(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : monthYear.format(d);
}
