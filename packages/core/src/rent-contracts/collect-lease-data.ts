import { sql } from 'kysely';
import { CONTRACT_MESSAGES as M, LEASE_TEMPLATE, NEO_LEGAL_FEE_MXN } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { offersRepository } from '../rent-offers/offers-repository.ts';
import { getInventory } from '../rent-inventory/get-inventory.ts';
import type { ContractSignerRole } from '@nj/contracts';
import type { LeaseData, LeaseGuarantor } from './render-lease-pdf.ts';

/** Who signs the lease, with the e-mail their link goes to (every person but a bond insurer). */
export type LeaseSigner = { role: ContractSignerRole; cuid: string; name: string; email: string | null };

type PersonName = { first_name: string | null; middle_names: string | null; first_last_name: string | null; other_last_names: string | null };
const fullName = (p: PersonName | undefined) => (p ? [p.first_name, p.middle_names, p.first_last_name, p.other_last_names].filter((v) => v && v.trim()).join(' ').trim() : '');

/** The move-in inventory reader (I's getInventory), given by the caller so the lease works before it exists. */
export type InventoryReader = (database: Database, ruid: string) => Promise<{ room: string; notes: string[] }[] | null>;

/**
 * The move-in inventory of rent `ruid` for the annex (rent-inventory's getInventory, seam 3): each room with its note
 * lines and how many photos it has; null while nobody has added a room.
 */
export const readMoveInInventory: InventoryReader = async (database, ruid) => {
  const inventory = await getInventory(database.db, ruid, 'move_in');
  if (inventory.rooms.length === 0) return null;
  return inventory.rooms.map((r) => ({
    room: r.name,
    notes: [...r.notes.split('\n').map((l) => l.trim()).filter(Boolean), ...(r.photoKeys.length ? [`${r.photoKeys.length} ${r.photoKeys.length === 1 ? 'foto' : 'fotos'}`] : [])],
  }));
};

/**
 * Gathers what the lease of rent `ruid` says (issue 13): the accepted offer's terms (MXN → centavos), the property's
 * official address, the owner's name, the tenant's, second renter's and aval's names from their person data (else
 * their nickname), the guarantor by type (aval with the guarantee property, obligado, nowo with the insurer's
 * reference), the plan, and the move-in inventory when there is one (`readInventory`, default readMoveInInventory);
 * plus who signs.
 * @throws AppError CONFLICT M.missingOffer when the rent, the first or the last day are missing
 */
