import pkg from '../package.json';

/** The package version, inlined by bundlers; shown by /api/health. */
export const APP_VERSION: string = pkg.version;
