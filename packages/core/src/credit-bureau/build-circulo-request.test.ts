import { describe, expect, it } from 'vitest';
import { CREDIT_BUREAU_MESSAGES } from '@nj/contracts';
import { buildCirculoRequest } from './build-circulo-request.ts';
import type { CreditBureauPerson } from './credit-bureau-provider.ts';

const person: CreditBureauPerson = {
  firstName: '  josé   ángel ', firstLastName: 'Muñoz', otherLastNames: 'de la Peña', birthdate: '1975-12-31', rfc: 'MUPJ751231',
  address: { street: 'Calle 5 de Mayo 10', municipality: 'Benito Juárez', city: 'Ciudad de México', state: 'CDMX', cp: '03100' }, reference: 'r',
};

describe("buildCirculoRequest (Círculo de Crédito's PersonaPeticion)", () => {
  it('writes names upper case without accents but with Ñ, leaves out empty optional fields and defaults the nationality', () => {
    expect(buildCirculoRequest(person)).toEqual({
      apellidoPaterno: 'MUÑOZ', apellidoMaterno: 'DE LA PEÑA', primerNombre: 'JOSE ANGEL', fechaNacimiento: '1975-12-31', RFC: 'MUPJ751231', nacionalidad: 'MX',
      domicilio: { direccion: 'CALLE 5 DE MAYO 10', delegacionMunicipio: 'BENITO JUAREZ', ciudad: 'CIUDAD DE MEXICO', estado: 'CDMX', CP: '03100' },
    });
  });
  it('keeps the optional fields when given', () => {
    const built = buildCirculoRequest({ ...person, otherNames: 'maría', curp: 'mupj751231hdfnnn09', nationality: 'us', address: { ...person.address, neighborhood: 'Narvarte Poniente' } });
    expect(built).toMatchObject({ segundoNombre: 'MARIA', CURP: 'MUPJ751231HDFNNN09', nacionalidad: 'US', domicilio: { coloniaPoblacion: 'NARVARTE PONIENTE' } });
  });
  it('names every field the bureau would refuse', () => {
    const bad = {
      ...person, firstName: ' ', firstLastName: '', otherLastNames: undefined, birthdate: '2999-01-01', rfc: 'MUPJ7512', curp: 'X',
      address: { street: 'Calle', municipality: '', city: ' ', state: 'Atlántida', cp: 'abcde' },
    };
    let error: unknown;
    try {
      buildCirculoRequest(bad);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'BAD_REQUEST', msg: CREDIT_BUREAU_MESSAGES.rejectedData });
    expect(Object.keys((error as { fields: Record<string, string> }).fields).sort()).toEqual(
      ['birthdate', 'city', 'cp', 'curp', 'firstLastName', 'firstName', 'municipality', 'otherLastNames', 'rfc', 'state', 'street'],
    );
    expect(() => buildCirculoRequest({ ...person, birthdate: '1975-02-30' })).toThrow(expect.objectContaining({ fields: { birthdate: CREDIT_BUREAU_MESSAGES.rejectedData } }));
  });
});
