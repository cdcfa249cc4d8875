import { z } from 'zod';

// Validation messages a schema does not set itself come out in Spanish (zod's own es locale), in the server and in
// the browser alike: a person never reads a library's English default.
z.config(z.locales.es());
