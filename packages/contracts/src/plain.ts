// The contracts' pure functions and constants, without any zod schema: what the browser's
// components may import without shipping zod (the root entry defines every schema).
export * from './address-values.js';
export * from './constants.js';
export * from './episode-rules.js';
export * from './error-catalogue.js';
export * from './formats.js';
