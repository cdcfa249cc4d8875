import type { InventoryPhase, TRentInventory } from '@nj/contracts/rent-inventory/schemas';
import { api } from '../api/client.ts';

/** React Query key of a rent's inventories. */
export const inventoryKey = (ruid: string) => ['rent-inventory', ruid] as const;

/** GET /api/v1/rents/inventory?ruid — both inventories (ZRentInventory). */
export const getInventory = (ruid: string, signal?: AbortSignal) => api<TRentInventory>('GET', '/v1/rents/inventory', { query: { ruid }, signal });
/** POST /api/v1/rents/inventory/rooms — a new room; answers both inventories. */
export const addRoom = (ruid: string, phase: InventoryPhase, name: string) => api<TRentInventory>('POST', '/v1/rents/inventory/rooms', { body: { ruid, phase, name } });
/** PUT /api/v1/rents/inventory/rooms/{id} — name and notes. */
export const updateRoom = (id: string, body: { name?: string; notes?: string }) => api<TRentInventory>('PUT', `/v1/rents/inventory/rooms/${encodeURIComponent(id)}`, { body });
/** DELETE /api/v1/rents/inventory/rooms/{id} — the room and its photos. */
export const deleteRoom = (id: string) => api<TRentInventory>('DELETE', `/v1/rents/inventory/rooms/${encodeURIComponent(id)}`);
/** POST /api/v1/rents/inventory (multipart: photo, ruid, room). */
export const uploadPhoto = (ruid: string, room: string, file: File) => {
  const form = new FormData();
  form.append('ruid', ruid);
  form.append('room', room);
  form.append('photo', file);
  return api<TRentInventory>('POST', '/v1/rents/inventory', { body: form });
};
/** DELETE /api/v1/rents/inventory `{ ruid, img_link }`. */
export const deletePhoto = (ruid: string, imgLink: string) => api<TRentInventory>('DELETE', '/v1/rents/inventory', { body: { ruid, img_link: imgLink } });
/** POST /api/v1/rents/inventory/confirm — the caller's side confirms (move-out: deduction in centavos and reason). */
export const confirmPhase = (body: { ruid: string; phase: InventoryPhase; deduction_cents?: number; reason?: string }) =>
  api<TRentInventory>('POST', '/v1/rents/inventory/confirm', { body });
/** Centavos MXN as '$1,234.50'. */
export const mxn = (cents: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(cents / 100);
