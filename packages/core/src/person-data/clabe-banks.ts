/**
 * Institutions by the three digits that open a CLABE (Banco de México's catalogue of SPEI participants). The
 * catalogue grows as new institutions join SPEI, so a code missing here is a warning, never a refusal
 * (`validateClabe`). Names as the institutions present themselves.
 */
export const CLABE_BANKS: Readonly<Record<string, string>> = {
  '002': 'Banamex', '006': 'Bancomext', '009': 'Banobras', '012': 'BBVA México', '014': 'Santander', '019': 'Banjército',
  '021': 'HSBC', '030': 'BanBajío', '036': 'Inbursa', '042': 'Mifel', '044': 'Scotiabank', '058': 'Banregio',
  '059': 'Invex', '060': 'Bansi', '062': 'Afirme', '072': 'Banorte', '102': 'Accendo Banco', '103': 'American Express',
  '106': 'Bank of America', '108': 'MUFG', '110': 'J.P. Morgan', '112': 'Banco Monex', '113': 'Ve por Más',
  '124': 'Deutsche Bank', '126': 'Credit Suisse', '127': 'Banco Azteca', '128': 'Autofin', '129': 'Barclays',
  '130': 'Compartamos', '132': 'Multiva', '133': 'Actinver', '135': 'Nafin', '136': 'Intercam Banco', '137': 'BanCoppel',
  '138': 'ABC Capital', '140': 'Consubanco', '141': 'Volkswagen Bank', '143': 'CIBanco', '145': 'Banco Base',
  '147': 'Bankaool', '148': 'PagaTodo', '150': 'Banco Inmobiliario Mexicano', '151': 'Dondé Banco', '152': 'Bancrea',
  '154': 'Banco Covalto', '155': 'ICBC', '156': 'Sabadell', '157': 'Shinhan', '158': 'Mizuho', '159': 'Bank of China',
  '160': 'Banco S3', '166': 'Banco del Bienestar', '168': 'Hipotecaria Federal', '638': 'Nu México', '646': 'STP',
  '659': 'ASP Integra OPC', '722': 'Mercado Pago',
};
