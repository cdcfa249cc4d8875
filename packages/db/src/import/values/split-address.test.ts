import { describe, expect, it } from 'vitest';
import { splitAddress, type AddressSplit } from './split-address.ts';

const none: AddressSplit = { street: null, exteriorNumber: null, colonia: null, postalCode: null, municipality: null, state: null };

describe('splitAddress', () => {
  it.each<[string, Partial<AddressSplit>]>([
    ['Roma Norte, Cuauhtémoc, Ciudad de México', { colonia: 'Roma Norte', municipality: 'Cuauhtémoc', state: 'Ciudad de México' }],
    ['Calle 123, Colonia Centro, C.P. 44600, Guadalajara, Jalisco', { street: 'Calle', exteriorNumber: '123', colonia: 'Centro', postalCode: '44600', municipality: 'Guadalajara', state: 'Jalisco' }],
    ['Calle 123, Americana, C.P. 44600, Guadalajara', { street: 'Calle', exteriorNumber: '123', colonia: 'Americana', postalCode: '44600', municipality: 'Guadalajara' }],
    ['Calle Morelos 45, Centro, CP: 44100', { street: 'Calle Morelos', exteriorNumber: '45', colonia: 'Centro', postalCode: '44100' }],
    ['Av. Chapultepec 480 Int 5, Americana, 44160 Guadalajara, Jal.', { street: 'Av. Chapultepec', exteriorNumber: '480', colonia: 'Americana', postalCode: '44160', municipality: 'Guadalajara', state: 'Jalisco' }],
    ['Insurgentes Sur 1602, Crédito Constructor, Benito Juárez, CDMX', { street: 'Insurgentes Sur', exteriorNumber: '1602', colonia: 'Crédito Constructor', municipality: 'Benito Juárez', state: 'Ciudad de México' }],
    ['Del Valle, San Pedro Garza García, N.L.', { colonia: 'Del Valle', municipality: 'San Pedro Garza García', state: 'Nuevo León' }],
    ['Centro, Toluca, Edo. Méx.', { colonia: 'Centro', municipality: 'Toluca', state: 'Estado de México' }],
    ['Polanco, Miguel Hidalgo, CDMX, México', { colonia: 'Polanco', municipality: 'Miguel Hidalgo', state: 'Ciudad de México' }],
    ['Paseo de la Reforma 222, Juárez, Cuauhtémoc, 06600 Ciudad de México, CDMX', { street: 'Paseo de la Reforma', exteriorNumber: '222', colonia: 'Juárez', postalCode: '06600', municipality: 'Cuauhtémoc', state: 'Ciudad de México' }],
    ['Centro, Puebla, Pue.', { colonia: 'Centro', municipality: 'Puebla', state: 'Puebla' }],
    ['Calle 10 No. 45 Int. 3, Col. Centro, Mérida', { street: 'Calle 10', exteriorNumber: '45', colonia: 'Centro', municipality: 'Mérida' }],
    ['Carretera a Chapala Km 4.5, Las Pintas, El Salto', { street: 'Carretera a Chapala Km 4.5', colonia: 'Las Pintas', municipality: 'El Salto' }],
    ['Mz 3 Lt 5, Ejidal, Playa del Carmen', { street: 'Mz 3 Lt 5', colonia: 'Ejidal', municipality: 'Playa del Carmen' }],
    ['Av. Revolución 1500-B, Guadalupe Inn, Álvaro Obregón', { street: 'Av. Revolución', exteriorNumber: '1500-B', colonia: 'Guadalupe Inn', municipality: 'Álvaro Obregón' }],
    ['Avenida Homero 97 402,  Fraccionamiento Vallarta San Jorge, Guadalajara', { street: 'Avenida Homero', exteriorNumber: '97', colonia: 'Vallarta San Jorge', municipality: 'Guadalajara' }],
    ['Calle 60 123, Centro, Mérida', { street: 'Calle 60', exteriorNumber: '123', colonia: 'Centro', municipality: 'Mérida' }],
    ['Av. Naciones Unidas,  Virreyes Residencial, Zapopan', { street: 'Av. Naciones Unidas', colonia: 'Virreyes Residencial', municipality: 'Zapopan' }],
    ['Calle Morelos 45\nCol. Centro\nGuadalajara, Jal.', { street: 'Calle Morelos', exteriorNumber: '45', colonia: 'Centro', municipality: 'Guadalajara', state: 'Jalisco' }],
    ['Metepec, México', { municipality: 'Metepec', state: 'Estado de México' }],
    ['Col. Del Valle', { colonia: 'Del Valle' }],
    ['Colonia Narvarte Poniente, Alcaldía Benito Juárez', { colonia: 'Narvarte Poniente', municipality: 'Benito Juárez' }],
    ['Zapopan', { municipality: 'Zapopan' }],
    ['Puebla', { municipality: 'Puebla', state: 'Puebla' }],
    ['Zapopan, Jalisco', { municipality: 'Zapopan', state: 'Jalisco' }],
    ['Providencia, Guadalajara Jal.', { colonia: 'Providencia', municipality: 'Guadalajara', state: 'Jalisco' }],
    ['Calle Reno 12, Valle Dorado', { street: 'Calle Reno', exteriorNumber: '12', colonia: 'Valle Dorado' }],
    ['Calle 60 #123 x 45 y 47, Centro, Mérida, Yuc.', { street: 'Calle 60', exteriorNumber: '123', colonia: 'Centro', municipality: 'Mérida', state: 'Yucatán' }],
    ['Privada Los Pinos S/N, Las Fuentes, Zapopan', { street: 'Privada Los Pinos', colonia: 'Las Fuentes', municipality: 'Zapopan' }],
    ['Av. 5 de Mayo, Centro, Puebla, Pue.', { street: 'Av. 5 de Mayo', colonia: 'Centro', municipality: 'Puebla', state: 'Puebla' }],
    ['José María Heredia 2405, Lomas de Guevara, Guadalajara', { street: 'José María Heredia', exteriorNumber: '2405', colonia: 'Lomas de Guevara', municipality: 'Guadalajara' }],
    ['Bosques de las Lomas, Cuajimalpa de Morelos, Ciudad de México, 05120', { colonia: 'Bosques de las Lomas', municipality: 'Cuajimalpa de Morelos', state: 'Ciudad de México', postalCode: '05120' }],
    ['Manzanillo, Col.', { municipality: 'Manzanillo', state: 'Colima' }],
    ['Fracc. Las Américas, Ecatepec', { colonia: 'Las Américas', municipality: 'Ecatepec' }],
  ])('%j', (text, parts) => {
    expect(splitAddress(text)).toEqual({ ...none, ...parts });
  });

  it.each(['', 'sin dato', 'N/A', null])('%j → nothing', (text) => {
    expect(splitAddress(text)).toEqual(none);
  });
});
