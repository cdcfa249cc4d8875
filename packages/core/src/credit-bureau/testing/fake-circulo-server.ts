import { createHash, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import { listenLocally, readBody } from '../../testing/listen-locally.ts';
import { signCirculoPayload } from '../sign-circulo-payload.ts';
import { verifyCirculoSignature } from '../verify-circulo-signature.ts';

/**
 * How the fake answers: as Círculo would, never, with a signed body that is not JSON, without a signature, with a
 * signature by another key, with a score outside FICO's range, or with a 5xx.
 */
export type FakeCirculoMode = 'normal' | 'hang' | 'not-json' | 'unsigned' | 'bad-signature' | 'bad-score' | 'server-error';

/** One request the fake received: headers of interest, the raw body and whether its x-signature verified. */
export type FakeCirculoRequest = { method: string; url: string; headers: Record<string, string | undefined>; body: string; signatureValid: boolean };


const REQUIRED = ['apellidoPaterno', 'apellidoMaterno', 'primerNombre', 'fechaNacimiento', 'RFC'] as const;
const REQUIRED_ADDRESS = ['direccion', 'delegacionMunicipio', 'ciudad', 'estado', 'CP'] as const;

/**
 * A local stand-in for Círculo de Crédito's `rccficoscore` product speaking its documented protocol: `POST /` with
 * `x-api-key`, `username`, `password` and an `x-signature` (ECDSA P-384/SHA-256, hex) over the JSON PersonaPeticion,
 * checked with the client's public key (401 `{ errores }` otherwise); 400 `{ errores: [{ codigo '400.1', mensaje
 * 'El campo "…" es requerido.' }] }` for a missing field; 200 with a Respuesta (folioConsulta, persona, consultas,
 * creditos, domicilios, empleos, scores [{ nombreScore 'FICO', valor, razones }], mensajes) signed with Círculo's
 * key in `x-signature`. A person whose apellidoPaterno is 'SIN HISTORIAL' has no score, 'SIN SCORE' a FICO value of 0 (no score);
 * others get 640.
 * Takes the credentials it accepts, the client's public key and the private key it signs with; resolves with its
 * `url`, the `requests` received, `setMode()` and `close()`.
 */
export async function startFakeCirculoServer(options: {
  apiKey: string; username: string; password: string; clientPublicKey: KeyObject; circuloPrivateKey: KeyObject; otherPrivateKey: KeyObject;
}): Promise<{ url: string; requests: FakeCirculoRequest[]; setMode: (mode: FakeCirculoMode) => void; close: () => Promise<void> }> {
  const requests: FakeCirculoRequest[] = [];
  let mode: FakeCirculoMode = 'normal';
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === 'string' ? v : undefined;
    };
    const signatureValid = verifyCirculoSignature(body, header('x-signature'), options.clientPublicKey);
    requests.push({
      method: req.method ?? '', url: req.url ?? '', body, signatureValid,
      headers: { 'x-api-key': header('x-api-key'), username: header('username'), password: header('password'), 'content-type': header('content-type') },
    });
    const send = (status: number, text: string, signWith: KeyObject | null = options.circuloPrivateKey) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      if (signWith) res.setHeader('x-signature', signCirculoPayload(text, signWith));
      res.end(text);
    };
    const errors = (status: number, codigo: string, mensaje: string) => send(status, JSON.stringify({ errores: [{ codigo, mensaje }] }));
    if (mode === 'hang') return;
    if (mode === 'server-error') return errors(503, '503.1', 'Servicio no disponible');
    if (req.method !== 'POST' || (req.url !== '/' && req.url !== '')) return errors(404, '404.1', 'Recurso no encontrado');
    if (header('x-api-key') !== options.apiKey || header('username') !== options.username || header('password') !== options.password) {
      return errors(401, '401.1', 'Credenciales inválidas');
    }
    if (!signatureValid) return errors(401, '401.2', 'La firma no es válida');
    let person: Record<string, unknown>;
    try {
      person = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return errors(400, '400.0', 'El cuerpo de la petición no es JSON');
    }
    const address = (person.domicilio ?? {}) as Record<string, unknown>;
    const missing = REQUIRED.find((f) => !person[f]) ?? REQUIRED_ADDRESS.find((f) => !address[f]);
    if (missing) return errors(400, '400.1', `El campo "${missing}" es requerido.`);
    if (mode === 'not-json') return send(200, '<html>mantenimiento</html>');
    const folio = String(createHash('sha256').update(body).digest().readUInt32BE(0) % 1_000_000_000);
    const lastName = String(person.apellidoPaterno).replace(/\s+/g, '');
    const scores = lastName === 'SINHISTORIAL' ? []
      : lastName === 'SINSCORE' ? [{ nombreScore: 'FICO', valor: 0, razones: [] }]
        : [{ nombreScore: 'FICO', valor: mode === 'bad-score' ? 990 : 640, razones: ['D8', 'K0'] }];
    const answer = JSON.stringify({
      folioConsulta: folio, folioConsultaOtorgante: '0000001', claveOtorgante: 'API0000001',
      persona: { ...person, domicilio: undefined }, consultas: [], creditos: [], domicilios: [address], empleos: [],
      scores, mensajes: [{ tipoMensaje: 2, leyenda: "Respuesta exitosa de otras SIC's" }],
    });
    if (mode === 'unsigned') return send(200, answer, null);
    if (mode === 'bad-signature') return send(200, answer, options.otherPrivateKey);
    send(200, answer);
  });
  const { url, close } = await listenLocally(server);
  return { url, requests, setMode: (next) => (mode = next), close };
}
