import { sql, type RawBuilder } from 'kysely';
import type { Currency } from '@nj/contracts';
import type { Operation } from './operation.ts';

/** MXN per unit of each foreign currency (ServerConfig.exchangeRates; MXN itself is 1). */
export type ExchangeRates = { usd: number; eur: number };

/**
 * MXN per unit of `currency` with `rates`: usd → rates.usd, eur → rates.eur, anything else (mxn, unknown) → 1.
 * The one conversion rule: the index, the presenter and the SQL filters all take it from here.
 */
export function mxnPerUnit(currency: Currency | string, rates: ExchangeRates): number {
  return currency === 'usd' ? rates.usd : currency === 'eur' ? rates.eur : 1;
}

/** MXN equivalent of `amount` in `currency` (see mxnPerUnit). Takes and returns plain numbers (no rounding). */
export function toMxn(amount: number, currency: Currency | string, rates: ExchangeRates): number {
  return amount * mxnPerUnit(currency, rates);
}

/**
 * SQL for the MXN price of one side of a listing (`rent` or `sale`), as the index computes it: a missing price
 * counts as 0, converted with mxnPerUnit's rates (the CASE carries them as float8 parameters).
 */
export function mxnPriceSql(side: Operation, rates: ExchangeRates): RawBuilder<number> {
  const price = sql.ref(`${side}_price`);
  const currency = sql.ref(`${side}_currency`);
  return sql<number>`(coalesce(${price}, 0) * CASE ${currency} WHEN 'usd' THEN ${mxnPerUnit('usd', rates)}::float8
    WHEN 'eur' THEN ${mxnPerUnit('eur', rates)}::float8 ELSE 1 END)`;
}