export async function collectLeaseData(database: Database, ruid: string, options: { publicUrl: string; readInventory?: InventoryReader | undefined }): Promise<{ data: LeaseData; signers: LeaseSigner[] }> {
  const offer = await offersRepository.find(database, ruid);
  if (!offer || offer.price === null || !offer.first_day || !offer.last_day) throw new AppError('CONFLICT', M.missingOffer);
  const { rows: [home] } = await sql<{ street: string | null; number_ext: string | null; number_int: string | null; neighborhood: string | null; municipality: string | null; city: string | null; state: string | null; zip: string | null }>`
    SELECT p.street, p.number_ext, p.number_int, p.neighborhood, p.municipality, p.city, p.state, p.zip
    FROM rents r JOIN properties p ON p.puid = r.puid WHERE r.ruid = ${ruid}`.execute(database.db);
  const street = [home?.street, home?.number_ext ? `#${home.number_ext}` : null, home?.number_int ? `int. ${home.number_int}` : null].filter(Boolean).join(' ');
  const address = [street, home?.neighborhood ? `col. ${home.neighborhood}` : null, home?.municipality ?? home?.city, home?.state, home?.zip ? `C.P. ${home.zip}` : null]
    .filter((v) => v && String(v).trim()).join(', ') || LEASE_TEMPLATE.unknown;
  const { rows: persons } = await sql<PersonName & { role: string }>`SELECT role, first_name, middle_names, first_last_name, other_last_names FROM rent_persons WHERE ruid = ${ruid}`.execute(database.db);
  const { rows: [aval] } = await sql<{ atype: 'aval' | 'obligado' | 'nowo'; cuid: string | null; insurer: string | null; insurer_reference: string | null; guarantee_address: string | null; guarantee_neighborhood: string | null; guarantee_city: string | null; guarantee_state: string | null; guarantee_cp: string | null }>`
    SELECT atype, cuid, insurer, insurer_reference, guarantee_address, guarantee_neighborhood, guarantee_city, guarantee_state, guarantee_cp
    FROM rent_invitations WHERE ruid = ${ruid} AND role = 'aval' AND status = 'accepted' ORDER BY created_at DESC LIMIT 1`.execute(database.db);
  const { rows: [second] } = await sql<{ cuid: string }>`SELECT cuid FROM rent_invitations WHERE ruid = ${ruid} AND role = 'second_renter' AND status = 'accepted' AND cuid IS NOT NULL LIMIT 1`.execute(database.db);
  const cuids = [offer.owner_cuid, offer.renter_cuid, second?.cuid, aval?.cuid].filter((c): c is string => !!c);
  const { rows: clients } = await sql<{ cuid: string; nickname: string | null; email: string | null }>`SELECT cuid, nickname, email FROM clients WHERE cuid IN (${sql.join(cuids)})`.execute(database.db);
  const client = (cuid: string) => clients.find((c) => c.cuid === cuid);
  const nameOf = (role: string, cuid: string) => fullName(persons.find((p) => p.role === role)) || client(cuid)?.nickname?.trim() || client(cuid)?.email || M.roleLabels[role]!;

  const signers: LeaseSigner[] = [{ role: 'renter', cuid: offer.renter_cuid, name: nameOf('renter', offer.renter_cuid), email: client(offer.renter_cuid)?.email ?? null }];
  if (second && offer.rent_type === 'joint') signers.push({ role: 'second_renter', cuid: second.cuid, name: nameOf('second_renter', second.cuid), email: client(second.cuid)?.email ?? null });
  let guarantor: LeaseGuarantor | null = null;
  if (aval?.atype === 'nowo') {
    guarantor = { type: 'nowo', insurer: aval.insurer ?? 'aseguradora', reference: aval.insurer_reference ?? '—' };
  } else if (aval && aval.cuid) {
    const name = nameOf('aval', aval.cuid);
    const guaranteeAddress = [aval.guarantee_address, aval.guarantee_neighborhood, aval.guarantee_city, aval.guarantee_state, aval.guarantee_cp].filter((v) => v && v.trim()).join(', ') || null;
    guarantor = aval.atype === 'aval' ? { type: 'aval', name, guaranteeAddress } : { type: 'obligado', name };
    signers.push({ role: 'aval', cuid: aval.cuid, name, email: client(aval.cuid)?.email ?? null });
  }
  signers.push({ role: 'owner', cuid: offer.owner_cuid, name: nameOf('owner', offer.owner_cuid), email: client(offer.owner_cuid)?.email ?? null });
  const inventory = await (options.readInventory ?? readMoveInInventory)(database, ruid);
  const data: LeaseData = {
    ruid,
    ownerName: signers.at(-1)!.name,
    renterName: signers[0]!.name,
    secondRenterName: signers.find((s) => s.role === 'second_renter')?.name ?? null,
    guarantor,
    address,
    // The property's folio real (folio_gob_mx) is not among the listing's columns yet: named when known.
    folio: null,
    priceCents: offer.price * 100,
    maintenanceCents: offer.maintenance_fee * 100,
    depositMonths: offer.warranty_deposit,
    firstDay: offer.first_day,
    lastDay: offer.last_day,
    plan: offer.plan === 'neo' ? 'neo' : 'basic',
    neoFeeCents: NEO_LEGAL_FEE_MXN * 100,
    inventory,
    inventoryUrl: `${options.publicUrl}/my-rent-inventory/${ruid}`,
  };
  return { data, signers };
}
