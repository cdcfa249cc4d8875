import { describe, expect, it } from 'vitest';
import type { TRentSummary } from '@nj/contracts/rents/schemas';
import { groupByStep } from './step-groups.ts';
import { formatWhen, rentPhotoUrl, rentPriceLabel } from './format.ts';

const rent = (ruid: string, step: string, stepLabel: string, stepColor: string): TRentSummary => ({
  ruid, puid: 'p1', step, stepLabel, stepColor, role: 'owner', title: 'Casa', slug: 'casa', photo: null, price: 15000,
  maintenanceFee: null, unread: 0, lastText: null, lastActivityAt: '2026-11-26T15:00:00.000Z', createdAt: '2026-11-20T15:00:00.000Z', blocked: null,
  counterpart: { uid: `c_${ruid}`, nickname: null, photo: null },
});

describe('the owner dashboard groups people by step (spec 03 §4 order, labels and colours)', () => {
  it('orders groups as the process goes, merges the two discards under Descartada, keeps unknown steps last', () => {
    const groups = groupByStep([
      rent('r1', 'appt_requested', 'Solicitud de cita', 'cyan'),
      rent('r2', 'mystery', '', 'gray'),
      rent('r3', 'hello', 'Contactada', 'blue'),
      rent('r4', 'renter_discard', 'Descartada', 'gray'),
      rent('r5', 'owner_discard', 'Descartada', 'gray'),
      rent('r6', 'hello', 'Contactada', 'blue'),
    ]);
    expect(groups.map((g) => [g.label, g.color, g.rents.map((r) => r.ruid)])).toEqual([
      ['Contactada', 'blue', ['r3', 'r6']],
      ['Solicitud de cita', 'cyan', ['r1']],
      ['Descartada', 'gray', ['r4', 'r5']],
      ['', 'gray', ['r2']],
    ]);
  });
});

describe('rent card formatting', () => {
  it('builds the listing photo URL, the MXN price and es-MX dates', () => {
    expect(rentPhotoUrl({ puid: 'p 1', photo: 'a.b' }, 'card')).toBe('/media/properties/p%201/a.b_card.webp');
    expect(rentPhotoUrl({ puid: 'p1', photo: null })).toBeNull();
    expect(rentPriceLabel(18500)).toBe('MXN $18,500/mes');
    expect(rentPriceLabel(null)).toBe('Precio no disponible');
    expect(formatWhen('2026-11-26T06:30:00Z', 'date', 'America/Mexico_City')).toBe('26 de noviembre de 2026');
    expect(formatWhen('2026-11-26T05:30:00Z', 'date', 'America/Mexico_City')).toBe('25 de noviembre de 2026');
    expect(formatWhen('nope', 'date')).toBe('');
  });
});
