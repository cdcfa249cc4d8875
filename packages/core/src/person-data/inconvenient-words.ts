/**
 * The "palabras inconvenientes" each authority forbids as the first four letters of a key.
 *
 * CURP: RENAPO, Instructivo Normativo para la Asignación de la CURP, anexo de palabras inconvenientes; when the four
 * letters form one, the second letter becomes X (PEDO… → PXDO…).
 * RFC: SAT, instructivo del RFC de personas físicas (anexo IV); when the four letters form one, the last letter becomes
 * X (PEDO… → PEDX…).
 */
export const CURP_INCONVENIENT_WORDS: ReadonlySet<string> = new Set(`
  BACA BAKA BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COGI COJA COJE COJI COJO COLA CULO FALO FETO GETA GUEI GUEY
  JETA JOTO KACA KACO KAGA KAGO KAKA KAKO KOGE KOGI KOJA KOJE KOJI KOJO KOLA KULO LILO LOCA LOCO LOKA LOKO MAME MAMO
  MEAR MEAS MEON MIAR MION MOCO MOKO MULA MULO NACA NACO PEDA PEDO PENE PIPI PITO POPO PUTA PUTO QULO RATA ROBA ROBE
  ROBO RUIN SENO TETA VACA VAGA VAGO VAKA VUEI VUEY WUEI WUEY`.trim().split(/\s+/));

export const RFC_INCONVENIENT_WORDS: ReadonlySet<string> = new Set(`
  BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COJA COJE COJI COJO CULO FETO GUEY JOTO KACA KACO KAGA KAGO KAKA KOGE
  KOJO KULO MAME MAMO MEAR MEAS MEON MION MOCO MULA PEDA PEDO PENE PUTA PUTO QULO RATA RUIN`.trim().split(/\s+/));
