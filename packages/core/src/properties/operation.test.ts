import { describe, expect, it } from 'vitest';
import {
  operationColumn, operationFlags, operationsOf, operationsOfFormChoice, operationWord, parseOperation,
} from './operation.ts';

/** Issue 8 §3: one operation name inside (rent/sale), the spec's other words mapped here only. */
describe('operation mapping', () => {
  it('reads every spelling of the spec and nothing else', () => {
    expect(['rent', 'renta', ' RENTA ', 'Rent'].map(parseOperation)).toEqual(['rent', 'rent', 'rent', 'rent']);
    expect(['sale', 'venta', 'VENTA'].map(parseOperation)).toEqual(['sale', 'sale', 'sale']);
    expect(['', 'both', 'alquiler', null, undefined].map(parseOperation)).toEqual([null, null, null, null, null]);
  });

  it('writes the URL word and the storage column, and reads the columns back', () => {
    expect([operationWord('rent'), operationWord('sale')]).toEqual(['renta', 'venta']);
    expect([operationColumn('rent'), operationColumn('sale')]).toEqual(['is_renta', 'is_venta']);
    expect(operationsOf({ is_renta: true, is_venta: true })).toEqual(['rent', 'sale']);
    expect(operationsOf({ is_renta: false, is_venta: true })).toEqual(['sale']);
    expect(operationsOf({ is_renta: false, is_venta: false })).toEqual([]);
  });

  it("maps the listing form's choice to the stored flags as publishing did before", () => {
    expect(operationFlags(operationsOfFormChoice('renta'))).toEqual({ is_renta: true, is_venta: false });
    expect(operationFlags(operationsOfFormChoice('venta'))).toEqual({ is_renta: false, is_venta: true });
    expect(operationFlags(operationsOfFormChoice('both'))).toEqual({ is_renta: true, is_venta: true });
  });
});
