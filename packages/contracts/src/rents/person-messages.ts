/**
 * Spanish texts of a person's data in a rent process (renter, second renter, aval: spec 03 §3 "Person data", §5
 * validation rules, §9 limits; issue 12 "The proposal"). The spec gives the rules (idmex_code of exactly 10 digits,
 * cp of 5 characters, first name and first last name required) but no texts for them, nor for CURP, RFC or CLABE:
 * every text here is ours, each saying exactly what is wrong with the field.
 */
export const PERSON_MESSAGES = {
  // Names (spec 03 §5 "Name form")
  firstNameRequired: 'Escribe tu nombre',
  /** Spec 03 §5: a person field is saved only when it is not empty (optional name parts are cleared instead). */
  valueRequired: 'Escribe un valor para este campo',
  fieldInvalid: 'Ese dato no forma parte de los datos personales',
  textTooLong: (max: number) => `Escribe hasta ${max} caracteres`,
  /** The owner reads the application through the review, never the people's data (issue 12 'Rules'). */
  renterOnly: 'Solo el inquilino ve los datos personales de su proceso',
  /** The second renter and the aval fill in their own data once invited. */
  ownOnly: 'Solo puedes llenar tus propios datos; el segundo inquilino y el aval llenan los suyos',
  firstLastNameRequired: 'Escribe tu primer apellido',
  nameInvalid: 'El nombre solo puede llevar letras, espacios, apóstrofos, puntos y guiones',
  nameTooLong: 'Cada nombre o apellido puede tener hasta 60 caracteres',
  // Birthdate (the credit form's YYYY-MM-DD, spec 03 §3)
  birthdateInvalid: 'Escribe la fecha de nacimiento como AAAA-MM-DD (por ejemplo 1990-07-25)',
  birthdateFuture: 'La fecha de nacimiento no puede ser posterior a hoy',
  birthStateInvalid: 'Elige el estado de nacimiento de la lista, o «Nacido en el extranjero»',
  lsexInvalid: 'Elige el sexo: hombre o mujer',
  civilStatusInvalid: 'Elige el estado civil: soltero o casado',

  // CURP (RENAPO, Instructivo Normativo para la Asignación de la CURP)
  curpRequired: 'Escribe tu CURP',
  curpLength: (length: number) => `La CURP tiene 18 caracteres; escribiste ${length}`,
  curpLength18: 'La CURP tiene 18 caracteres',
  curpStructure: 'La CURP no tiene la forma de una CURP (4 letras, 6 números de la fecha, sexo, estado, 3 consonantes y 2 caracteres finales)',
  curpLetters: 'Los primeros 4 caracteres de la CURP son letras (de los apellidos y el nombre)',
  curpVowel: 'El segundo carácter de la CURP es una vocal (o X)',
  curpDateDigits: 'Los caracteres 5 a 10 de la CURP son la fecha de nacimiento en números (AAMMDD)',
  curpDateInvalid: 'La fecha de nacimiento de la CURP (caracteres 5 a 10) no es una fecha que exista',
  curpSex: 'El carácter 11 de la CURP es el sexo: H, M o X',
  curpState: 'Los caracteres 12 y 13 de la CURP son la clave del estado de nacimiento (o NE si naciste en el extranjero)',
  curpConsonants: 'Los caracteres 14 a 16 de la CURP son consonantes (de los apellidos y el nombre)',
  curpDifferentiator: 'El carácter 17 de la CURP es un número (si naciste antes de 2000) o una letra (desde 2000)',
  curpCheckCharacter: 'El último carácter de la CURP es un número',
  curpCheckDigit: 'El dígito verificador de la CURP (el último carácter) no corresponde a los demás: revisa que la hayas copiado sin errores',
  curpCentury: 'El carácter 17 de la CURP no corresponde a tu año de nacimiento: es un número si naciste antes de 2000 y una letra desde 2000',
  curpBirthdate: 'La fecha de la CURP (caracteres 5 a 10) no coincide con tu fecha de nacimiento',
  curpSexMismatch: 'El sexo de la CURP (carácter 11) no coincide con el que indicaste',
  curpStateMismatch: 'El estado de la CURP (caracteres 12 y 13) no coincide con tu estado de nacimiento',
  curpNameLetters: (expected: string) => `Los primeros 4 caracteres de la CURP no coinciden con tus apellidos y tu nombre (deberían ser ${expected})`,
  curpNameConsonants: (expected: string) => `Los caracteres 14 a 16 de la CURP no coinciden con tus apellidos y tu nombre (deberían ser ${expected})`,

  // RFC (SAT, algoritmo del RFC con homoclave)
  rfcRequired: 'Escribe tu RFC',
  rfcLength: (length: number) => `El RFC tiene 13 caracteres (persona física) o 12 (persona moral); escribiste ${length}`,
  rfcLengthRange: 'El RFC tiene 13 caracteres (persona física) o 12 (persona moral)',
  rfcStructure: 'El RFC no tiene la forma de un RFC (letras, 6 números de la fecha y 3 caracteres de homoclave)',
  rfcNotPerson: 'Escribe el RFC de una persona física (13 caracteres), no el de una empresa',
  rfcNotCompany: 'Escribe el RFC de una persona moral (12 caracteres)',
  rfcLettersPerson: 'Los primeros 4 caracteres del RFC son letras (de los apellidos y el nombre)',
  rfcLettersCompany: 'Los primeros 3 caracteres del RFC de una persona moral son letras',
  rfcDateDigits: 'Los 6 caracteres que siguen a las letras del RFC son la fecha en números (AAMMDD)',
  rfcDateInvalid: 'La fecha del RFC (los 6 números después de las letras) no es una fecha que exista',
  rfcHomoclave: 'La homoclave del RFC (los últimos 3 caracteres) solo lleva letras y números',
  rfcCheckCharacter: 'El último carácter del RFC es un número o la letra A',
  rfcGeneric: 'Ese es un RFC genérico del SAT; escribe tu RFC personal',
  rfcCheckDigit: 'El dígito verificador del RFC (el último carácter) no corresponde a los demás: revisa que lo hayas copiado igual que en tu Constancia de Situación Fiscal',
  rfcBirthdate: 'La fecha del RFC (los 6 números después de las letras) no coincide con tu fecha de nacimiento',
  rfcCurpDate: 'La fecha del RFC (los 6 números después de las letras) no coincide con la de tu CURP (caracteres 5 a 10)',
  rfcNameLetters: (expected: string) => `Las letras del RFC no coinciden con tus apellidos y tu nombre (deberían ser ${expected})`,

  // IDMEX (spec 03 §5: exactly 10 characters, all digits, shown with the prefix IDMEX)
  idmexRequired: 'Escribe el código IDMEX de tu INE',
  idmexDigits: 'El código IDMEX solo lleva números (los 10 que siguen a «IDMEX» al reverso de tu INE)',
  idmexLength: (length: number) => `El código IDMEX tiene exactamente 10 números; escribiste ${length}`,
  idmexLength10: 'El código IDMEX tiene exactamente 10 números',

  // CLABE (Banxico: 18 digits, bank, plaza, account, check digit)
  clabeRequired: 'Escribe tu CLABE interbancaria',
  clabeDigits: 'La CLABE solo lleva números',
  clabeLength: (length: number) => `La CLABE tiene 18 números; escribiste ${length}`,
  clabeLength18: 'La CLABE tiene 18 números',
  clabeCheckDigit: 'El dígito verificador de la CLABE (el último número) no corresponde a los demás: revisa que la hayas copiado sin errores',
  clabeUnknownBank: (code: string) => `No reconocemos el banco ${code} de la CLABE (sus 3 primeros números); revisa que sea correcta`,

  // Proof of address (spec 03 §5: address, city, cp, municipality, neighborhood, state and a file; cp of 5)
  postalCodeInvalid: 'El código postal tiene 5 números',
  addressRequired: 'Escribe la calle y el número',
  cityRequired: 'Escribe la ciudad',
  municipalityRequired: 'Escribe el municipio o la alcaldía',
  neighborhoodRequired: 'Escribe la colonia',
  stateRequired: 'Escribe el estado',
} as const;
